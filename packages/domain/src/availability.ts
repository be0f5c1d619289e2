/**
 * Availability and stock-type bit fields (storefront.md §3 "Enumerations").
 * Stock entries and stores carry these as plain integers.
 */

export const AVAILABILITY = {
  NONE: 0,
  SELLABLE: 1,
  SHIPPABLE: 2,
  BOOKABLE: 4,
  HIDDEN: 8,
  HIDDEN_PRICE: 16,
  HIDDEN_STOCK: 32,
  NON_STOCKED_ITEM: 64,
} as const;
export type AvailabilityFlagName = keyof typeof AVAILABILITY;

export const STOCK_TYPE = {
  STOCKED: 1, // kept in stock
  UNSTOCKED: 2, // made to order
  TEMP_OUT_OF_STOCK: 4,
} as const;
export type StockTypeFlagName = keyof typeof STOCK_TYPE;

/** Every availability bit set: the largest valid availability value. */
export const AVAILABILITY_ALL = 127;
/** Every stock-type bit set. */
export const STOCK_TYPE_ALL = 7;

/**
 * True when every bit of `flag` is set in `bits`. Asking for NONE (0) asks whether
 * no bit is set at all, which is what a caller checking for "none" means.
 */
export function hasFlag(bits: number, flag: number): boolean {
  if (flag === 0) return bits === 0;
  return (bits & flag) === flag;
}

export function combineFlags(...flags: readonly number[]): number {
  return flags.reduce((bits, flag) => bits | flag, 0);
}

export function isValidAvailability(bits: unknown): bits is number {
  return Number.isInteger(bits) && (bits as number) >= 0 && (bits as number) <= AVAILABILITY_ALL;
}

export function isValidStockType(bits: unknown): bits is number {
  return Number.isInteger(bits) && (bits as number) >= 0 && (bits as number) <= STOCK_TYPE_ALL;
}

export const isSellable = (bits: number): boolean => hasFlag(bits, AVAILABILITY.SELLABLE);
export const isShippable = (bits: number): boolean => hasFlag(bits, AVAILABILITY.SHIPPABLE);
export const isBookable = (bits: number): boolean => hasFlag(bits, AVAILABILITY.BOOKABLE);
export const isHidden = (bits: number): boolean => hasFlag(bits, AVAILABILITY.HIDDEN);
export const isPriceHidden = (bits: number): boolean => hasFlag(bits, AVAILABILITY.HIDDEN_PRICE);
export const isStockHidden = (bits: number): boolean => hasFlag(bits, AVAILABILITY.HIDDEN_STOCK);
export const isNonStocked = (bits: number): boolean => hasFlag(bits, AVAILABILITY.NON_STOCKED_ITEM);

function describe<Name extends string>(
  table: Readonly<Record<Name, number>>,
  bits: number,
): Name[] {
  return (Object.keys(table) as Name[]).filter(
    (name) => table[name] !== 0 && (bits & table[name]) === table[name],
  );
}

/** Names of the availability bits that are set, lowest bit first; [] for NONE. */
export function describeFlags(bits: number): AvailabilityFlagName[] {
  return describe(AVAILABILITY, bits);
}

/** Names of the stock-type bits that are set, lowest bit first. */
export function describeStockType(bits: number): StockTypeFlagName[] {
  return describe(STOCK_TYPE, bits);
}
