import type { Database } from '@bygg/db/client';
import type { OrganisationId } from '@bygg/contracts/common';
import { priceArticle, type ArticlePrice } from '@bygg/domain/pricing';
import { PricingRepository, toCandidates, type ArticlePriceRow } from './repository.ts';

export type PriceArticlesInput = {
  organisation: OrganisationId;
  storeId: number | null;
  /** The logged-in trade user's company, for its net prices; null for everyone else. */
  companyId?: number | null;
  articleIds: readonly number[];
  at: Date;
  /** Leave out the lowest 30-day price (the cart and checkout do not show it). */
  withoutLowest?: boolean;
};

/** A row of the price query priced by the domain's rules; null when the article has no price. */
export function toArticlePrice(row: ArticlePriceRow, at: Date): ArticlePrice | null {
  return priceArticle(toCandidates(row), at);
}

/**
 * Every price the API shows or charges comes from here (or, inside a bigger statement, from
 * the same query and `toArticlePrice`): product pages and listings, the picklist, the cart
 * and checkout, and the trade area's quotes and offers to come.
 */
export class PricingService {
  private readonly repository: PricingRepository;

  constructor(db: Database) {
    this.repository = new PricingRepository(db);
  }

  /** The price of each article for the viewer at the store; articles without one are missing. */
  async priceArticles(
    input: PriceArticlesInput,
    executor?: Database,
  ): Promise<Map<number, ArticlePrice>> {
    const rows = await this.repository.read(
      input.articleIds,
      {
        organisation: input.organisation,
        storeId: input.storeId,
        companyId: input.companyId ?? null,
        at: input.at,
        withHistory: input.withoutLowest !== true,
      },
      executor,
    );
    const prices = new Map<number, ArticlePrice>();
    for (const row of rows) {
      const price = toArticlePrice(row, input.at);
      if (price) prices.set(Number(row.article_id), price);
    }
    return prices;
  }
}
