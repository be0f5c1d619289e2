import { exclVat, inclVat } from '../money.ts';

/**
 * Swedish VAT rates in basis points, as the catalogue carries them (vat_rate_bp): 25 %
 * (most goods), 12 % (food), 6 % (books, newspapers) and 0 % (gift cards are not a sale).
 */
export const VAT_RATES_BP = [2500, 1200, 600, 0] as const;
export type VatRateBp = number;

function assertRate(vatRateBp: number): void {
  if (!Number.isInteger(vatRateBp) || vatRateBp < 0 || vatRateBp > 10_000) {
    throw new RangeError(`VAT rate must be whole basis points 0–10000, got ${vatRateBp}`);
  }
}

/** The amount excl. VAT of an amount incl. VAT, rounded half away from zero to whole öre. */
export function exclVatOre(inclOre: number, vatRateBp: VatRateBp): number {
  assertRate(vatRateBp);
  return exclVat(inclOre, vatRateBp / 10_000);
}

/** The amount incl. VAT of an amount excl. VAT, rounded half away from zero to whole öre. */
export function inclVatOre(exclOre: number, vatRateBp: VatRateBp): number {
  assertRate(vatRateBp);
  return inclVat(exclOre, vatRateBp / 10_000);
}

/** The VAT in an amount incl. VAT: what is left after the excl. amount, so they always add up. */
export function vatOfInclOre(inclOre: number, vatRateBp: VatRateBp): number {
  return inclOre - exclVatOre(inclOre, vatRateBp);
}

/** The API's rate as a fraction (0.25), from basis points. */
export const vatRateFraction = (vatRateBp: VatRateBp): number => vatRateBp / 10_000;
