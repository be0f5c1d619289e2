import { type Database } from '@bygg/db/client';
import * as schema from '@bygg/db/schema/index';
import type { TestStore } from './factories.ts';

let sequence = 0;
const unique = (prefix: string) => `${prefix}-${process.pid}-${++sequence}`;

/** A project of the company, visible to the given users (administrators see all anyway). */
export async function createQuoteProject(
  db: Database,
  options: { company: { id: number }; store: TestStore; users?: ReadonlyArray<{ id: number }> },
): Promise<{ id: number; number: string; name: string }> {
  const number = unique('P');
  const name = `Projekt ${number}`;
  const [project] = await db
    .insert(schema.tradeProjects)
    .values({
      organisationId: options.store.organisation,
      companyId: options.company.id,
      storeId: options.store.id,
      number,
      name,
    })
    .returning({ id: schema.tradeProjects.id });
  if (!project) throw new Error('no project inserted');
  for (const user of options.users ?? []) {
    await db.insert(schema.tradeProjectUsers).values({ projectId: project.id, userId: user.id });
  }
  return { id: project.id, number, name };
}

/** A store quote for the company with one line per article (quoted price excl. VAT). */
export async function createQuote(
  db: Database,
  options: {
    company: { id: number };
    store: TestStore;
    projectId?: number | null;
    validUntil?: string;
    title?: string;
    /** A draft the store has not sent (issue 20): the customer never sees it. */
    draft?: boolean;
    createdByUserId?: number | null;
    lines: ReadonlyArray<{ articleId: number; quantity: number; unitPriceOre?: number }>;
  },
): Promise<{ id: number; number: string }> {
  const number = unique('O');
  const [quote] = await db
    .insert(schema.tradeQuotes)
    .values({
      organisationId: options.store.organisation,
      number,
      companyId: options.company.id,
      storeId: options.store.id,
      projectId: options.projectId ?? null,
      title: options.title ?? `Offert ${number}`,
      validUntil: options.validUntil ?? '2099-12-31',
      sentAt: options.draft ? null : new Date(),
      createdByUserId: options.createdByUserId ?? null,
    })
    .returning({ id: schema.tradeQuotes.id });
  if (!quote) throw new Error('no quote inserted');
  await db.insert(schema.tradeQuoteLines).values(
    options.lines.map((line, position) => ({
      quoteId: quote.id,
      position,
      articleId: line.articleId,
      title: `Rad ${position + 1}`,
      quantity: line.quantity,
      unit: 'st',
      unitPriceOre: line.unitPriceOre ?? 8_000,
      vatRateBp: 2500,
    })),
  );
  return { id: quote.id, number };
}
