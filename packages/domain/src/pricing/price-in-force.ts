/**
 * Which price applies to an article at a moment (storefront spec §3 "Price offer"): the
 * store's own price wins over the chain's list price, a campaign price holds until its end
 * date and then the ordinary (reduced_from) price applies again, and a trade company's net
 * price replaces the shelf price when it is lower. All amounts are öre incl. VAT.
 */

/** One entry of an article's price history (an append-only log of every price it had). */
export type PriceHistoryEntry = {
  priceOre: number;
  validFrom: Date;
  /** Null while still in effect. */
  validTo: Date | null;
};

/** A row of the price list: the chain-wide list price or one store's override. */
export type PriceRecord = {
  priceOre: number;
  /** The ordinary price while this is a campaign price; null for an ordinary price. */
  reducedFromOre: number | null;
  isLimitedTime: boolean;
  validFrom: Date;
  /** When a campaign price ends; after it the reducedFrom price applies again. */
  endDate: Date | null;
  campaignId: number | null;
  /** This record's own history (the store's for an override), for the 30-day low. */
  history?: readonly PriceHistoryEntry[];
};

/** What is known of one article's prices for one viewer at one store. */
export type PriceCandidates = {
  /** The chain-wide list price of the store's organisation. */
  list: PriceRecord | null;
  /** The store's own price, if it has one. */
  store: PriceRecord | null;
  /** The viewer's trade company's negotiated net price; null for everyone else. */
  netOre: number | null;
};

/** What a price shows: the amount, and a campaign's reduction with its end. */
type ShownPrice = {
  priceOre: number;
  /** Shown as a reduction: the ordinary price of a running campaign; null otherwise. */
  reducedFromOre: number | null;
  isLimitedTime: boolean;
  endDate: Date | null;
  campaignId: number | null;
  isStorePrice: boolean;
};

/** The shelf price in force: what anyone sees in the store, before any net price. */
export type ShelfPrice = ShownPrice & {
  /** When this price took effect (an ended campaign's end date for the price after it). */
  validFrom: Date;
  /** A campaign price applies now (so the 30-day low is read before the campaign began). */
  onCampaign: boolean;
};

/** The price a viewer pays: the shelf price, or the net price when that is lower. */
export type ArticlePrice = ShownPrice & {
  /** A trade company's net price replaced the shelf price (never shown as a reduction). */
  isNetPrice: boolean;
  /** The shelf price the net price replaced, or the price itself. */
  shelf: ShelfPrice;
  /** The lowest shelf price of the 30 days before (Omnibus); null without history. */
  lowestOre: number | null;
};

function inForce(record: PriceRecord | null, at: Date): record is PriceRecord {
  return record !== null && record.validFrom.getTime() <= at.getTime();
}

/** The shelf price of a record in force at `at`. */
export function shelfPrice(record: PriceRecord, isStorePrice: boolean, at: Date): ShelfPrice {
  const campaign = record.reducedFromOre !== null;
  const ended = campaign && record.endDate !== null && record.endDate.getTime() <= at.getTime();
  if (campaign && ended) {
    return {
      priceOre: record.reducedFromOre ?? record.priceOre,
      reducedFromOre: null,
      isLimitedTime: false,
      endDate: null,
      campaignId: null,
      isStorePrice,
      validFrom: record.endDate ?? record.validFrom,
      onCampaign: false,
    };
  }
  return {
    priceOre: record.priceOre,
    reducedFromOre: record.reducedFromOre,
    isLimitedTime: campaign && record.isLimitedTime,
    endDate: campaign ? record.endDate : null,
    campaignId: campaign ? record.campaignId : null,
    isStorePrice,
    validFrom: record.validFrom,
    onCampaign: campaign,
  };
}

/**
 * The record that applies at `at`: the store's own price when it has taken effect, else the
 * list price when it has; null when the article has no price (it is then not sold).
 */
export function recordInForce(
  candidates: Pick<PriceCandidates, 'list' | 'store'>,
  at: Date,
): { record: PriceRecord; isStorePrice: boolean } | null {
  if (inForce(candidates.store, at)) return { record: candidates.store, isStorePrice: true };
  if (inForce(candidates.list, at)) return { record: candidates.list, isStorePrice: false };
  return null;
}

/**
 * A net price replaces the shelf price when it is lower; it is then not a reduction, so the
 * campaign's ordinary price, end date and limited time are dropped. A campaign price that is
 * already lower than the net price stays.
 */
export function applyNetPrice(
  shelf: ShelfPrice,
  netOre: number | null,
): Omit<ArticlePrice, 'lowestOre'> {
  const { validFrom: _validFrom, onCampaign: _onCampaign, ...shown } = shelf;
  if (netOre !== null && netOre < shelf.priceOre) {
    return {
      ...shown,
      priceOre: netOre,
      reducedFromOre: null,
      isLimitedTime: false,
      endDate: null,
      campaignId: null,
      isNetPrice: true,
      shelf,
    };
  }
  return { ...shown, isNetPrice: false, shelf };
}
