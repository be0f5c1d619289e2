import { addDays } from '@bygg/domain/invoice';
import { salePriceFromMarkup } from '@bygg/domain/offer-totals';
import { sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { queryRows } from '../client.ts';
import * as schema from '../schema/index.ts';

/**
 * One draft offer to an end customer per demo company (issue 19), made as a carpenter would
 * make it from the store quote of the seeded project "Altan Solbacken": the quote's first
 * lines at the quoted price plus 15 %, two days of labour with ROT, the removal of waste as a
 * free row and the customer's ROT deduction. Deterministic; after seedTradeQuotes.
 */
export async function seedTradeOffers(db: Database, today: Date): Promise<number> {
  const todayIso = today.toISOString().slice(0, 10);
  const quotes = await queryRows<{
    id: number;
    organisation_id: string;
    company_id: number;
    store_id: number;
    project_id: number;
  }>(
    db,
    sql`select distinct on (q.company_id) q.id, q.organisation_id, q.company_id, q.store_id,
        q.project_id
      from trade_quotes q where q.project_id is not null
      order by q.company_id, q.id`,
  );
  let made = 0;
  for (const quote of quotes) {
    const lines = await db
      .select()
      .from(schema.tradeQuoteLines)
      .where(
        sql`${schema.tradeQuoteLines.quoteId} = ${quote.id} and ${schema.tradeQuoteLines.quantity} <= 50`,
      )
      .orderBy(schema.tradeQuoteLines.position)
      .limit(3);
    const created = new Date(`${addDays(todayIso, -2)}T08:30:00Z`);
    const [offer] = await db
      .insert(schema.tradeOffers)
      .values({
        organisationId: quote.organisation_id,
        companyId: Number(quote.company_id),
        storeId: Number(quote.store_id),
        projectId: Number(quote.project_id),
        number: 'KO-1001',
        title: 'Altan med trädäck, Solbacken',
        message:
          'Hej! Här kommer offerten på altanen som vi pratade om. Hör av dig om du har frågor.',
        recipientName: 'Sara Solberg',
        recipientEmail: 'sara.solberg@example.se',
        validUntil: addDays(todayIso, 28),
        sourceQuoteId: Number(quote.id),
        createdAt: created,
        updatedAt: created,
      })
      .returning({ id: schema.tradeOffers.id });
    if (!offer) continue;
    if (lines.length > 0) {
      await db.insert(schema.tradeOfferItems).values(
        lines.map((l, i) => ({
          offerId: offer.id,
          position: i + 1,
          externalId: String(l.articleId),
          articleId: l.articleId,
          title: l.title,
          quantity: l.quantity,
          unit: l.unit,
          netPriceOre: l.unitPriceOre,
          unitPriceOre: salePriceFromMarkup(l.unitPriceOre, 1500),
          vatRateBp: l.vatRateBp,
        })),
      );
    }
    await db.insert(schema.tradeOfferWork).values([
      {
        offerId: offer.id,
        position: 1,
        title: 'Bygga altan och trädäck, två snickare',
        hoursHundredths: 3200,
        rateOre: 52_000,
        deductionType: 'rot',
      },
    ]);
    await db
      .insert(schema.tradeOfferRows)
      .values([
        { offerId: offer.id, position: 1, text: 'Bortforsling av byggavfall', amountOre: 120_000 },
      ]);
    await db
      .insert(schema.tradeOfferDeductions)
      .values([{ offerId: offer.id, position: 1, type: 'rot', personName: 'Sara Solberg' }]);
    made += 1;
  }
  return made;
}
