import type { Page } from '@playwright/test';
import { test, expect, expectNoAxeViolations } from './fixtures';
import { mailedLinkTo, mailsSoFar } from './support/mail';
import { logInByKeyboard, secondContext, storeSlug } from './support/trade';

// End customers (issue 19, ADR 039), by keyboard at 1280 and 390 px with the axe scan: the
// trade user adds a customer, creates a project for them with a picture and invites them; the
// end customer opens the mailed link in their own browser, sees the project and the picture,
// accepts the terms and writes a message with a picture and a PDF; the trade user reads it in
// the project's thread and answers, and the answer reaches the end customer's open page.

const OLLE = { username: 'olle.lindqvist@lindqvistbygg.example', password: 'Anvandare2026!' };

/** A small real PNG (48×32, red). */
const PNG_RED = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAADAAAAAgCAIAAADbtmxLAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAASUlEQVR4nO2WAQkAQAwCF8cQ9udifYw942ABRPTc0Hx1s64ABUWHaoawZVnHD4IxOlQzhC3LOoTwQYsO1QxhyyKHIhjrdHB4XB8OYAhq4cUJ/gAAAABJRU5ErkJggg==',
  'base64',
);

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

async function shot(page: Page, name: string) {
  await page.screenshot({
    path: `test-results/end-customer-${name}-${test.info().project.name}.png`,
    fullPage: true,
  });
}

