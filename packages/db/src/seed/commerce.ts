import type { OrganisationId } from '@bygg/domain/organisations';
import { withCheckDigit } from '@bygg/domain/giftcard';
import { giftCardPinHash } from '@bygg/domain/giftcard.server';
import type { Database } from '../client.ts';
import * as schema from '../schema/index.ts';

/**
 * Seed data for issue 5: a gift-card product (bought like any product; buying it issues a
 * card with the order) and demo gift cards with known numbers and PINs, listed in README.
 * Deterministic: the same input gives the same rows.
 */

export type DemoGiftCard = {
  organisationId: OrganisationId;
  /** 16 digits, the last a Luhn check digit. */
  number: string;
  pin: string;
  initialOre: number;
  balanceOre: number;
  /** Days from the seed's `now` until the card expires (negative: already expired). */
  expiresInDays: number;
};

export const DEMO_GIFT_CARDS: readonly DemoGiftCard[] = [
  card('store-chain', '603712000000001', '1234', 50_000, 50_000, 700),
  card('store-chain', '603712000000002', '2345', 100_000, 100_000, 700),
  card('store-chain', '603712000000003', '3456', 50_000, 12_500, 400),
  card('store-chain', '603712000000009', '9999', 25_000, 25_000, -10),
  card('building-supply', '603713000000001', '4567', 100_000, 100_000, 700),
  card('building-supply', '603713000000002', '5678', 20_000, 20_000, 700),
];

function card(
  organisationId: OrganisationId,
  payload: string,
  pin: string,
  initialOre: number,
  balanceOre: number,
  expiresInDays: number,
): DemoGiftCard {
  return {
    organisationId,
    number: withCheckDigit(payload),
    pin,
    initialOre,
    balanceOre,
    expiresInDays,
  };
}

/** A demo discount code (README "Demo vouchers"). */
export type DemoVoucher = {
  organisationId: OrganisationId;
  code: string;
  description: string;
  percentOff: number | null;
  amountOffOre: number | null;
  minOrderOre: number;
  /** Days from the seed's `now`: valid from (negative: already started) and to (null: no end). */
  fromDays: number;
  toDays: number | null;
  usageLimit: number | null;
};

export const DEMO_VOUCHERS: readonly DemoVoucher[] = [
  {
    organisationId: 'store-chain',
    code: 'BYGG10',
    description: '10 % rabatt på varorna vid köp över 500 kr',
    percentOff: 10,
    amountOffOre: null,
    minOrderOre: 50_000,
    fromDays: -30,
    toDays: 365,
    usageLimit: null,
  },
  {
    organisationId: 'building-supply',
    code: 'PROFFS200',
    description: '200 kr rabatt vid köp över 2 000 kr',
    percentOff: null,
    amountOffOre: 20_000,
    minOrderOre: 200_000,
    fromDays: -30,
    toDays: 365,
    usageLimit: 1_000,
  },
];

/** Gift card values sold in the shop, öre. */
export const GIFT_CARD_VALUES_ORE = [25_000, 50_000, 100_000] as const;

const SELLABLE_SHIPPABLE_NON_STOCKED = 1 | 2 | 64;
const UNSTOCKED = 2;

export async function seedCommerce(
  db: Database,
  input: {
    now: Date;
    /** Ids already taken by the generated catalogue. */
    productIds: readonly number[];
    articleIds: ReadonlySet<number>;
    /** A leaf category to file the gift card under. */
    categoryId: number;
  },
): Promise<number> {
  const productId = Math.max(0, ...input.productIds) + 1;
  await db.insert(schema.products).values({
    id: productId,
    slug: 'presentkort',
    title: 'Presentkort',
    description:
      'Ge bort ett presentkort som gäller i alla våra butiker och på webben. Kortet gäller i två år från köpet och kan användas till hela eller delar av ett köp. Numret och PIN-koden visas på kvittot och i orderbekräftelsen.',
    categoryId: input.categoryId,
    unit: 'st',
    vatRateBp: 0,
    popularity: 0,
    isWebAssortment: true,
    isCentralAssortment: true,
    organisationIds: ['store-chain', 'building-supply'],
    searchText: 'presentkort gåvokort present',
    createdAt: input.now,
    updatedAt: input.now,
  });
  // Rendered like every product picture (/media/products/{image_key}/{width}.webp).
  await db.insert(schema.productImages).values({
    productId,
    position: 0,
    imageKey: `p${productId}-1`,
    alt: 'Presentkort',
    width: 1200,
    height: 1200,
    background: '#f4efe6',
  });
  // Ids high in the 7-digit range, skipping any the generated catalogue already uses.
  const ids: number[] = [];
  for (let id = 9_990_001; ids.length < GIFT_CARD_VALUES_ORE.length; id++) {
    if (!input.articleIds.has(id)) ids.push(id);
  }
  const articles = GIFT_CARD_VALUES_ORE.map((valueOre, i) => ({
    id: ids[i] as number,
    productId,
    position: i,
    title: `Presentkort ${valueOre / 100} kr`,
    options: [{ name: 'Värde', value: String(valueOre / 100), unit: 'kr' }],
    erpArticleNumbers: [`PK${valueOre / 100}`],
    sourceCode: 'Z',
    availability: SELLABLE_SHIPPABLE_NON_STOCKED,
    stockType: UNSTOCKED,
  }));
  await db.insert(schema.articles).values(articles);
  await db
    .insert(schema.giftCardArticles)
    .values(articles.map((a, i) => ({ articleId: a.id, valueOre: GIFT_CARD_VALUES_ORE[i] ?? 0 })));
  // A gift card is a means of payment, not a sale: no VAT (multi-purpose voucher).
  const validFrom = new Date(input.now.getTime() - 365 * 86_400_000);
  const priceRows = (['store-chain', 'building-supply'] as const).flatMap((organisationId) =>
    articles.map((a, i) => ({
      organisationId,
      articleId: a.id,
      storeId: null,
      priceOre: GIFT_CARD_VALUES_ORE[i] ?? 0,
      validFrom,
    })),
  );
  await db.insert(schema.prices).values(priceRows);
  await db.insert(schema.priceHistory).values(priceRows.map(({ storeId: _s, ...p }) => p));
  await db.insert(schema.giftCards).values(
    DEMO_GIFT_CARDS.map((c) => ({
      organisationId: c.organisationId,
      number: c.number,
      pinHash: giftCardPinHash(c.number, c.pin),
      initialOre: c.initialOre,
      balanceOre: c.balanceOre,
      expiresAt: new Date(input.now.getTime() + c.expiresInDays * 86_400_000),
      createdAt: input.now,
    })),
  );
  const day = 86_400_000;
  await db.insert(schema.vouchers).values(
    DEMO_VOUCHERS.map((v) => ({
      organisationId: v.organisationId,
      code: v.code,
      description: v.description,
      percentOff: v.percentOff,
      amountOffOre: v.amountOffOre,
      minOrderOre: v.minOrderOre,
      validFrom: new Date(input.now.getTime() + v.fromDays * day),
      validTo: v.toDays === null ? null : new Date(input.now.getTime() + v.toDays * day),
      usageLimit: v.usageLimit,
      createdAt: input.now,
    })),
  );
  return (
    2 + articles.length * 2 + priceRows.length * 2 + DEMO_GIFT_CARDS.length + DEMO_VOUCHERS.length
  );
}
