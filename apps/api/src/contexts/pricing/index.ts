// The pricing context's public face. Every price the API shows or charges is computed by the
// code behind it: the price in force (list, store, campaign, a trade company's net price),
// offers with VAT and the lowest 30-day price, picklist sums and the cart's lines and totals.
// It registers no routes yet; it holds no state, so its face is functions and SQL builders.
export {
  currentPrices,
  currentPricesWithLowest,
  currentRowsQuery,
  lowestPriceLast30Days,
  toCurrentPrice,
  type CurrentPrice,
  type CurrentRow,
} from './current-prices.ts';
export { buildOffer, toSek, type OfferInput } from './offers.ts';
export { pricePicklist, variantText } from './picklist-pricing.ts';
export type { AppliedGiftCardRow, CartLineRow, CartStoreRow, VoucherRow } from './cart-rows.ts';
export {
  buildCart,
  cartChecksum,
  cartFailures,
  cartTotals,
  decrementsStock,
  giftCardAllocation,
  lineFailure,
  paymentMethods,
  priceLine,
  voucherDiscount,
  voucherProblem,
  type CartTotals,
  type PricedLine,
  type PricingInput,
} from './cart-pricing.ts';
