import type { TradePrice } from '@bygg/contracts/trade/prices';
import type { OrganisationId } from '@bygg/domain/organisations';
import { exclVatOre } from '@bygg/domain/pricing';
import type { PricingService } from '../../pricing/index.ts';
import { companyOf, type TradeAccess } from '../store-access/guard.ts';
import type { TradePriceRepository } from './repository.ts';

/**
 * The trade user's own prices in the store, excl. VAT. The pricing context decides which
 * price applies (list, store, campaign, or the company's lower net price: priceArticles);
 * this only presents its figures excl. VAT, with the shelf price a net price replaced.
 */
export class TradePriceService {
  constructor(
    private readonly pricing: PricingService,
    private readonly repository: TradePriceRepository,
    private readonly now: () => Date,
  ) {}

  async prices(access: TradeAccess, articleIds: readonly number[]): Promise<TradePrice[]> {
    const organisation = access.user.organisationId as OrganisationId;
    const ids = [...new Set(articleIds)];
    const [articles, prices] = await Promise.all([
      this.repository.articles(organisation, ids),
      this.pricing.priceArticles({
        organisation,
        storeId: access.store.id,
        companyId: companyOf(access),
        articleIds: ids,
        at: this.now(),
        withoutLowest: true,
      }),
    ]);
    const results: TradePrice[] = [];
    for (const article of articles) {
      const price = prices.get(article.articleId);
      if (!price) continue;
      const ordinaryInclOre = price.isNetPrice ? price.shelf.priceOre : price.reducedFromOre;
      results.push({
        article_id: article.articleId,
        price_ore: exclVatOre(price.priceOre, article.vatRateBp),
        price_incl_vat_ore: price.priceOre,
        ordinary_ore:
          ordinaryInclOre === null ? null : exclVatOre(ordinaryInclOre, article.vatRateBp),
        vat_rate_bp: article.vatRateBp,
        is_net_price: price.isNetPrice,
      });
    }
    return results.sort((a, b) => ids.indexOf(a.article_id) - ids.indexOf(b.article_id));
  }
}
