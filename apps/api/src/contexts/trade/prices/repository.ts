import { queryRows, type Database } from '@bygg/db/client';
import { sql } from '@bygg/db/orm';

export type PricedArticleRow = { articleId: number; vatRateBp: number };

export class TradePriceRepository {
  constructor(private readonly db: Database) {}

  /** The organisation's articles among the ids and their VAT rate (prices: the pricing context). */
  async articles(organisation: string, articleIds: readonly number[]): Promise<PricedArticleRow[]> {
    const rows = await queryRows<{ article_id: number; vat_rate_bp: number }>(
      this.db,
      sql`select a.id as article_id, p.vat_rate_bp
        from articles a
        join products p on p.id = a.product_id
        where a.id = any(${`{${articleIds.join(',')}}`}::int[])
          and ${organisation} = any(p.organisation_ids)`,
    );
    return rows.map((r) => ({
      articleId: Number(r.article_id),
      vatRateBp: Number(r.vat_rate_bp),
    }));
  }
}
