/** The store staff member's store of a /butik/{store}/… page, as the pages show it (issue 20). */
export type StaffStore = {
  user: { name: string };
  store: { eid: string; name: string; slug: string };
  otherStores: Array<{ name: string; slug: string }>;
};

/** '123,50' or '123.5' kronor → 12350 öre; '' → null (the company's price); NaN when not a price. */
export function kronorInputToOre(value: string): number | null {
  const trimmed = value.trim().replace(/\s/g, '');
  if (trimmed === '') return null;
  if (!/^\d{1,7}([.,]\d{1,2})?$/.test(trimmed)) return Number.NaN;
  return Math.round(Number(trimmed.replace(',', '.')) * 100);
}

/** 12350 öre → '123,50' for a price field. */
export function oreToKronorInput(ore: number): string {
  const kronor = Math.floor(ore / 100);
  const rest = ore % 100;
  return rest === 0 ? String(kronor) : `${kronor},${String(rest).padStart(2, '0')}`;
}
