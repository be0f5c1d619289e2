import { writeFile } from 'node:fs/promises';
import { test, expect, expectNoAxeViolations } from './fixtures';
import { logInByKeyboard, storeSlug } from './support/trade';

// The store's invoices and their payments (ADR 055), by keyboard at 1280 and 390 px with the
// axe scan: the staff register part of an open invoice by hand, then read in a BgMax file
// from Bankgirot that pays the rest by OCR; the same file read again books nothing.

const EVA = { username: 'eva.stromberg@timmerkedjan.example', password: 'Butik2026!' };
/** The store chain's bankgiro (packages/domain organisations.ts): the file's payee. */
const BANKGIRO = '0005050109';

/** '1 234:50' or '1 234:-' (the page's formatPrice) → öre. */
const toOre = (text: string) => {
  const [kronor = '', ore = '-'] = text.replace(/[\s\u00a0]/g, '').split(':');
  return Number(kronor) * 100 + (ore === '-' ? 0 : Number(ore));
};

/** A BgMax file with one payment, as Bankgirot writes it (80-character records). */
function bgmaxFile(ocr: string, amountOre: number, serial: string, paidOn: string): string {
  const pad = (s: string) => s.padEnd(80);
  const z = (v: number | string, n: number) => String(v).padStart(n, '0');
  const day = paidOn.replace(/-/g, '');
  return [
    pad(`01${'BGMAX'.padEnd(20)}01${day}060000000000P`),
    pad(`05${BANKGIRO}${' '.repeat(10)}SEK`),
    pad(`20${z(0, 10)}${ocr.padEnd(25)}${z(amountOre, 18)}21${z(serial, 12)}0`),
    pad(`15${z(0, 35)}${day}${z(1, 5)}${z(amountOre, 18)}SEK${z(1, 8)}`),
    pad(`70${z(1, 8)}${z(0, 8)}${z(0, 8)}${z(1, 8)}`),
  ].join('\r\n');
}

test.describe("the store's invoices", () => {
  test('staff register a part payment by hand and read in a BgMax file for the rest @mobile', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const project = test.info().project.name;
    const slug = await storeSlug(page, 'Stockholm');
    await logInByKeyboard(page, EVA, `/butik/${slug}/fakturor`);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Fakturor och inbetalningar' }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Fakturor' })).toHaveAttribute(
      'aria-current',
      'page',
    );

    // Only the open invoices; the first has the earliest due date.
    const filters = page.getByRole('form', { name: 'Sök fakturor' });
    await filters.getByRole('combobox', { name: 'Status' }).selectOption('obetalda');
    await filters.getByRole('button', { name: 'Sök', exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/status=obetalda/);
    const table = page.getByRole('region', { name: 'Tabell över fakturor' });
    const row = table.getByRole('row').nth(1);
    const number = (await row.getByRole('rowheader').innerText()).trim();
    const cells = row.getByRole('cell');
    const ocr = (await cells.nth(1).innerText()).replace(/\D/g, '');
    const open = toOre(await cells.nth(6).innerText());
    expect(open).toBeGreaterThan(10_000);
    await expectNoAxeViolations(page);

    // 100 kr by hand (Swish in the store).
    await page.getByLabel('Fakturanummer').focus();
    await page.keyboard.type(number);
    await page.getByLabel('Belopp (kr)').focus();
    await page.keyboard.type('100');
    await page.getByLabel('Notering (valfri)').focus();
    await page.keyboard.type('Swish i butiken');
    await page.getByRole('button', { name: 'Registrera betalning' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText(new RegExp(`Kvar att betala på faktura ${number}:`))).toBeVisible();

    // A wrong amount is refused in the form and said where.
    await page.getByLabel('Fakturanummer').fill(number);
    await page.getByLabel('Belopp (kr)').fill('tolv');
    await page.getByRole('button', { name: 'Registrera betalning' }).click();
    await expect(page.getByText('Ange beloppet i kronor, till exempel 1250,50')).toBeVisible();
    await expect(page.getByLabel('Belopp (kr)')).toHaveAttribute('aria-invalid', 'true');

    // The rest through Bankgirot's file.
    const today = new Date().toISOString().slice(0, 10);
    const file = test.info().outputPath(`bgmax-${project}.txt`);
    await writeFile(
      file,
      bgmaxFile(ocr, open - 10_000, `${Date.now()}`.slice(-12), today),
      'latin1',
    );
    await page.getByLabel('BgMax-fil').setInputFiles(file);
    await page.getByRole('button', { name: 'Läs in filen' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText(/^1 av 1 betalningar bokfördes/)).toBeVisible();
    const result = page.getByRole('region', { name: 'Tabell över betalningar i filen' });
    await expect(result.getByText('Bokförd', { exact: true })).toBeVisible();
    await expect(result.getByText(new RegExp(`${number}, .* \\(betald\\)`))).toBeVisible();
    await expectNoAxeViolations(page);
    await page.screenshot({ path: `test-results/store-invoices-${project}.png`, fullPage: true });

    // The same file again: nothing is booked twice.
    await page.getByLabel('BgMax-fil').setInputFiles(file);
    await page.getByRole('button', { name: 'Läs in filen' }).click();
    await expect(page.getByText(/^0 av 1 betalningar bokfördes/)).toBeVisible();
    await expect(result.getByText('Redan inläst', { exact: true }).first()).toBeVisible();

    // The invoice is paid now.
    await page.goto(`/butik/${slug}/fakturor?status=betalda&sok=${number}`);
    await expect(
      page
        .getByRole('region', { name: 'Tabell över fakturor' })
        .getByText('Betald', { exact: true }),
    ).toBeVisible();
  });
});
