import type { Database } from '@bygg/db/client';
import type { OrganisationId } from '@bygg/domain/organisations';

/**
 * What the trade area needs of commerce to price and place an order that is not a storefront
 * cart (the quote cart). Commerce implements it (commerce's `tradeOrderPlacer`, with its own
 * pricing of lines, stock reservation and idempotency keys); app.ts hands it to trade, as it
 * hands trade's order hook to commerce, so neither context imports the other's internals.
 */
export type TradeOrderPlacer = {
  /** The items as commerce would order them now in the store, in the given order. */
  price(input: PriceItemsInput): Promise<PricedItem[]>;
  /**
   * Places the items as one order paid by invoice, in one transaction: the stock of every
   * line taken or none (409 with the failures), the idempotency key claimed (a repeat with
   * the same key answers the first order: `replayed`), the trade hook's events and invoice,
   * and `inTransaction` (the trade area's own rows).
   */
  place(input: PlaceItemsInput): Promise<{ orderId: number; replayed: boolean }>;
  /** The order an idempotency key was used for (null: none; 422 when for another request). */
  replay(claim: PlaceItemsInput['claim']): Promise<number | null>;
};

export type PriceItemsInput = {
  organisation: OrganisationId;
  storeId: number;
  companyId: number;
  items: ReadonlyArray<{ articleId: number; quantity: number }>;
};

export type PricedItem = {
  articleId: number;
  quantity: number;
  /** null: no such article in the organisation. */
  title: string | null;
  unit: string;
  warehouse: string;
  /** What the company pays per unit incl. VAT (net price where one applies); null: unsold. */
  priceInclOre: number | null;
  vatRateBp: number;
  isNetPrice: boolean;
  problem: { reason: string; message: string; availableQuantity: number | null } | null;
};

export type PlaceItemsInput = PriceItemsInput & {
  user: { id: number; companyId: number; name: string; email: string; phone: string | null };
  companyName: string;
  projectId: number | null;
  reference: string | null;
  /**
   * Agreed unit prices excl. VAT by item position (an ordered store quote, ADR 041): they
   * replace the company's current price of a line that is for sale; VAT is the article's.
   */
  agreedPricesExclOre?: ReadonlyArray<number>;
  claim: { scope: string; key: string; requestHash: string };
  inTransaction(tx: Database, orderId: number): Promise<void>;
};
