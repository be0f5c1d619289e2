/**
 * Swedish shelf prices in öre: under 100 kr end in ,90 (19,90); under 1 000 kr whole kronor
 * ending in 9 (149:-); above that whole kronor ending in 95 (1 295:-).
 */
export function shelfPriceOre(sek: number): number {
  if (sek < 100) return Math.max(1, Math.round(sek)) * 100 - 10;
  if (sek < 1000) return (Math.round(sek / 10) * 10 - 1) * 100;
  return (Math.round(sek / 50) * 50 - 5) * 100;
}

/** Leading number of a value with decimal comma: '2,7 l' → 2.7, '45x95' → 45. */
export function leadingNumber(value: string): number | undefined {
  const m = /(\d+(?:[.,]\d+)?)/.exec(value);
  return m?.[1] ? Number(m[1].replace(',', '.')) : undefined;
}

/** Product of the two leading numbers of an AxB value: '45x95' → 4275, '900x2500 mm' → 2 250 000. */
export function areaOf(value: string): number | undefined {
  const m = /(\d+(?:[.,]\d+)?)\s*[x×]\s*(\d+(?:[.,]\d+)?)/.exec(value);
  if (!m?.[1] || !m[2]) return undefined;
  return Number(m[1].replace(',', '.')) * Number(m[2].replace(',', '.'));
}

/** Swedish landline number, e.g. 018-12 34 56, 08-123 456 78, 0980-123 45. */
export function formatPhone(areaCode: string, digits: string): string {
  const len = areaCode.length === 2 ? 8 : areaCode.length === 3 ? 6 : 5;
  const d = digits.slice(0, len).padStart(len, '1');
  if (len === 8) return `${areaCode}-${d.slice(0, 3)} ${d.slice(3, 6)} ${d.slice(6)}`;
  if (len === 6) return `${areaCode}-${d.slice(0, 2)} ${d.slice(2, 4)} ${d.slice(4)}`;
  return `${areaCode}-${d.slice(0, 3)} ${d.slice(3)}`;
}

/** Mobile number, e.g. 070-123 45 67. */
export function formatCellphone(prefix: string, digits: string): string {
  const d = digits.slice(0, 7).padStart(7, '2');
  return `${prefix}-${d.slice(0, 3)} ${d.slice(3, 5)} ${d.slice(5)}`;
}

/** Luhn check digit of a digit string (Swedish organisation numbers, GTIN uses mod 10 too). */
export function luhnDigit(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

/** EAN-13 check digit of 12 digits. */
export function ean13(twelve: string): string {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(twelve[i]) * (i % 2 === 0 ? 1 : 3);
  return twelve + String((10 - (sum % 10)) % 10);
}

/** Swedish organisationsnummer NNNNNN-NNNN with a valid check digit. */
export function orgNumber(nine: string): string {
  const d = nine + String(luhnDigit(nine));
  return `${d.slice(0, 6)}-${d.slice(6)}`;
}
