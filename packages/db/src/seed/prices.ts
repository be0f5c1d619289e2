import type { OrganisationId } from '@bygg/domain/organisations';
import type { ProductModel } from './products.ts';
import { unit } from './random.ts';
import type { StoreSeed } from './stores.ts';
import { shelfPriceOre } from './text.ts';

const DAY = 86_400_000;

export type CampaignSeed = {
  id: number;
  organisationId: OrganisationId;
  slug: string;
  title: string;
  startsAt: Date;
  endsAt: Date;
  isLimitedTime: boolean;
};

/** Campaigns relative to `today`, so the demo stays current whenever it is seeded. */
export function buildCampaigns(today: Date): CampaignSeed[] {
  const at = (days: number) => new Date(today.getTime() + days * DAY);
  const list: Array<Omit<CampaignSeed, 'id'>> = [
    {
      organisationId: 'store-chain',
      slug: 'veckans-fynd',
      title: 'Veckans fynd',
      startsAt: at(-2),
      endsAt: at(5),
      isLimitedTime: true,
    },
    {
      organisationId: 'store-chain',
      slug: 'byggrea',
      title: 'Byggrea',
      startsAt: at(-9),
      endsAt: at(21),
      isLimitedTime: false,
    },
    {
      organisationId: 'store-chain',
      slug: 'proffsveckor',
      title: 'Proffsveckor',
      startsAt: at(-5),
      endsAt: at(12),
      isLimitedTime: false,
    },
    {
      organisationId: 'building-supply',
      slug: 'manadens-erbjudanden',
      title: 'Månadens erbjudanden',
      startsAt: at(-6),
      endsAt: at(24),
      isLimitedTime: false,
    },
    {
      organisationId: 'building-supply',
      slug: 'lagerrensning',
      title: 'Lagerrensning',
      startsAt: at(-1),
      endsAt: at(6),
      isLimitedTime: true,
    },
  ];
  return list.map((c, i) => ({ id: i + 1, ...c }));
}

/** COPY rows of prices (organisation_id, article_id, store_id, price_ore, reduced_from_ore, is_limited_time, valid_from, end_date, campaign_id). */
export type PriceRow = [
  OrganisationId,
  number,
  number | null,
  number,
  number | null,
  boolean,
  Date,
  Date | null,
  number | null,
];
/** COPY rows of price_history (organisation_id, article_id, store_id, price_ore, valid_from, valid_to). */
export type HistoryRow = [OrganisationId, number, number | null, number, Date, Date | null];

export const PRICE_COLUMNS = [
  'organisation_id',
  'article_id',
  'store_id',
  'price_ore',
  'reduced_from_ore',
  'is_limited_time',
  'valid_from',
  'end_date',
  'campaign_id',
];
export const HISTORY_COLUMNS = [
  'organisation_id',
  'article_id',
  'store_id',
  'price_ore',
  'valid_from',
  'valid_to',
];

export type PriceBuild = { prices: PriceRow[]; history: HistoryRow[] };

/**
 * Current prices and the history they came from: ~8 % of articles on campaign (the day
 * before, the price was the reduced_from price; for some a lower price applied about 20
 * days before the campaign), ~15 % with an ordinary price change in the last 40 days, and a
 * few store overrides. The lowest 30-day price is then computed from this history.
 */
export function buildPrices(
  products: readonly ProductModel[],
  stores: readonly StoreSeed[],
  campaigns: readonly CampaignSeed[],
  today: Date,
): PriceBuild {
  const prices: PriceRow[] = [];
  const history: HistoryRow[] = [];
  const since = new Date(today.getTime() - 120 * DAY);
  const at = (days: number) => new Date(today.getTime() + days * DAY);
  const overrideStores = stores.filter((s) => !s.isCentral && unit(s.id, 31) < 0.15);
  const orgs: OrganisationId[] = ['store-chain', 'building-supply'];

  for (const product of products) {
    for (const article of product.articles) {
      for (const [orgIndex, org] of orgs.entries()) {
        if (!product.organisationIds.includes(org)) continue;
        const list = org === 'store-chain' ? article.listPriceOre : article.supplyListPriceOre;
        const u = unit(article.id, 40 + orgIndex);
        const orgCampaigns = campaigns.filter((c) => c.organisationId === org);
        const campaign =
          u < 0.08
            ? orgCampaigns[Math.floor(unit(article.id, 50 + orgIndex) * orgCampaigns.length)]
            : undefined;
        const campaignPrice = campaign
          ? shelfPriceOre((list / 100) * (0.7 + unit(article.id, 52 + orgIndex) * 0.15))
          : 0;
        if (campaign && campaignPrice < list) {
          prices.push([
            org,
            article.id,
            null,
            campaignPrice,
            list,
            campaign.isLimitedTime,
            campaign.startsAt,
            campaign.endsAt,
            campaign.id,
          ]);
          const start = campaign.startsAt;
          const before = (days: number) => new Date(start.getTime() - days * DAY);
          const lower = shelfPriceOre((list / 100) * 0.9);
          if (unit(article.id, 54 + orgIndex) < 0.4 && lower < list) {
            history.push([org, article.id, null, list, since, before(25)]);
            history.push([org, article.id, null, lower, before(25), before(18)]);
            history.push([org, article.id, null, list, before(18), start]);
          } else {
            history.push([org, article.id, null, list, since, start]);
          }
          history.push([org, article.id, null, campaignPrice, start, null]);
          continue;
        }
        const change = u > 0.85 ? Math.floor(3 + unit(article.id, 56 + orgIndex) * 38) : 0;
        const previous = change
          ? shelfPriceOre((list / 100) * (0.9 + unit(article.id, 58 + orgIndex) * 0.22))
          : list;
        if (change && previous !== list) {
          history.push([org, article.id, null, previous, since, at(-change)]);
          history.push([org, article.id, null, list, at(-change), null]);
          prices.push([org, article.id, null, list, null, false, at(-change), null, null]);
        } else {
          history.push([org, article.id, null, list, since, null]);
          prices.push([org, article.id, null, list, null, false, since, null, null]);
          // A store of this organisation prices a few articles on its own (local competition).
          for (const store of overrideStores) {
            if (store.organisationId !== org || unit(article.id, store.id, 60) >= 0.01) continue;
            const override = shelfPriceOre(
              (list / 100) * (0.92 + unit(article.id, store.id, 61) * 0.13),
            );
            if (override === list) continue;
            const from = at(-Math.floor(2 + unit(article.id, store.id, 62) * 50));
            history.push([org, article.id, store.id, list, since, from]);
            history.push([org, article.id, store.id, override, from, null]);
            prices.push([org, article.id, store.id, override, null, false, from, null, null]);
          }
        }
      }
    }
  }
  return { prices, history };
}

/** Net prices of a trade company: ~5 % of the articles, 10–18 % under the list price. */
export function buildNetPrices(
  products: readonly ProductModel[],
  companyIds: readonly number[],
): Array<[number, number, number]> {
  const rows: Array<[number, number, number]> = [];
  for (const companyId of companyIds) {
    for (const product of products) {
      for (const article of product.articles) {
        if (unit(article.id, companyId, 70) >= 0.05) continue;
        const net = shelfPriceOre(
          (article.listPriceOre / 100) * (0.82 + unit(article.id, companyId, 71) * 0.08),
        );
        if (net < article.listPriceOre) rows.push([companyId, article.id, net]);
      }
    }
  }
  return rows;
}
