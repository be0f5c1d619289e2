/**
 * OCI 4.0 (Open Catalog Interface) punch-out (issue 22, ADR 043): the cart goes back to the
 * buyer's purchasing system as a form of NEW_ITEM-… fields posted to its HOOK_URL. Pure: the
 * fields of a cart; the API checks the session and the page posts them.
 */

export type OciLine = {
  /** The 7-digit article number, the shop's material number (NEW_ITEM-VENDORMAT). */
  articleId: number;
  title: string;
  quantity: number;
  /** Swedish sales unit: st, pkt, lpm, m², … */
  unit: string;
  /** One unit's price excl. VAT in öre: a purchasing system books net amounts and adds tax. */
  unitPriceExclVatOre: number;
  vatRate: number;
  category: string | null;
  /** Made to order: the lead time in days (NEW_ITEM-LEADTIME), else null. */
  leadTimeDays: number | null;
};

export type OciField = { name: string; value: string };

/** OCI's description field holds 40 characters; the whole title goes in the long text. */
export const OCI_DESCRIPTION_LENGTH = 40;

/** UN/ECE Recommendation 20 unit codes for the shop's sales units (OCI NEW_ITEM-UNIT). */
const UNIT_CODES: Record<string, string> = {
  st: 'PCE',
  pkt: 'PK',
  paket: 'PK',
  förp: 'PK',
  lpm: 'MTR',
  m: 'MTR',
  'm²': 'MTK',
  m2: 'MTK',
  'm³': 'MTQ',
  m3: 'MTQ',
  kg: 'KGM',
  l: 'LTR',
  rle: 'RO',
  rulle: 'RO',
  säck: 'SA',
  pall: 'PF',
  set: 'SET',
  par: 'PR',
};

export function ociUnit(unit: string): string {
  return UNIT_CODES[unit.trim().toLowerCase()] ?? 'PCE';
}

/** An öre amount as OCI wants it: decimal point, two decimals, no grouping. */
export function ociAmount(ore: number): string {
  if (!Number.isSafeInteger(ore)) throw new RangeError(`not an öre amount: ${ore}`);
  const sign = ore < 0 ? '-' : '';
  const abs = Math.abs(ore);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** The NEW_ITEM fields of the cart's lines, numbered from 1 as OCI's index [n]. */
export function ociFields(lines: readonly OciLine[], currency = 'SEK'): OciField[] {
  return lines.flatMap((line, i) => {
    const n = i + 1;
    const f = (name: string, value: string): OciField => ({
      name: `NEW_ITEM-${name}[${n}]`,
      value,
    });
    const fields = [
      f('DESCRIPTION', line.title.slice(0, OCI_DESCRIPTION_LENGTH)),
      f('QUANTITY', String(line.quantity)),
      f('UNIT', ociUnit(line.unit)),
      f('PRICE', ociAmount(line.unitPriceExclVatOre)),
      f('PRICEUNIT', '1'),
      f('CURRENCY', currency),
      f('VENDORMAT', String(line.articleId)),
      f('TAX', String(Math.round(line.vatRate * 100))),
      f('MATGROUP', line.category ?? ''),
    ];
    if (line.leadTimeDays !== null) fields.push(f('LEADTIME', String(line.leadTimeDays)));
    // The whole title: OCI's long text field is NEW_ITEM-LONGTEXT_n:132[].
    fields.push({ name: `NEW_ITEM-LONGTEXT_${n}:132[]`, value: line.title });
    return fields;
  });
}

/**
 * Whether a HOOK_URL may be posted to: http(s) only, no user info, and its host (with the
 * port when one is given in the allowed entry) among the buyer's allowed hosts.
 */
export function hookUrlProblem(hookUrl: string, allowedHosts: readonly string[]): string | null {
  let url: URL;
  try {
    url = new URL(hookUrl);
  } catch {
    return 'HOOK_URL är inte en giltig adress';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return 'HOOK_URL måste börja med https:// eller http://';
  }
  if (url.username || url.password) return 'HOOK_URL får inte innehålla inloggningsuppgifter';
  const host = url.hostname.toLowerCase();
  const hostPort = url.port ? `${host}:${url.port}` : host;
  const allowed = allowedHosts.map((h) => h.toLowerCase());
  if (!allowed.includes(host) && !allowed.includes(hostPort)) {
    return `HOOK_URL pekar på ${host}, som inte är godkänd för det här inköpssystemet`;
  }
  return null;
}
