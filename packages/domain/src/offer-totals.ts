/**
 * The money of an offer to an end customer (issue 19): articles at the company's own prices,
 * labour (hours × rate), free rows, a surcharge, VAT, the ROT and RUT tax deductions on the
 * labour and the amount to pay. Money is integer öre, rates are basis points (25 % = 2500),
 * hours are hundredths (7,5 h = 750). Pure: no I/O, no clock (the caller passes the date the
 * tax rules are taken for).
 *
 * How it counts (ADR 038):
 * - a work row's sum is hours × rate rounded to whole öre; items are quantity × sale price;
 * - the surcharge (a percentage of items + work + rows, or an amount) is its own line at 25 %
 *   VAT and is not labour: it never raises a deduction;
 * - VAT is counted per rate on the summed bases (as an invoice's VAT specification does);
 * - ROT/RUT: the rate of the period × the qualifying labour incl. VAT (25 %), split between
 *   the persons claiming it (equal shares, or each person's share), each person's amount
 *   rounded down to whole kronor (Skatteverket takes requests in whole kronor) and cut at what
 *   is left of that person's yearly ceilings (from 2026: ROT at most 50 000 kr, ROT + RUT at
 *   most 75 000 kr a year; 2024 had its own), minus what the person already received this year;
 * - amount to pay = total incl. VAT − deductions, then öresavrundning to whole kronor (half
 *   up), the rounding shown as its own amount.
 */

export type DeductionType = 'rot' | 'rut';

/** One period of Skatteverket's rules for ROT and RUT (dates inclusive, YYYY-MM-DD). */
export type TaxDeductionPeriod = {
  from: string;
  /** Inclusive; null = until further notice. */
  to: string | null;
  rotRateBp: number;
  rutRateBp: number;
  /** The most ROT one person may receive in a year. */
  rotCeilingOre: number;
  /** The most RUT one person may receive in a year. */
  rutCeilingOre: number;
  /** The most ROT and RUT together one person may receive in a year. */
  combinedCeilingOre: number;
  /** Where the rule comes from. */
  source: string;
};

/**
 * The dated rules (Skatteverket, "Rot- och rutavdrag"). The one place the rates and ceilings
 * live: a change of the rules is a new period here, never a constant elsewhere.
 */
export const TAX_DEDUCTION_PERIODS: readonly TaxDeductionPeriod[] = [
  {
    from: '2021-01-01',
    to: '2024-06-30',
    rotRateBp: 3000,
    rutRateBp: 5000,
    rotCeilingOre: 5_000_000,
    rutCeilingOre: 7_500_000,
    combinedCeilingOre: 7_500_000,
    source: 'ROT 30 %, RUT 50 %; högst 75 000 kr per person och år, varav rot högst 50 000 kr',
  },
  {
    from: '2024-07-01',
    to: '2024-12-31',
    rotRateBp: 3000,
    rutRateBp: 5000,
    rotCeilingOre: 7_500_000,
    rutCeilingOre: 7_500_000,
    combinedCeilingOre: 15_000_000,
    source: 'Prop. 2023/24:86: skilda tak 2024, rot 75 000 kr och rut 75 000 kr per person',
  },
  {
    from: '2025-01-01',
    to: '2025-05-11',
    rotRateBp: 3000,
    rutRateBp: 5000,
    rotCeilingOre: 5_000_000,
    rutCeilingOre: 7_500_000,
    combinedCeilingOre: 7_500_000,
    source: 'ROT 30 %, RUT 50 %; högst 75 000 kr per person och år, varav rot högst 50 000 kr',
  },
  {
    from: '2025-05-12',
    to: '2025-12-31',
    rotRateBp: 5000,
    rutRateBp: 5000,
    rotCeilingOre: 5_000_000,
    rutCeilingOre: 7_500_000,
    combinedCeilingOre: 7_500_000,
    source: 'Prop. 2024/25:156: rotavdraget tillfälligt 50 % 12 maj–31 december 2025',
  },
  {
    from: '2026-01-01',
    to: null,
    rotRateBp: 3000,
    rutRateBp: 5000,
    rotCeilingOre: 5_000_000,
    rutCeilingOre: 7_500_000,
    combinedCeilingOre: 7_500_000,
    source: 'ROT 30 % igen från 2026 (höjningen förlängdes inte); tak som före 2024',
  },
];

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The rules in force on `date` (YYYY-MM-DD); throws for a date before the first period. */
export function taxDeductionRulesAt(
  date: string,
  periods: readonly TaxDeductionPeriod[] = TAX_DEDUCTION_PERIODS,
): TaxDeductionPeriod {
  if (!ISO_DATE.test(date)) throw new RangeError(`date must be YYYY-MM-DD, got ${date}`);
  const found = periods.find((p) => p.from <= date && (p.to === null || date <= p.to));
  if (!found) throw new RangeError(`no ROT/RUT rules for ${date}`);
  return found;
}

