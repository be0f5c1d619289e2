import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../client.ts';
import * as schema from '../schema/index.ts';
import { accountStore } from './trade-history.ts';

type StoreRef = { id: number; organisationId: string; slug: string; externalId: string };

/** A demo project (issue 18): the company, its store, who created it and who else has access. */
export type DemoProject = {
  companyId: number;
  store: string;
  number: string;
  name: string;
  description: string;
  endCustomerName: string;
  endCustomerRef: string;
  street: string;
  postcode: string;
  city: string;
  status: 'active' | 'finished';
  /** The creator's user name (gets access). */
  createdBy: string;
  /** Other users given access. */
  users: string[];
  /** How many of the account's newest invoices are on this project (the job cost). */
  invoices: number;
  /** The API adds a generated picture and drawing (PDF) on the first start (demo-files.ts). */
  files: boolean;
};

export const DEMO_PROJECTS: readonly DemoProject[] = [
  {
    companyId: 1,
    store: 'stockholm',
    number: 'P-1001',
    name: 'Köksrenovering Villa Ek',
    description: 'Nytt kök med öppen planlösning: riva vägg, nya reglar, gips och golv.',
    endCustomerName: 'Familjen Ek',
    endCustomerRef: 'EK-2026-03',
    street: 'Ekvägen 12',
    postcode: '16955',
    city: 'Solna',
    status: 'active',
    createdBy: 'anna.lindqvist@lindqvistbygg.example',
    users: ['olle.lindqvist@lindqvistbygg.example'],
    invoices: 2,
    files: true,
  },
  {
    companyId: 1,
    store: 'stockholm',
    number: 'P-1002',
    name: 'Takbyte Brf Björken',
    description: 'Byte av takpapp och läkt på två huskroppar.',
    endCustomerName: 'Brf Björken',
    endCustomerRef: 'BJ-14',
    street: 'Björkgatan 4',
    postcode: '17263',
    city: 'Sundbyberg',
    status: 'active',
    createdBy: 'olle.lindqvist@lindqvistbygg.example',
    users: [],
    invoices: 0,
    files: false,
  },
  {
    companyId: 1,
    store: 'goteborg',
    number: 'P-1003',
    name: 'Altan Lindholmen',
    description: 'Altan i tryckimpregnerat virke med räcke och trappa.',
    endCustomerName: 'Per Holm',
    endCustomerRef: '',
    street: 'Lindholmsallén 8',
    postcode: '41756',
    city: 'Göteborg',
    status: 'finished',
    createdBy: 'anna.lindqvist@lindqvistbygg.example',
    users: [],
    invoices: 1,
    files: false,
  },
  {
    companyId: 2,
    store: 'goteborg',
    number: 'P-1001',
    name: 'Trappa Villa Sjövik',
    description: 'Platsbyggd trappa i ek till övervåningen.',
    endCustomerName: 'Familjen Sjövik',
    endCustomerRef: '',
    street: 'Sjövägen 3',
    postcode: '43137',
    city: 'Mölndal',
    status: 'active',
    createdBy: 'erik.nordin@nordinssnickeri.example',
    users: [],
    invoices: 0,
    files: true,
  },
  {
    companyId: 3,
    store: 'rikslager',
    number: 'P-1001',
    name: 'Trapphusrenovering Ekholmen',
    description: 'Målning och nya golv i tre trapphus.',
    endCustomerName: 'Fastighets AB Ekholmen',
    endCustomerRef: 'FE-771',
    street: 'Ekholmsvägen 20',
    postcode: '58266',
    city: 'Linköping',
    status: 'active',
    createdBy: 'maria.ekholm@ekholmsfastighet.example',
    users: [],
    invoices: 0,
    files: false,
  },
  {
    companyId: 4,
    store: '3001',
    number: 'P-1001',
    name: 'Takomläggning Gården',
    description: 'Omläggning av tegeltak, ny underlagspapp.',
    endCustomerName: 'Gårdens samfällighet',
    endCustomerRef: '',
    street: 'Gårdsvägen 1',
    postcode: '73130',
    city: 'Köping',
    status: 'active',
    createdBy: 'lars.berg@bergstak.example',
    users: [],
    invoices: 1,
    files: true,
  },
];

/**
 * The demo projects, their access and the invoices on them. Projects whose store or users are
 * not in this (smaller) data set are left out.
 */
export async function seedDemoProjects(
  db: Database,
  stores: readonly StoreRef[],
  today: Date,
): Promise<number> {
  const users = await db
    .select({ id: schema.tradeUsers.id, username: schema.tradeUsers.username })
    .from(schema.tradeUsers);
  const userId = (username: string) => users.find((u) => u.username === username)?.id;
  const companies = await db
    .select({ id: schema.tradeCompanies.id, organisationId: schema.tradeCompanies.organisationId })
    .from(schema.tradeCompanies);
  let rows = 0;
  for (const demo of DEMO_PROJECTS) {
    const company = companies.find((c) => c.id === demo.companyId);
    const creator = userId(demo.createdBy);
    if (!company || creator === undefined) continue;
    let store: StoreRef;
    try {
      store = accountStore(stores, company.organisationId, demo.store);
    } catch {
      continue;
    }
    const [project] = await db
      .insert(schema.tradeProjects)
      .values({
        organisationId: company.organisationId,
        companyId: company.id,
        storeId: store.id,
        number: demo.number,
        name: demo.name,
        description: demo.description,
        endCustomerName: demo.endCustomerName,
        endCustomerRef: demo.endCustomerRef,
        street: demo.street,
        postcode: demo.postcode,
        city: demo.city,
        status: demo.status,
        createdByUserId: creator,
        createdAt: today,
        updatedAt: today,
      })
      .returning({ id: schema.tradeProjects.id });
    if (!project) throw new Error(`Demo project ${demo.number} not inserted`);
    const access = [creator, ...demo.users.map(userId)].filter(
      (id): id is number => id !== undefined,
    );
    await db
      .insert(schema.tradeProjectUsers)
      .values(access.map((id) => ({ projectId: project.id, userId: id, grantedAt: today })))
      .onConflictDoNothing();
    rows += 1 + access.length;
    if (demo.invoices > 0) {
      const newest = await db
        .select({ id: schema.tradeInvoices.id })
        .from(schema.tradeInvoices)
        .where(
          and(
            eq(schema.tradeInvoices.companyId, company.id),
            eq(schema.tradeInvoices.storeId, store.id),
          ),
        )
        .orderBy(desc(schema.tradeInvoices.issuedOn), asc(schema.tradeInvoices.id))
        .limit(demo.invoices);
      if (newest.length > 0) {
        await db
          .update(schema.tradeInvoices)
          .set({ projectId: project.id })
          .where(
            inArray(
              schema.tradeInvoices.id,
              newest.map((i) => i.id),
            ),
          );
        rows += newest.length;
      }
    }
  }
  return rows;
}