test.describe('end customers', () => {
  test('the trade user invites the end customer, who opens the project and writes @mobile', async ({
    page,
    context,
    baseURL,
  }) => {
    // A long flow in two browsers (two logins' worth of pages): more time than one page's test.
    test.setTimeout(240_000);
    const slug = await storeSlug(page, 'Stockholm');
    const dashboard = `/butiker/${slug}/dashboard`;
    await logInByKeyboard(page, OLLE, `${dashboard}/kunder`);
    const run = `${test.info().project.name}-${Date.now()}`;
    const customerName = `Eva Ek ${run}`;
    const email = `eva.${run}@kund.example`;

    // The register: add a customer (the personal identity number is checked once left).
    await expect(page.getByRole('heading', { level: 1, name: 'Kunder' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: 'Lägg till kund' }).press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Lägg till kund' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await page.getByLabel('Namn').focus();
    await page.keyboard.type(customerName);
    await page.getByLabel('E-post').fill(email);
    await page.getByLabel('Personnummer').fill('19811218-9875');
    await page.keyboard.press('Tab');
    await expect(page.getByText('Ange personnumret med tolv siffror')).toBeVisible();
    await page.getByLabel('Personnummer').fill('19811218-9876');
    await expectNoAxeViolations(page);
    await shot(page, 'customer-create');
    await page.getByRole('button', { name: 'Spara kund' }).press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: customerName })).toBeVisible({
      timeout: 30_000,
    });
    await expect(page.getByText('Sparat: 19811218-****', { exact: false })).toBeVisible();
    await expectNoAxeViolations(page);

    // A project for the customer, with a picture.
    await page.goto(`${dashboard}/projekt/skapa`);
    await page.waitForLoadState('networkidle');
    const projectName = `Altan ${run}`;
    await page.getByLabel('Projektnamn').fill(projectName);
    await page.getByLabel('Kund i kundregistret').selectOption({ label: customerName });
    await page.getByRole('button', { name: 'Skapa projekt' }).press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: projectName })).toBeVisible({
      timeout: 30_000,
    });
    const projectUrl = page.url();
    await page.getByRole('link', { name: /^Bilder/ }).press('Enter');
    await page
      .getByLabel('Välj bilder')
      .setInputFiles([{ name: 'altan.png', mimeType: 'image/png', buffer: PNG_RED }]);
    await page.getByRole('button', { name: 'Ladda upp' }).press('Enter');
    await expect(
      page.getByRole('status').filter({ hasText: 'Bilderna är uppladdade.' }),
    ).toBeVisible();

    // The invitation.
    await page.goto(projectUrl);
    await page.waitForLoadState('networkidle');
    const before = await mailsSoFar();
    await page.getByRole('button', { name: 'Bjud in kunden' }).press('Enter');
    await expect(
      page.getByRole('status').filter({ hasText: 'Inbjudan har skickats till kunden.' }),
    ).toBeVisible();
    await expectNoAxeViolations(page);
    await shot(page, 'invited');
    const link = await mailedLinkTo(email, before, /\/kund\/[^\s?]+\?token=[\w-]+/);

    // The end customer, in a browser of their own: the token leaves the address.
    const customerContext = await secondContext(context, baseURL ?? '');
    const customer = await customerContext.newPage();
    await customer.goto(link);
    await expect(customer).not.toHaveURL(/token=/);
    await expect(customer.getByRole('heading', { level: 1, name: projectName })).toBeVisible();
    await expect(customer.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    await expect(customer.getByText(customerName).first()).toBeVisible();
    const picture = customer.getByRole('button', { name: 'Visa altan.png i stort format' });
    await expect(picture).toBeVisible();
    await expect
      .poll(() => picture.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
    await expectNoAxeViolations(customer);
    await shot(customer, 'customer-view');
    await customer.waitForLoadState('networkidle');
    await picture.focus();
    await customer.keyboard.press('Enter');
    await expect(customer.getByRole('dialog')).toBeVisible();
    await customer.keyboard.press('Escape');
    await expect(customer.getByRole('dialog')).toHaveCount(0);

    // The terms, then a message: by keyboard, a line break with Shift+Enter, two files (a
    // picture and a PDF), sent with Enter; nothing is sent without text or a file.
    await customer.getByRole('button', { name: 'Jag godkänner villkoren' }).press('Enter');
    await expect(customer.getByText('Du godkände villkoren', { exact: false })).toBeVisible();
    const composer = customer.getByRole('textbox', { name: 'Skriv ett meddelande' });
    const send = customer.getByRole('button', { name: 'Skicka' });
    await expect(send).toBeDisabled();
    await customer.locator('input[type="file"]').setInputFiles([
      { name: 'skiss.png', mimeType: 'image/png', buffer: PNG_RED },
      { name: 'matt.pdf', mimeType: 'application/pdf', buffer: PDF },
    ]);
    await expect(
      customer.getByRole('list', { name: 'Valda filer' }).getByRole('listitem'),
    ).toHaveCount(2);
    await composer.focus();
    const text = `Hej! När börjar ni? ${run}`;
    await customer.keyboard.type(text);
    await customer.keyboard.press('Shift+Enter');
    await customer.keyboard.type('Skiss och mått bifogade.');
    await expect(composer).toHaveValue(`${text}\nSkiss och mått bifogade.`);
    await customer.keyboard.press('Enter');
    const log = customer.getByRole('log', { name: 'Meddelanden i konversationen' });
    await expect(log.getByText(text)).toBeVisible({ timeout: 20_000 });
    await expect(composer).toHaveValue('');
    await expect(customer.getByRole('list', { name: 'Valda filer' })).toHaveCount(0);
    const pdf = log.getByRole('link', { name: 'matt.pdf' });
    await expect(pdf).toBeVisible();
    const thumbnail = log.getByRole('img', { name: 'skiss.png' });
    await expect
      .poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
    // The files are served to the conversation's participants only: not to another browser.
    const pdfPath = (await pdf.getAttribute('href')) ?? '';
    expect((await customer.request.get(pdfPath)).status()).toBe(200);
    expect((await page.request.get(pdfPath)).status()).toBe(401);
    const messagesPath = `${new URL(customer.url()).pathname}/meddelanden`;
    const intruder = await page.request.post(messagesPath, { multipart: { text: 'Intrång' } });
    expect(intruder.status()).toBe(401);
    await expectNoAxeViolations(customer);
    await shot(customer, 'customer-message');

    // The trade user finds the message in the project's thread and answers it.
    const projectId = new URL(projectUrl).pathname.split('/').filter(Boolean).at(-1) ?? '';
    await page.goto(`${dashboard}/meddelanden?projekt=${projectId}`);
    await page.waitForLoadState('networkidle');
    const thread = page.getByRole('button', { name: new RegExp(customerName) });
    await expect(thread).toContainText(text);
    await thread.press('Enter');
    const tradeLog = page.getByRole('log', { name: 'Meddelanden i konversationen' });
    await expect(tradeLog.getByText('Skiss och mått bifogade.')).toBeVisible();
    await expect(tradeLog.getByRole('link', { name: 'matt.pdf' })).toBeVisible();
    await expect(tradeLog.getByRole('img', { name: 'skiss.png' })).toBeVisible();
    await expectNoAxeViolations(page);
    const answer = `Vi börjar på måndag. ${run}`;
    await page.getByRole('textbox', { name: 'Skriv ett meddelande' }).focus();
    await page.keyboard.type(answer);
    await page.keyboard.press('Enter');
    await expect(tradeLog.getByText(answer)).toBeVisible();

    // The end customer's open page polls (every 30 s) and shows the answer without a reload.
    await expect(log.getByText(answer)).toBeVisible({ timeout: 45_000 });
    await customer.getByRole('link', { name: 'Läs integritetspolicyn' }).press('Enter');
    await expect(customer).toHaveURL(/\/integritetspolicy$/);
    await customerContext.close();

    // The message is also an event for the trade user.
    await page.goto(`${dashboard}/handelser`);
    await expect(page.getByText('Nytt meddelande från kund').first()).toBeVisible();
  });
});
