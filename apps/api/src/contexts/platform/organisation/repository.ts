import type { Database } from '@bygg/db/client';
import { asc, eq } from '@bygg/db/orm';
import { organisations } from '@bygg/db/schema/index';

export type OrganisationRow = typeof organisations.$inferSelect;

export class OrganisationsRepository {
  constructor(private readonly db: Database) {}

  async ids(executor: Database = this.db): Promise<string[]> {
    const rows = await executor
      .select({ id: organisations.id })
      .from(organisations)
      .orderBy(asc(organisations.id));
    return rows.map((row) => row.id);
  }

  async byId(id: string, executor: Database = this.db): Promise<OrganisationRow | undefined> {
    const [row] = await executor.select().from(organisations).where(eq(organisations.id, id));
    return row;
  }
}
