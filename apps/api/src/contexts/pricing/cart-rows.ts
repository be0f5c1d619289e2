import type { OrganisationId } from '@bygg/contracts/common';
import type { ArticleOption } from '@bygg/db/schema/catalog';

// The cart rows that cart pricing reads. The commerce context's cart repository returns
// them; they are declared here so that pricing does not depend on commerce.

/** A discount code as pricing needs it. */
export type VoucherRow = {
  id: number;
  code: string;
  description: string;
  percentOff: number | null;
  amountOffOre: number | null;
  minOrderOre: number;
  validFrom: Date;
  validTo: Date | null;
  usageLimit: number | null;
  usedCount: number;
};

export type CartStoreRow = {
  id: number;
  organisationId: OrganisationId;
  externalId: string;
  slug: string;
  name: string;
  isCentral: boolean;
  proffsEnabled: boolean;
  warehouseId: number;
  warehouseCode: string;
  warehouseName: string;
  warehouseIsCentral: boolean;
  /** Availability bits of the store's link to its own warehouse; null without a link. */
  ownLink: number | null;
};

/** One cart line with everything the reply and the checks need (one query per cart). */
export type CartLineRow = {
  id: number;
  articleId: number;
  quantity: number;
  title: string;
  options: ArticleOption[];
  articleAvailability: number;
  articleStockType: number;
  productSlug: string;
  productOrganisations: string[];
  unit: string;
  vatRateBp: number;
  brand: string | null;
  category: string | null;
  imageKey: string | null;
  comparisonUnit: string | null;
  comparisonQuantityMilli: number | null;
  /** The stock row in the store's own warehouse; all null without one. */
  stockQuantity: number | null;
  stockAvailability: number | null;
  stockType: number | null;
  hasStockRow: boolean;
  /** Öre; non-null for a gift-card article. */
  giftCardValueOre: number | null;
};

export type AppliedGiftCardRow = {
  id: number;
  number: string;
  balanceOre: number;
  expiresAt: Date;
};
