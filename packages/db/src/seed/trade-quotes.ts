import { addDays } from '@bygg/domain/invoice';
import { sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { queryRows } from '../client.ts';
import * as schema from '../schema/index.ts';
import { accountStore } from './trade-history.ts';
import type { TradeCompanySeed } from './users.ts';

type StoreRef = { id: number; organisationId: string; slug: string; externalId: string };

type Candidate = {
  id: number;
  title: string;
  unit: string;
  vat_rate_bp: number;
  price_ore: number;
};

const TITLES = ['Altan och trädäck', 'Tak, bostadshus', 'Badrumsrenovering'];

/**
 * Store quotes for each demo company's accounts (issue 18; the staff side that writes them
 * comes later): two open ones and an expired one per account, with articles the store has
 * plenty of in stock, quoted at 10 % below the list price excl. VAT. The first quote of each
 * account is for a seeded project and has a line of 250 (more than the quote cart takes, spec
 * §9), so that ordering it shows the line the validation rejects. Deterministic.
 */
export async function seedTradeQuotes(
  db: Database,
  companies: readonly TradeCompanySeed[],
  stores: readonly StoreRef[],
  today: Date,
): Promise<number> {
  const todayIso = today.toISOString().slice(0, 10);
  let quotes = 0;
  let lines = 0;
  for (const company of companies) {
    for (const account of company.accounts) {
      const store = accountStore(stores, company.organisationId, account.store);
      // Sellable and not hidden (availability bits 1 and 8), kept in stock and not
      // temporarily out (stock-type bits 2 and 4): lines the quote cart can order.
      const candidates = await queryRows<Candidate>(
        db,
        sql`select a.id, a.title, p.unit, p.vat_rate_bp, pr.price_ore
          from stores st
          join stock s on s.warehouse_id = st.warehouse_id and s.quantity_on_hand >= 60
            and (s.stock_type & 4) = 0 and (s.availability & 9) = 1
          join articles a on a.id = s.article_id
          join products p on p.id = a.product_id
          join prices pr on pr.article_id = a.id and pr.store_id is null
            and pr.organisation_id = ${company.organisationId}
          left join gift_card_articles g on g.article_id = a.id
          where st.id = ${store.id} and g.article_id is null
            and (a.availability & 9) = 1 and (a.stock_type & 6) = 0
            and ${company.organisationId} = any(p.organisation_ids)
          order by a.id limit 12`,
      );
      if (candidates.length < 4) continue;
      // The project the first quote is for (the projects of issue 18 seed more of their own).
      const [project] = await db
        .insert(schema.tradeProjects)
        .values({
          organisationId: company.organisationId,
          companyId: company.id,
          storeId: store.id,
          number: `P-9${String(store.id).padStart(3, '0')}`,
          name: 'Altan Solbacken',
          description: 'Ny altan med trädäck och räcke.',
          endCustomerName: 'Familjen Solberg',
          createdAt: new Date(`${addDays(todayIso, -30)}T09:00:00Z`),
          updatedAt: new Date(`${addDays(todayIso, -30)}T09:00:00Z`),
        })
        .returning({ id: schema.tradeProjects.id });
      if (project) {
        // Every user of the company may work on it.
        await db.execute(
          sql`insert into trade_project_users (project_id, user_id)
            select ${project.id}, u.id from trade_users u where u.company_id = ${company.id}`,
        );
      }
      for (let k = 0; k < 3; k++) {
        quotes += 1;
        const validUntil = k === 2 ? addDays(todayIso, -10) : addDays(todayIso, 30 - k * 7);
        const [quote] = await db
          .insert(schema.tradeQuotes)
          .values({
            organisationId: company.organisationId,
            number: `O-${5000 + company.id * 100 + store.id * 3 + k}`,
            companyId: company.id,
            storeId: store.id,
            projectId: k === 0 ? (project?.id ?? null) : null,
            title: TITLES[k] ?? 'Offert',
            note: 'Priserna gäller vid beställning före giltighetsdatum.',
            status: 'open',
            validUntil,
            createdAt: new Date(`${addDays(todayIso, -20 + k * 3)}T09:00:00Z`),
            sentAt: new Date(`${addDays(todayIso, -20 + k * 3)}T09:00:00Z`),
          })
          .returning({ id: schema.tradeQuotes.id });
        if (!quote) continue;
        const picked = candidates.slice(k * 4, k * 4 + 4);
        const rows = picked.map((c, position) => ({
          quoteId: quote.id,
          position,
          articleId: Number(c.id),
          title: c.title,
          quantity: k === 0 && position === picked.length - 1 ? 250 : 2 + position * 3,
          unit: c.unit,
          unitPriceOre: Math.round(
            (Number(c.price_ore) * 10_000 * 0.9) / (10_000 + Number(c.vat_rate_bp)),
          ),
          vatRateBp: Number(c.vat_rate_bp),
        }));
        if (rows.length > 0) await db.insert(schema.tradeQuoteLines).values(rows);
        lines += rows.length;
      }
    }
  }
  return quotes + lines;
}
