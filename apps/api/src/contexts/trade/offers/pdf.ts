import {
  PDFDocument,
  StandardFonts,
  rgb,
  type PDFFont,
  type PDFImage,
  type PDFPage,
} from 'pdf-lib';
import type { Offer } from '@bygg/contracts/trade/offers';
import { DEDUCTION_TYPE_LABELS } from '@bygg/contracts/trade/offers';
import { formatPrice } from '@bygg/domain/money';
import { fit } from '../invoices/pdf.ts';
import { pointsOutside, type Resolver } from '../../../lib/public-address.ts';

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 50;
const grey = rgb(0.35, 0.35, 0.35);
const LOGO_MAX_BYTES = 1_000_000;
const LOGO_TIMEOUT_MS = 3_000;

const percent = (bp: number) => `${(bp / 100).toLocaleString('sv-SE')} %`;
const hours = (h: number) => `${(h / 100).toLocaleString('sv-SE')} tim`;

/** Characters Helvetica (WinAnsi) cannot draw become '?', so a name never breaks the PDF. */
function printable(text: string, font: PDFFont): string {
  return [...text]
    .map((c) => {
      try {
        font.encodeText(c);
        return c;
      } catch {
        return '?';
      }
    })
    .join('');
}

/**
 * The company's logo (its logo_url, https only, never an internal address) as PNG or JPEG bytes, or null: a slow, large or
 * unreadable logo leaves the company's name in its place rather than failing the PDF.
 */
export async function fetchLogo(
  url: string | null,
  fetcher: typeof fetch = fetch,
  resolve?: Resolver,
): Promise<Uint8Array | null> {
  if (!url || !url.startsWith('https://')) return null;
  // An administrator types this address: the server must not fetch its own network for them.
  if (!URL.canParse(url) || !(await pointsOutside(new URL(url), resolve))) return null;
  try {
    const res = await fetcher(url, {
      signal: AbortSignal.timeout(LOGO_TIMEOUT_MS),
      redirect: 'error',
    });
    if (!res.ok) return null;
    const length = Number(res.headers.get('content-length') ?? '0');
    if (length > LOGO_MAX_BYTES) return null;
    const bytes = new Uint8Array(await res.arrayBuffer());
    return bytes.byteLength > LOGO_MAX_BYTES ? null : bytes;
  } catch {
    return null;
  }
}

async function embedLogo(doc: PDFDocument, bytes: Uint8Array | null): Promise<PDFImage | null> {
  if (!bytes || bytes.length < 4) return null;
  try {
    if (bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) {
      return await doc.embedPng(bytes);
    }
    if (bytes[0] === 0xff && bytes[1] === 0xd8) return await doc.embedJpg(bytes);
  } catch {
    return null;
  }
  return null;
}

/**
 * The offer as the end customer reads it (pdf-lib, as the invoice PDF): the company's logo or
 * name, the offer's facts, articles, work, rows, surcharge, VAT, the ROT/RUT deductions per
 * person, the öresavrundning and the amount to pay. Prices excl. VAT per line, totals both.
 */
