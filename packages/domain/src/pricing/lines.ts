import { lineTotal, unitPrice } from '../money.ts';
import { exclVatOre, type VatRateBp } from './vat.ts';

/**
 * Line and total arithmetic in whole öre, as a Swedish receipt adds up: each line is unit
 * price × quantity rounded to the öre (half away from zero), its VAT is taken out of the
 * line's amount, and the totals are the sums of the lines, so the lines always add up to the
 * total and incl. = excl. + VAT on every line, every rate and the whole.
 */

export type LineInput = {
  /** Öre incl. VAT per unit. */
  unitOre: number;
  /** Units; decimals to a thousandth (2.5 m²). */
  quantity: number;
  vatRateBp: VatRateBp;
};

export type LineAmounts = {
  unitOre: number;
  unitExclOre: number;
  quantity: number;
  vatRateBp: VatRateBp;
  /** Öre incl. VAT. */
  totalOre: number;
  exclOre: number;
  vatOre: number;
};

export function lineAmounts(line: LineInput): LineAmounts {
  const totalOre = lineTotal(line.unitOre, line.quantity);
  const exclOre = exclVatOre(totalOre, line.vatRateBp);
  return {
    unitOre: line.unitOre,
    unitExclOre: exclVatOre(line.unitOre, line.vatRateBp),
    quantity: line.quantity,
    vatRateBp: line.vatRateBp,
    totalOre,
    exclOre,
    vatOre: totalOre - exclOre,
  };
}

export type VatGroup = { vatRateBp: VatRateBp; totalOre: number; exclOre: number; vatOre: number };

export type Totals = {
  /** Öre incl. VAT. */
  totalOre: number;
  exclOre: number;
  vatOre: number;
  quantity: number;
  /** The VAT split a receipt prints: one group per rate, highest rate first. */
  byRate: VatGroup[];
};

/** The sums of priced lines, with the split per VAT rate. */
export function totalsOf(lines: readonly LineAmounts[]): Totals {
  const groups = new Map<VatRateBp, VatGroup>();
  let totalOre = 0;
  let exclOre = 0;
  // Quantities are added in thousandths, so 0.1 + 0.2 units is 0.3 units.
  let quantityMilli = 0;
  for (const line of lines) {
    totalOre += line.totalOre;
    exclOre += line.exclOre;
    quantityMilli += Math.round(line.quantity * 1000);
    const group = groups.get(line.vatRateBp) ?? {
      vatRateBp: line.vatRateBp,
      totalOre: 0,
      exclOre: 0,
      vatOre: 0,
    };
    group.totalOre += line.totalOre;
    group.exclOre += line.exclOre;
    group.vatOre += line.vatOre;
    groups.set(line.vatRateBp, group);
  }
  return {
    totalOre,
    exclOre,
    vatOre: totalOre - exclOre,
    quantity: quantityMilli / 1000,
    byRate: [...groups.values()].sort((a, b) => b.vatRateBp - a.vatRateBp),
  };
}

/**
 * The VAT left in the items after a discount of the whole (öre incl. VAT): the discount
 * lowers every line in proportion, so their VAT falls in the same proportion, rounded once.
 */
export function vatAfterDiscount(
  items: { totalOre: number; vatOre: number },
  discountOre: number,
): number {
  if (discountOre <= 0 || items.totalOre <= 0) return items.vatOre;
  return items.vatOre - Math.round((items.vatOre * discountOre) / items.totalOre);
}

/**
 * The sum of line amounts, or null when any line has none: a total that silently left an
 * item out would mislead at the till (storefront spec §3, the picklist's "undefined" sum).
 */
export function sumOrNull(amounts: readonly (number | null)[]): number | null {
  let sum = 0;
  for (const amount of amounts) {
    if (amount === null) return null;
    sum += amount;
  }
  return sum;
}

/**
 * The price per comparison unit (per m², l, …) of a sales unit that holds `milli`
 * thousandths of it; the price itself without a comparison unit.
 */
export function comparisonPrice(ore: number, comparisonMilli: number | null): number {
  return comparisonMilli !== null && comparisonMilli > 0
    ? unitPrice(ore, comparisonMilli / 1000)
    : ore;
}
