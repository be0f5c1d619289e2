import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { test, expect, expectNoAxeViolations } from './fixtures';
import { logInByKeyboard, storeSlug } from './support/trade';

// Projects (issue 18), by keyboard at 1280 and 390 px with the axe scan on every page: the
// list with search, creating a project (a field error shown once touched), uploading two
// pictures and seeing them in the lightbox (arrows, Escape), uploading a PDF and downloading
// it and all documents as a zip; the job cost and the empty orders tab.

const OLLE = { username: 'olle.lindqvist@lindqvistbygg.example', password: 'Anvandare2026!' };

/** Two small real PNGs (48×32, red and blue) and a one-page PDF. */
const PNG_RED = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAADAAAAAgCAIAAADbtmxLAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAASUlEQVR4nO2WAQkAQAwCF8cQ9udifYw942ABRPTc0Hx1s64ABUWHaoawZVnHD4IxOlQzhC3LOoTwQYsO1QxhyyKHIhjrdHB4XB8OYAhq4cUJ/gAAAABJRU5ErkJggg==',
  'base64',
);
const PNG_BLUE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAADAAAAAgCAIAAADbtmxLAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAASUlEQVR4nO2WAQkAQAwCF8dMJr5YH2PPOFgAET03KV/drCuIgtChmqHYMtbxE8GIDtUMxZaxDqH4oKFDNUOxZcghBGOdjhwe1wctiLxqVors7QAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  'latin1',
);

async function shot(page: Page, name: string) {
  await page.screenshot({
    path: `test-results/projects-${name}-${test.info().project.name}.png`,
    fullPage: true,
  });
}

test.describe('projects', () => {
  test('a user creates a project, uploads pictures and a PDF, sees and downloads them @mobile', async ({
    page,
  }) => {
    const slug = await storeSlug(page, 'Stockholm');
    const list = `/butiker/${slug}/dashboard/projekt`;
    await logInByKeyboard(page, OLLE, list);

    // The list: the seeded projects Olle has access to, and a search.
    await expect(page.getByRole('heading', { level: 1, name: 'Projekt' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Köksrenovering Villa Ek' })).toBeVisible();
    await expectNoAxeViolations(page);
    await shot(page, 'list');
    const search = page.getByRole('search', { name: 'Sök bland projekten' });
    await search.getByRole('searchbox', { name: 'Sök' }).focus();
    await page.keyboard.type('Björken');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/sok=Bj/);
    await expect(page.getByRole('link', { name: 'Takbyte Brf Björken' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Köksrenovering Villa Ek' })).toHaveCount(0);
    await search.getByRole('searchbox', { name: 'Sök' }).fill('finns-inte-alls');
    await search.getByRole('button', { name: 'Sök', exact: true }).press('Enter');
    await expect(page.getByText('Inga projekt matchar sökningen.')).toBeVisible();

    // Create: the postcode's error shows once the field is left; the name is required.
    await page.getByRole('link', { name: 'Skapa projekt' }).first().press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Skapa projekt' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    const name = `Badrum ${test.info().project.name} ${Date.now()}`;
    await page.getByLabel('Projektnamn').focus();
    await page.keyboard.type(name);
    await page.getByLabel('Slutkund', { exact: true }).fill('Familjen Test');
    await page.getByLabel('Postnummer').fill('123');
    await page.keyboard.press('Tab');
    await expect(page.getByText('Postnumret ska vara fem siffror')).toBeVisible();
    await expectNoAxeViolations(page);
    await shot(page, 'create');
    await page.getByLabel('Postnummer').fill('123 45');
    await page.getByLabel('Ort').fill('Nacka');
    await page.getByRole('button', { name: 'Skapa projekt' }).press('Enter');
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expect(page.getByText('12345 Nacka')).toBeVisible();
    await expectNoAxeViolations(page);
    await shot(page, 'overview');
    // The job cost: nothing ordered yet; Olle has the orders right, not the offers right.
    await expect(page.getByText('Beställt exkl. moms')).toBeVisible();
    await expect(page.getByText('0 ordrar')).toBeVisible();
    await expect(page.getByText('Offererat exkl. moms')).toHaveCount(0);

    // The project's orders: none yet, said so; no quotes tab without the offers right.
    const tabs = page.getByRole('navigation', { name: 'Projektets delar' });
    await expect(tabs.getByRole('link', { name: 'Offerter', exact: true })).toHaveCount(0);
    await tabs.getByRole('link', { name: 'Ordrar', exact: true }).press('Enter');
    await expect(page.getByText('Inga ordrar är kopplade till projektet.')).toBeVisible();
    await expectNoAxeViolations(page);
    await shot(page, 'orders');

    // Pictures: two at once, then the lightbox by keyboard.
    await page.getByRole('link', { name: /^Bilder/ }).press('Enter');
    await expect(page.getByText('Projektet har inga bilder ännu.')).toBeVisible();
    await page.getByLabel('Välj bilder').setInputFiles([
      { name: 'före.png', mimeType: 'image/png', buffer: PNG_RED },
      { name: 'efter.png', mimeType: 'image/png', buffer: PNG_BLUE },
    ]);
    await page.getByRole('button', { name: 'Ladda upp' }).press('Enter');
    await expect(
      page.getByRole('status').filter({ hasText: 'Bilderna är uppladdade.' }),
    ).toBeVisible();
    const opener = page.getByRole('button', { name: /^Visa .* i stort format$/ });
    await expect(opener).toHaveCount(2);
    await expectNoAxeViolations(page);
    await shot(page, 'images');
    await opener.first().focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('heading')).toContainText('bild 1 av 2');
    await page.keyboard.press('ArrowRight');
    await expect(dialog.getByRole('heading')).toContainText('bild 2 av 2');
    await expectNoAxeViolations(page);
    await shot(page, 'lightbox');
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(opener.first()).toBeFocused();

    // Documents: a PDF uploaded, downloaded, then all documents as a zip.
    await page.getByRole('link', { name: /^Dokument/ }).press('Enter');
    await expect(page.getByText('Projektet har inga dokument ännu.')).toBeVisible();
    await page.getByLabel('Välj dokument').setInputFiles({
      name: 'Ritning kök.pdf',
      mimeType: 'application/pdf',
      buffer: PDF,
    });
    await page.getByRole('button', { name: 'Ladda upp' }).press('Enter');
    await expect(
      page.getByRole('status').filter({ hasText: 'Dokumenten är uppladdade.' }),
    ).toBeVisible();
    const link = page.getByRole('link', { name: 'Ritning kök.pdf' });
    await expect(link).toBeVisible();
    await expectNoAxeViolations(page);
    await shot(page, 'documents');
    await link.focus();
    const [pdf] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
    expect(pdf.suggestedFilename()).toBe('Ritning kök.pdf');
    expect((await readFile(await pdf.path())).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const [zip] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Ladda ner alla dokument (zip)' }).press('Enter'),
    ]);
    expect(zip.suggestedFilename()).toMatch(/^P-\d+ dokument\.zip$/);
    expect((await readFile(await zip.path())).subarray(0, 2).toString('latin1')).toBe('PK');
  });
});