/** Integer a × b / d rounded half away from zero, exact for safe integers. */
export function mulDivRound(a: number, b: number, d: number): number {
  const n = BigInt(a) * BigInt(b);
  const den = BigInt(d);
  const neg = n < 0n !== den < 0n;
  const an = n < 0n ? -n : n;
  const ad = den < 0n ? -den : den;
  let q = an / ad;
  if ((an % ad) * 2n >= ad) q += 1n;
  return Number(neg ? -q : q);
}

/** Rounded down to whole kronor (for a non-negative amount). */
function floorKronor(ore: number): number {
  return Math.floor(ore / 100) * 100;
}

/** Öresavrundning: to the nearest whole krona, half away from zero. */
export function roundToKronor(ore: number): number {
  return mulDivRound(ore, 1, 100) * 100;
}

/** The sale price for a markup on the net (purchase) price, rounded to whole öre. */
export function salePriceFromMarkup(netOre: number, markupBp: number): number {
  return mulDivRound(netOre, 10_000 + markupBp, 10_000);
}

/** The margin of a sale price over the net price, basis points of the sale price; null for 0. */
export function marginBp(saleOre: number, netOre: number): number | null {
  if (saleOre === 0) return null;
  return mulDivRound(saleOre - netOre, 10_000, saleOre);
}

/** Hours (hundredths) × hourly rate, rounded to whole öre. */
export function workSum(hoursHundredths: number, rateOre: number): number {
  return mulDivRound(hoursHundredths, rateOre, 100);
}

export type OfferTotalsInput = {
  items: readonly { quantity: number; unitPriceOre: number; vatRateBp: number }[];
  work: readonly {
    hoursHundredths: number;
    rateOre: number;
    deductionType: DeductionType | null;
  }[];
  rows: readonly { amountOre: number; vatRateBp: number }[];
  surcharge:
    | { type: 'none' }
    | { type: 'percent'; percentBp: number }
    | { type: 'amount'; amountOre: number };
  deductions: readonly {
    type: DeductionType;
    /** Share of the qualifying labour, basis points; null = an equal part of what is left. */
    shareBp: number | null;
    priorRotOre: number;
    priorRutOre: number;
  }[];
  /** The date the tax rules are taken for (YYYY-MM-DD). */
  date: string;
};

export type OfferDeductionResult = { amountOre: number; capped: boolean };

export type OfferTotals = {
  itemsOre: number;
  workOre: number;
  rowsOre: number;
  subtotalOre: number;
  surchargeOre: number;
  totalExclVatOre: number;
  vatOre: number;
  totalInclVatOre: number;
  rotLabourInclVatOre: number;
  rutLabourInclVatOre: number;
  rotOre: number;
  rutOre: number;
  deductionOre: number;
  afterDeductionOre: number;
  roundingOre: number;
  toPayOre: number;
  rotRateBp: number;
  rutRateBp: number;
  rulesDate: string;
  /** One entry per input deduction, in order. */
  deductions: OfferDeductionResult[];
};

/** VAT on labour (work rows are building services at the standard rate). */
export const LABOUR_VAT_BP = 2500;
/** VAT on the surcharge line. */
export const SURCHARGE_VAT_BP = 2500;

/** What is wrong with the deductions' shares (the caller turns it into a 400). */
export class OfferSharesError extends Error {
  constructor(readonly type: DeductionType) {
    super(`the shares of the ${type} deductions exceed 100 %`);
    this.name = 'OfferSharesError';
  }
}

/** Each person's part of `labourOre`: given shares, and equal parts of the rest for the others. */
function splitLabour(labourOre: number, shares: readonly (number | null)[]): number[] {
  const given = shares.reduce<number>((s, x) => s + (x ?? 0), 0);
  const open = shares.filter((x) => x === null).length;
  const restBp = 10_000 - given;
  const parts = shares.map((x) => (x === null ? 0 : mulDivRound(labourOre, x, 10_000)));
  if (open > 0) {
    const restOre = labourOre - parts.reduce((s, x) => s + x, 0);
    const equal = restBp > 0 ? Math.floor(restOre / open) : 0;
    let left = restBp > 0 ? restOre - equal * open : 0;
    shares.forEach((x, i) => {
      if (x !== null) return;
      parts[i] = equal + (left > 0 ? 1 : 0);
      if (left > 0) left -= 1;
    });
  }
  return parts;
}

