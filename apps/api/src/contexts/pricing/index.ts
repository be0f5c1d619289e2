// The pricing context's public face. Every price the API shows or charges is computed by the
// code behind it, on the rules of @bygg/domain/pricing (ADR 024): the one price query (list,
// store, campaign and a trade company's net price, with the history for the lowest 30-day
// price) and its service `priceArticles`, offers with VAT, picklist sums and the cart's lines
// and totals. It registers no routes; app.ts builds the service once and hands it on.
export { articlePricesQuery, type ArticlePriceRow, type PriceScope } from './repository.ts';
export { PricingService, toArticlePrice, type PriceArticlesInput } from './service.ts';
export { rowDiscountSql, rowPriceSql, shelfDiscountSql, shelfPriceSql } from './sort-sql.ts';
export { buildOffer, toSek, type OfferInput } from './offers.ts';
export { pricePicklist, variantText } from './picklist-pricing.ts';
export type { AppliedGiftCardRow, CartLineRow, CartStoreRow, VoucherRow } from './cart-rows.ts';
export {
  amountsOf,
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
