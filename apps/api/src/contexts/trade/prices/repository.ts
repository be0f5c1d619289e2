import { queryRows, type Database } from '@bygg/db/client';
import { sql } from '@bygg/db/orm';

export type PricedArticleRow = { articleId: number; vatRateBp: number; netOre: number | null };

export class TradePriceRepository {
  constructor(private readonly db: Database) {}

  /** The organisation's articles among the ids, their VAT rate and the company's net price. */
  async articles(
    organisation: string,
    companyId: number,
    articleIds: readonly number[],
  ): Promise<PricedArticleRow[]> {
    const rows = await queryRows<{
      article_id: number;
      vat_rate_bp: number;
      net_ore: number | null;
    }>(
      this.db,
      sql`select a.id as article_id, p.vat_rate_bp, n.price_ore as net_ore
        from articles a
        join products p on p.id = a.product_id
        left join net_prices n on n.company_id = ${companyId} and n.article_id = a.id
        where a.id = any(${`{${articleIds.join(',')}}`}::int[])
          and ${organisation} = any(p.organisation_ids)`,
    );
    return rows.map((r) => ({
      articleId: Number(r.article_id),
      vatRateBp: Number(r.vat_rate_bp),
      netOre: r.net_ore === null ? null : Number(r.net_ore),
    }));
  }
}
