import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { formatPrice } from '@bygg/domain/money';

/** Everything printed on an invoice (ADR 027). Amounts in öre. */
export type InvoicePdfData = {
  seller: { organisation: string; store: string; bankgiro: string };
  buyer: {
    name: string;
    orgNumber: string;
    customerNumber: string | null;
    address: { street: string; postcode: string; city: string };
  };
  number: string;
  orderNumber: string | null;
  issuedOn: string;
  dueOn: string;
  ocr: string;
  lines: Array<{
    title: string;
    quantity: number;
    unit: string;
    unitPriceOre: number;
    sumOre: number;
    vatRateBp: number;
  }>;
  vat: Array<{ rateBp: number; baseOre: number; vatOre: number }>;
  netOre: number;
  vatOre: number;
  totalOre: number;
};

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 50;
const grey = rgb(0.35, 0.35, 0.35);

/** '25 %' from basis points. */
const percent = (bp: number) => `${(bp / 100).toLocaleString('sv-SE')} %`;

/** A postcode as printed: '123 45'. */
const postcode = (p: string) => (/^\d{5}$/.test(p) ? `${p.slice(0, 3)} ${p.slice(3)}` : p);

/** Cuts a text to a width in the font (long article names; the offer PDF too). */
export function fit(text: string, font: PDFFont, size: number, width: number): string {
  if (font.widthOfTextAtSize(text, size) <= width) return text;
  let cut = text;
  while (cut.length > 1 && font.widthOfTextAtSize(`${cut}…`, size) > width) cut = cut.slice(0, -1);
  return `${cut}…`;
}

/**
 * The invoice as a PDF (pdf-lib, standard Helvetica: WinAnsi covers å, ä, ö and the
 * non-breaking space of the price format). Lines run onto further pages as needed; the
 * payment block (bankgiro, OCR, amount, due date) is on the last page.
 */
export async function renderInvoicePdf(data: InvoicePdfData): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Faktura ${data.number}`);
  doc.setAuthor(data.seller.organisation);
  doc.setCreationDate(new Date(`${data.issuedOn}T00:00:00Z`));
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);

  let page: PDFPage = doc.addPage(A4);
  let y = A4[1] - MARGIN;
  const text = (
    value: string,
    x: number,
    options: {
      size?: number;
      bold?: boolean;
      right?: boolean;
      color?: ReturnType<typeof rgb>;
    } = {},
  ) => {
    const size = options.size ?? 10;
    const f = options.bold ? bold : font;
    const at = options.right ? x - f.widthOfTextAtSize(value, size) : x;
    page.drawText(value, { x: at, y, size, font: f, color: options.color ?? rgb(0, 0, 0) });
  };
  const right = A4[0] - MARGIN;

  // Header: seller, title, numbers.
  text(data.seller.organisation, MARGIN, { size: 16, bold: true });
  text('FAKTURA', right, { size: 16, bold: true, right: true });
  y -= 16;
  text(data.seller.store, MARGIN, { color: grey });
  y -= 30;

  const facts: Array<[string, string]> = [
    ['Fakturanummer', data.number],
    ['Fakturadatum', data.issuedOn],
    ['Förfallodatum', data.dueOn],
    ...(data.orderNumber ? ([['Order', data.orderNumber]] as Array<[string, string]>) : []),
    ...(data.buyer.customerNumber
      ? ([['Kundnummer', data.buyer.customerNumber]] as Array<[string, string]>)
      : []),
  ];
  const buyer = [
    data.buyer.name,
    data.buyer.address.street,
    `${postcode(data.buyer.address.postcode)} ${data.buyer.address.city}`,
    `Org.nr ${data.buyer.orgNumber}`,
  ];
  const top = y;
  buyer.forEach((line, i) => {
    y = top - i * 14;
    text(line, MARGIN, { bold: i === 0 });
  });
  facts.forEach(([label, value], i) => {
    y = top - i * 14;
    text(label, 330, { color: grey });
    text(value, right, { right: true });
  });
  y = top - Math.max(buyer.length, facts.length) * 14 - 24;

  // Lines.
  const columns = { title: MARGIN, quantity: 360, price: 450, sum: right };
  const header = () => {
    text('Benämning', columns.title, { bold: true });
    text('Antal', columns.quantity, { bold: true, right: true });
    text('À-pris', columns.price, { bold: true, right: true });
    text('Summa', columns.sum, { bold: true, right: true });
    y -= 6;
    page.drawLine({ start: { x: MARGIN, y }, end: { x: right, y }, thickness: 0.5, color: grey });
    y -= 14;
  };
  text('Belopp exkl. moms', right, { size: 8, right: true, color: grey });
  y -= 14;
  header();
  for (const line of data.lines) {
    if (y < MARGIN + 40) {
      page = doc.addPage(A4);
      y = A4[1] - MARGIN;
      header();
    }
    text(fit(line.title, font, 10, columns.quantity - columns.title - 60), columns.title);
    text(`${line.quantity} ${line.unit}`, columns.quantity, { right: true });
    text(formatPrice(line.unitPriceOre), columns.price, { right: true });
    text(formatPrice(line.sumOre), columns.sum, { right: true });
    y -= 14;
  }

  // Totals, VAT per rate, and the payment block.
  if (y < MARGIN + 200) {
    page = doc.addPage(A4);
    y = A4[1] - MARGIN;
  }
  y -= 6;
  page.drawLine({ start: { x: 300, y }, end: { x: right, y }, thickness: 0.5, color: grey });
  y -= 16;
  const total = (label: string, value: string, strong = false) => {
    text(label, 300, { bold: strong });
    text(value, right, { right: true, bold: strong });
    y -= 14;
  };
  total('Summa exkl. moms', formatPrice(data.netOre));
  for (const v of data.vat) {
    total(`Moms ${percent(v.rateBp)} på ${formatPrice(v.baseOre)}`, formatPrice(v.vatOre));
  }
  total('Moms totalt', formatPrice(data.vatOre));
  y -= 4;
  total('Att betala', formatPrice(data.totalOre), true);

  y -= 30;
  page.drawRectangle({
    x: MARGIN,
    y: y - 46,
    width: right - MARGIN,
    height: 62,
    borderColor: grey,
    borderWidth: 0.5,
  });
  const payment: Array<[string, string]> = [
    ['Bankgiro', data.seller.bankgiro],
    ['OCR-nummer', data.ocr],
    ['Att betala', formatPrice(data.totalOre)],
    ['Förfallodatum', data.dueOn],
  ];
  payment.forEach(([label, value], i) => {
    const x = MARGIN + 10 + i * ((right - MARGIN - 20) / 4);
    text(label, x, { size: 8, color: grey });
    y -= 16;
    text(value, x, { size: 11, bold: true });
    y += 16;
  });
  y -= 64;
  text('Ange OCR-numret vid betalning.', MARGIN, { size: 8, color: grey });

  return doc.save();
}
