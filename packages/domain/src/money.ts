/**
 * Money is integer öre (1 SEK = 100 öre) everywhere; floats never carry an amount.
 * Formatting follows storefront.md §5 "Prices": thousands separated by non-breaking
 * spaces, decimals after a colon, whole amounts end with ':-'.
 */

/** U+00A0, so a price never wraps between its thousands groups. */
export const NBSP = '\u00a0';
export const CURRENCY = 'SEK';
/** Swedish standard VAT rate (storefront.md §9 and issue 2: 25 %). */
export const VAT_RATE_STANDARD = 0.25;
/**
 * The label of a price excl. VAT: storefront.md §6 / trade-area.md §6 say 'excl. VAT'; the shop
 * speaks Swedish, so it reads 'exkl. moms' as the receipt does (issue 22).
 */
export const VAT_LABEL = 'exkl. moms';
/** The label of a price incl. VAT (where a label is shown, it says what the price is). */
export const VAT_INCL_LABEL = 'inkl. moms';

/** The label that says what a price is: 'exkl. moms' for an excl.-VAT amount, else 'inkl. moms'. */
export function vatLabelFor(exclVat: boolean): string {
  return exclVat ? VAT_LABEL : VAT_INCL_LABEL;
}

function assertOre(ore: number, name = 'amount'): void {
  if (!Number.isSafeInteger(ore)) {
    throw new RangeError(`${name} must be a safe integer number of öre, got ${ore}`);
  }
}

/** Integer division rounding half away from zero, exact for any safe integers. */
function roundDiv(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  let q = n / d;
  if ((n % d) * 2n >= d) q += 1n;
  return negative ? -q : q;
}

/** VAT rates are whole basis points (25 % = 2500); anything finer is a data error. */
function rateToBasisPoints(rate: number): bigint {
  if (!Number.isFinite(rate) || rate < 0 || rate > 1) {
    throw new RangeError(`VAT rate must be between 0 and 1, got ${rate}`);
  }
  return BigInt(Math.round(rate * 10_000));
}

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, NBSP);
}

/**
 * '1 295:-' for whole kronor, '19:90' otherwise (nbsp between thousands groups).
 * Negative amounts get a leading hyphen-minus: '-19:90'.
 */
export function formatPrice(ore: number): string {
  assertOre(ore);
  const sign = ore < 0 ? '-' : '';
  const abs = Math.abs(ore);
  const kronor = groupThousands(String(Math.floor(abs / 100)));
  const rest = abs % 100;
  return `${sign}${kronor}:${rest === 0 ? '-' : String(rest).padStart(2, '0')}`;
}

/** The excl.-VAT variant: '1 295:- excl. VAT'. The caller passes the excl.-VAT amount. */
export function formatPriceWithVatLabel(ore: number): string {
  return `${formatPrice(ore)}${NBSP}${VAT_LABEL}`;
}

/** Price excluding VAT from a price including it, rounded half away from zero to whole öre. */
export function exclVat(inclOre: number, rate: number = VAT_RATE_STANDARD): number {
  assertOre(inclOre);
  const bp = rateToBasisPoints(rate);
  return Number(roundDiv(BigInt(inclOre) * 10_000n, 10_000n + bp));
}

/** Price including VAT from a price excluding it, rounded half away from zero to whole öre. */
export function inclVat(exclOre: number, rate: number = VAT_RATE_STANDARD): number {
  assertOre(exclOre);
  const bp = rateToBasisPoints(rate);
  return Number(roundDiv(BigInt(exclOre) * (10_000n + bp), 10_000n));
}

/** The VAT contained in a price including VAT (what the purchase event reports as tax). */
export function vatPortion(inclOre: number, rate: number = VAT_RATE_STANDARD): number {
  return inclOre - exclVat(inclOre, rate);
}

/** Quantities are resolved to 0.001 of a unit (e.g. 2.5 m², 12.125 lpm). */
const QUANTITY_SCALE = 1000;

function quantityToMillis(quantity: number): bigint {
  if (!Number.isFinite(quantity) || quantity <= 0) {
    throw new RangeError(`quantity must be a positive number, got ${quantity}`);
  }
  return BigInt(Math.round(quantity * QUANTITY_SCALE));
}

/** Price per unit of a total for a quantity, e.g. a pack of 2.5 m² → price per m². */
export function unitPrice(totalOre: number, quantity: number): number {
  assertOre(totalOre);
  const millis = quantityToMillis(quantity);
  if (millis === 0n) throw new RangeError(`quantity is too small: ${quantity}`);
  return Number(roundDiv(BigInt(totalOre) * BigInt(QUANTITY_SCALE), millis));
}

/** Line total of a unit price times a quantity, rounded to whole öre. */
export function lineTotal(unitOre: number, quantity: number): number {
  assertOre(unitOre);
  return Number(roundDiv(BigInt(unitOre) * quantityToMillis(quantity), BigInt(QUANTITY_SCALE)));
}

const SEK_PATTERN =
  /^(-)?(\d{1,3}(?:[ \u00a0\u202f]\d{3})+|\d+)(?:([,.:])(\d{1,2}|-))?(?:\s*(?:kr|sek))?$/i;

/**
 * Parses a Swedish shelf price into öre: '1 295,50', '149:-', '19,90', '19:90', '1 295 kr'.
 * Thousands groups may be separated by space, nbsp or narrow nbsp; decimals by ',', ':' or '.'.
 * Returns null for anything else (more than two decimals, stray characters, empty input).
 */
export function parseSekToOre(input: string): number | null {
  const match = SEK_PATTERN.exec(input.trim());
  if (!match) return null;
  const [, minus, whole = '', separator, fraction] = match;
  if (fraction === '-' && separator === '.') return null;
  const kronor = Number(whole.replace(/[ \u00a0\u202f]/g, ''));
  const ore = fraction === undefined || fraction === '-' ? 0 : Number(fraction.padEnd(2, '0'));
  const total = kronor * 100 + ore;
  if (!Number.isSafeInteger(total)) return null;
  return minus && total !== 0 ? -total : total;
}