export async function renderOfferPdf(
  offer: Offer,
  company: { name: string; logoUrl: string | null },
  logoBytes?: Uint8Array | null,
): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Offert ${offer.number}`);
  doc.setAuthor(company.name);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const logo = await embedLogo(
    doc,
    logoBytes === undefined ? await fetchLogo(company.logoUrl) : logoBytes,
  );

  let page: PDFPage = doc.addPage(A4);
  let y = A4[1] - MARGIN;
  const right = A4[0] - MARGIN;
  const text = (
    value: string,
    x: number,
    o: { size?: number; bold?: boolean; right?: boolean; color?: ReturnType<typeof rgb> } = {},
  ) => {
    const size = o.size ?? 10;
    const f = o.bold ? bold : font;
    const v = printable(value, f);
    const at = o.right ? x - f.widthOfTextAtSize(v, size) : x;
    page.drawText(v, { x: at, y, size, font: f, color: o.color ?? rgb(0, 0, 0) });
  };
  const room = (needed: number) => {
    if (y < MARGIN + needed) {
      page = doc.addPage(A4);
      y = A4[1] - MARGIN;
    }
  };

  if (logo) {
    const scale = Math.min(160 / logo.width, 50 / logo.height, 1);
    page.drawImage(logo, {
      x: MARGIN,
      y: y - logo.height * scale + 12,
      width: logo.width * scale,
      height: logo.height * scale,
    });
  } else {
    text(company.name, MARGIN, { size: 16, bold: true });
  }
  text('OFFERT', right, { size: 16, bold: true, right: true });
  y -= 50;

  const facts: Array<[string, string]> = [
    [
      'Offertnummer',
      offer.version > 1 ? `${offer.number} (version ${offer.version})` : offer.number,
    ],
    ['Datum', (offer.sent_at ?? offer.updated_at).slice(0, 10)],
    ['Giltig till', offer.valid_until],
    ...(offer.project
      ? ([['Projekt', `${offer.project.number} ${offer.project.name}`]] as Array<[string, string]>)
      : []),
  ];
  const top = y;
  [offer.end_customer.name, offer.end_customer.email].filter(Boolean).forEach((line, i) => {
    y = top - i * 14;
    text(line, MARGIN, { bold: i === 0 });
  });
  facts.forEach(([label, value], i) => {
    y = top - i * 14;
    text(label, 300, { color: grey });
    text(fit(value, font, 10, right - 390), right, { right: true });
  });
  y = top - Math.max(2, facts.length) * 14 - 20;
  text(offer.title, MARGIN, { size: 13, bold: true });
  y -= 18;
  for (const line of offer.message.split('\n').slice(0, 12)) {
    room(20);
    text(fit(line, font, 10, right - MARGIN), MARGIN);
    y -= 13;
  }
  y -= 10;

  const col = { title: MARGIN, quantity: 360, price: 450, sum: right };
  const section = (heading: string, qty: string, price: string) => {
    room(60);
    text(heading, col.title, { bold: true });
    text(qty, col.quantity, { bold: true, right: true });
    text(price, col.price, { bold: true, right: true });
    text('Summa', col.sum, { bold: true, right: true });
    y -= 6;
    page.drawLine({ start: { x: MARGIN, y }, end: { x: right, y }, thickness: 0.5, color: grey });
    y -= 14;
  };
  const line = (title: string, qty: string, price: string, sum: number) => {
    room(40);
    text(fit(title, font, 10, col.quantity - col.title - 60), col.title);
    text(qty, col.quantity, { right: true });
    text(price, col.price, { right: true });
    text(formatPrice(sum), col.sum, { right: true });
    y -= 14;
  };
  text('Belopp exkl. moms', right, { size: 8, right: true, color: grey });
  y -= 14;
  if (offer.items.length > 0) {
    section('Material', 'Antal', 'À-pris');
    for (const i of offer.items) {
      line(i.title, `${i.quantity} ${i.unit}`, formatPrice(i.unit_price_ore), i.sum_ore);
    }
    y -= 8;
  }
  if (offer.work.length > 0) {
    section('Arbete', 'Tid', 'Timpris');
    for (const w of offer.work) {
      const tag = w.deduction_type ? ` (${w.deduction_type.toUpperCase()})` : '';
      line(`${w.title}${tag}`, hours(w.hours_hundredths), formatPrice(w.rate_ore), w.sum_ore);
    }
    y -= 8;
  }
  if (offer.rows.length > 0) {
    section('Övrigt', '', '');
    for (const r of offer.rows) line(r.text, '', '', r.amount_ore);
    y -= 8;
  }

  room(220);
  y -= 6;
  page.drawLine({ start: { x: 300, y }, end: { x: right, y }, thickness: 0.5, color: grey });
  y -= 16;
  const total = (label: string, value: number, strong = false) => {
    room(30);
    text(label, 300, { bold: strong });
    text(formatPrice(value), right, { right: true, bold: strong });
    y -= 14;
  };
  const t = offer.totals;
  if (t.surcharge_ore !== 0) {
    total('Summa rader exkl. moms', t.subtotal_ore);
    total(
      offer.surcharge.type === 'percent' && offer.surcharge.percent_bp !== null
        ? `Påslag ${percent(offer.surcharge.percent_bp)}`
        : 'Påslag',
      t.surcharge_ore,
    );
  }
  total('Summa exkl. moms', t.total_excl_vat_ore);
  total('Moms', t.vat_ore);
  total('Summa inkl. moms', t.total_incl_vat_ore, true);
  for (const d of offer.deductions) {
    const label = `${DEDUCTION_TYPE_LABELS[d.type]} ${d.person_name}`;
    total(fit(label, font, 10, right - 390), -d.amount_ore);
  }
  if (t.rounding_ore !== 0) total('Öresavrundning', t.rounding_ore);
  y -= 4;
  total('Att betala', t.to_pay_ore, true);
  if (offer.deductions.length > 0) {
    y -= 10;
    room(40);
    const rates = `ROT ${percent(t.rot_rate_bp)}, RUT ${percent(t.rut_rate_bp)} av arbetskostnaden inkl. moms`;
    text(`Skattereduktion enligt Skatteverkets regler: ${rates}.`, MARGIN, {
      size: 8,
      color: grey,
    });
    y -= 11;
    text('Avdraget förutsätter att köparen har rätt till det.', MARGIN, { size: 8, color: grey });
  }
  return doc.save();
}
