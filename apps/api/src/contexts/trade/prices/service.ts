import type { TradePrice } from '@bygg/contracts/trade/prices';
import type { Database } from '@bygg/db/client';
import { exclVat } from '@bygg/domain/money';
import { buildOffer, currentPrices } from '../../pricing/index.ts';
import type { OrganisationId } from '@bygg/domain/organisations';
import { companyOf, type TradeAccess } from '../store-access/guard.ts';
import type { TradePriceRepository } from './repository.ts';

/**
 * The trade user's own prices in the store, excl. VAT. The one place the trade context asks
 * the pricing context for prices: the price in force (list, store, campaign) and the rule
 * that a lower net price replaces it (buildOffer). When pricing offers one call for both
 * (its priceArticles), this is the line to change.
 */
export class TradePriceService {
  constructor(
    private readonly db: Database,
    private readonly repository: TradePriceRepository,
    private readonly now: () => Date,
  ) {}

  async prices(access: TradeAccess, articleIds: readonly number[]): Promise<TradePrice[]> {
    const organisation = access.user.organisationId as OrganisationId;
    const ids = [...new Set(articleIds)];
    const [articles, current] = await Promise.all([
      this.repository.articles(organisation, companyOf(access), ids),
      currentPrices(this.db, ids, access.store.id, this.now(), organisation),
    ]);
    const results: TradePrice[] = [];
    for (const article of articles) {
      const price = current.get(article.articleId);
      if (!price) continue;
      const offer = buildOffer({
        articleId: article.articleId,
        current: price,
        lowestOre: null,
        netOre: article.netOre,
        vatRateBp: article.vatRateBp,
        salesUnit: 'st',
        comparison: null,
      });
      const rate = article.vatRateBp / 10_000;
      const inclOre = Math.round(offer.price * 100);
      const ordinaryInclOre = offer.is_net_price
        ? price.priceOre
        : offer.reduced_from === null
          ? null
          : Math.round(offer.reduced_from * 100);
      results.push({
        article_id: article.articleId,
        price_ore: exclVat(inclOre, rate),
        price_incl_vat_ore: inclOre,
        ordinary_ore: ordinaryInclOre === null ? null : exclVat(ordinaryInclOre, rate),
        vat_rate_bp: article.vatRateBp,
        is_net_price: offer.is_net_price,
      });
    }
    return results.sort((a, b) => ids.indexOf(a.article_id) - ids.indexOf(b.article_id));
  }
}
