import { type Database } from '@bygg/db/client';
import { eq } from '@bygg/db/orm';
import * as schema from '@bygg/db/schema/index';
import type { TestStore } from './factories.ts';

let sequence = 0;

/** A customer of the company's register (issue 19), without a personal identity number. */
export async function createEndCustomer(
  db: Database,
  options: { company: { id: number }; store: TestStore; name?: string; email?: string },
): Promise<{ id: number; name: string; email: string }> {
  sequence += 1;
  const name = options.name ?? `Kund ${process.pid}-${sequence}`;
  const email = options.email ?? `kund-${process.pid}-${sequence}@test.example`;
  const [row] = await db
    .insert(schema.endCustomers)
    .values({
      organisationId: options.store.organisation,
      companyId: options.company.id,
      name,
      email,
    })
    .returning({ id: schema.endCustomers.id });
  if (!row) throw new Error('no end customer inserted');
  return { id: row.id, name, email };
}

/** Names the customer as the project's end customer. */
export async function setProjectEndCustomer(
  db: Database,
  project: { id: number },
  customer: { id: number; name: string },
): Promise<void> {
  await db
    .update(schema.tradeProjects)
    .set({ endCustomerId: customer.id, endCustomerName: customer.name })
    .where(eq(schema.tradeProjects.id, project.id));
}