export function offerTotals(input: OfferTotalsInput): OfferTotals {
  const rules = taxDeductionRulesAt(input.date);
  const byRate = new Map<number, number>();
  const addBase = (rateBp: number, ore: number) =>
    byRate.set(rateBp, (byRate.get(rateBp) ?? 0) + ore);

  let itemsOre = 0;
  for (const item of input.items) {
    const sum = item.quantity * item.unitPriceOre;
    itemsOre += sum;
    addBase(item.vatRateBp, sum);
  }
  let workOre = 0;
  const labour: Record<DeductionType, number> = { rot: 0, rut: 0 };
  for (const w of input.work) {
    const sum = workSum(w.hoursHundredths, w.rateOre);
    workOre += sum;
    addBase(LABOUR_VAT_BP, sum);
    if (w.deductionType) labour[w.deductionType] += sum;
  }
  let rowsOre = 0;
  for (const r of input.rows) {
    rowsOre += r.amountOre;
    addBase(r.vatRateBp, r.amountOre);
  }
  const subtotalOre = itemsOre + workOre + rowsOre;
  const s = input.surcharge;
  const surchargeOre =
    s.type === 'percent'
      ? mulDivRound(subtotalOre, s.percentBp, 10_000)
      : s.type === 'amount'
        ? s.amountOre
        : 0;
  addBase(SURCHARGE_VAT_BP, surchargeOre);

  const totalExclVatOre = subtotalOre + surchargeOre;
  let vatOre = 0;
  for (const [rateBp, base] of byRate) vatOre += mulDivRound(base, rateBp, 10_000);
  const totalInclVatOre = totalExclVatOre + vatOre;

  const rotLabourInclVatOre = Math.max(0, mulDivRound(labour.rot, 10_000 + LABOUR_VAT_BP, 10_000));
  const rutLabourInclVatOre = Math.max(0, mulDivRound(labour.rut, 10_000 + LABOUR_VAT_BP, 10_000));

  const results: OfferDeductionResult[] = input.deductions.map(() => ({
    amountOre: 0,
    capped: false,
  }));
  const totals: Record<DeductionType, number> = { rot: 0, rut: 0 };
  for (const type of ['rot', 'rut'] as const) {
    const indexes = input.deductions.flatMap((d, i) => (d.type === type ? [i] : []));
    if (indexes.length === 0) continue;
    const shares = indexes.map((i) => input.deductions[i]!.shareBp);
    if (shares.reduce<number>((a, x) => a + (x ?? 0), 0) > 10_000) {
      throw new OfferSharesError(type);
    }
    const labourIncl = type === 'rot' ? rotLabourInclVatOre : rutLabourInclVatOre;
    const rateBp = type === 'rot' ? rules.rotRateBp : rules.rutRateBp;
    const parts = splitLabour(labourIncl, shares);
    indexes.forEach((i, k) => {
      const d = input.deductions[i]!;
      const wanted = floorKronor(mulDivRound(parts[k]!, rateBp, 10_000));
      const leftCombined = rules.combinedCeilingOre - d.priorRotOre - d.priorRutOre;
      const left =
        type === 'rot'
          ? Math.min(rules.rotCeilingOre - d.priorRotOre, leftCombined)
          : Math.min(rules.rutCeilingOre - d.priorRutOre, leftCombined);
      const allowed = Math.max(0, floorKronor(left));
      const amountOre = Math.min(wanted, allowed);
      results[i] = { amountOre, capped: amountOre < wanted };
      totals[type] += amountOre;
    });
  }
  const deductionOre = totals.rot + totals.rut;
  const afterDeductionOre = totalInclVatOre - deductionOre;
  const toPayOre = roundToKronor(afterDeductionOre);
  return {
    itemsOre,
    workOre,
    rowsOre,
    subtotalOre,
    surchargeOre,
    totalExclVatOre,
    vatOre,
    totalInclVatOre,
    rotLabourInclVatOre,
    rutLabourInclVatOre,
    rotOre: totals.rot,
    rutOre: totals.rut,
    deductionOre,
    afterDeductionOre,
    roundingOre: toPayOre - afterDeductionOre,
    toPayOre,
    rotRateBp: rules.rotRateBp,
    rutRateBp: rules.rutRateBp,
    rulesDate: input.date,
    deductions: results,
  };
}
