import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from '@bygg/db/orm';
import * as schema from '@bygg/db/schema/index';
import {
  CLIENT_OFFER_ALREADY_APPROVED,
  CLIENT_OFFER_EXPIRED,
  CLIENT_OFFER_NOT_FOUND_MESSAGE,
  CLIENT_OFFER_TERMS_REQUIRED,
  ClientOfferPageSchema,
  ClientOfferSchema,
} from '@bygg/contracts/trade/client-offers';
import {
  createProject,
  createStore,
  createTradeCompany,
  createTradeUser,
  type TestStore,
  type TestTradeUser,
} from '../../../../test/factories.ts';
import { buildTestApp, type TestApp } from '../../../../test/helper.ts';
import { offerHashDigest } from './service.ts';

// The end customer's client-offer calls (issue 19, trade-area §7 "Client offers"): the
// project token as a bearer value, the link's offer_hash for the decision; 404 that never
// tells whether an offer exists, one approval (409 after, no second event), the terms first
// (428), the validity date, the event and the mail to the trade user.
//
// Skipped until trade/index.ts registers clientOfferRoutes inside the end customer's
// project-token area (branch endcust's endCustomerArea) with the offers' loader (branch
// offers): both landed after this branch's stop time. The wiring is one call (routes.ts).

const NOW = new Date('2026-03-10T10:00:00Z');

let t: TestApp;
let store: TestStore;
let user: TestTradeUser;
let company: { id: number; name: string };

type Fixture = { projectId: number; endCustomerId: number; token: string };

function projectTokenHash(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}

function token(): string {
  return randomBytes(32).toString('base64url');
}

/** A project of the company with an invited end customer: its token. */
async function invitedProject(options: { termsAccepted?: boolean } = {}): Promise<Fixture> {
  const db = t.database.database.db;
  const [customer] = await db
    .insert(schema.endCustomers)
    .values({
      organisationId: store.organisation,
      companyId: company.id,
      name: 'Eva Kund',
      email: 'eva.kund@test.example',
    })
    .returning({ id: schema.endCustomers.id });
  if (!customer) throw new Error('no end customer');
  const project = await createProject(db, { company, store, createdBy: user });
  await db
    .update(schema.tradeProjects)
    .set({ endCustomerId: customer.id })
    .where(eq(schema.tradeProjects.id, project.id));
  const value = token();
  const [row] = await db
    .insert(schema.endCustomerProjectTokens)
    .values({
      projectId: project.id,
      endCustomerId: customer.id,
      tokenHash: projectTokenHash(value),
      expiresAt: new Date(NOW.getTime() + 30 * 86_400_000),
    })
    .returning({ id: schema.endCustomerProjectTokens.id });
  if (options.termsAccepted) {
    await db.insert(schema.endCustomerTermsAcceptances).values({
      projectId: project.id,
      endCustomerId: customer.id,
      acceptedAt: NOW,
      tokenId: row?.id ?? null,
    });
  }
  return { projectId: project.id, endCustomerId: customer.id, token: value };
}

let numbers = 5000;

/** A sent offer of the project with one work row (ROT) and an article: its id and link hash. */
async function sentOffer(
  fixture: Fixture,
  options: { validUntil?: string; status?: 'sent' | 'draft' } = {},
): Promise<{ id: number; hash: string }> {
  const db = t.database.database.db;
  const hash = token();
  numbers += 1;
  const validUntil = options.validUntil ?? '2026-04-09';
  const [offer] = await db
    .insert(schema.tradeOffers)
    .values({
      organisationId: store.organisation,
      companyId: company.id,
      storeId: store.id,
      projectId: fixture.projectId,
      endCustomerId: fixture.endCustomerId,
      number: `KO-${numbers}`,
      title: 'Nytt altandäck',
      recipientName: 'Eva Kund',
      recipientEmail: 'eva.kund@test.example',
      status: options.status ?? 'sent',
      validUntil,
      hashDigest: options.status === 'draft' ? null : offerHashDigest(hash),
      sentAt: options.status === 'draft' ? null : NOW,
      expiresAt: new Date(`${validUntil}T22:59:59Z`),
      createdByUserId: user.id,
    })
    .returning({ id: schema.tradeOffers.id });
  if (!offer) throw new Error('no offer');
  await db.insert(schema.tradeOfferWork).values({
    offerId: offer.id,
    position: 1,
    title: 'Bygga altan',
    hoursHundredths: 1000,
    rateOre: 50_000,
    deductionType: 'rot',
  });
  await db.insert(schema.tradeOfferRows).values({
    offerId: offer.id,
    position: 1,
    text: 'Bortforsling',
    amountOre: 80_000,
  });
  await db.insert(schema.tradeOfferDeductions).values({
    offerId: offer.id,
    position: 1,
    type: 'rot',
    personName: 'Eva Kund',
  });
  return { id: offer.id, hash };
}

const bearer = (value: string) => ({ authorization: `Bearer ${value}` });

function approve(fixture: Fixture, id: number, hash: string) {
  return t.app.inject({
    method: 'PUT',
    url: `/api/proffs/client-offer/${id}/approve/?offer_hash=${hash}`,
    headers: bearer(fixture.token),
  });
}

async function eventsOf(offerId: number) {
  return (await t.database.database.db.select().from(schema.tradeEvents)).filter(
    (event) => event.targetKind === 'offer' && event.targetId === String(offerId),
  );
}

beforeAll(async () => {
  t = await buildTestApp({ seeded: false, now: NOW });
  const db = t.database.database.db;
  store = await createStore(db, { name: 'Testbutiken Offert' });
  company = await createTradeCompany(db);
  user = await createTradeUser(db, { company, stores: [store], role: 'admin' });
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('client-offer/', () => {
  it('needs the project token: 401 without one or with an unknown one', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/api/proffs/client-offer/' });
    expect(none.statusCode).toBe(401);
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api/proffs/client-offer/',
      headers: bearer(token()),
    });
    expect(unknown.statusCode).toBe(401);
  });

  it("lists the project's sent offers only, never a draft or another project's", async () => {
    const mine = await invitedProject();
    const other = await invitedProject();
    const sent = await sentOffer(mine);
    const second = await sentOffer(mine);
    await t.database.database.db
      .update(schema.tradeOfferWork)
      .set({ hoursHundredths: 2000 })
      .where(eq(schema.tradeOfferWork.offerId, second.id));
    await sentOffer(mine, { status: 'draft' });
    await sentOffer(other);
    const reply = await t.app.inject({
      method: 'GET',
      url: '/api/proffs/client-offer/?page=1&page_size=10',
      headers: bearer(mine.token),
    });
    expect(reply.statusCode).toBe(200);
    const page = ClientOfferPageSchema.parse(reply.json());
    expect(page.results.map((offer) => offer.id).sort()).toEqual([sent.id, second.id].sort());
    expect(page.count).toBe(2);
    // Each offer's own amounts (read for the page at once): 10 h or 20 h × 500 kr with ROT and
    // 800 kr of rows; 7 250 kr incl. VAT − 1 875 kr ROT, and 13 500 kr − 3 750 kr.
    const amounts = Object.fromEntries(
      page.results.map((offer) => [offer.id, [offer.total_incl_vat_ore, offer.to_pay_ore]]),
    );
    expect(amounts).toEqual({
      [sent.id]: [725_000, 537_500],
      [second.id]: [1_350_000, 975_000],
    });
  });

  it('rejects a bad page size with 400 naming the field', async () => {
    const mine = await invitedProject();
    const reply = await t.app.inject({
      method: 'GET',
      url: '/api/proffs/client-offer/?page_size=1000',
      headers: bearer(mine.token),
    });
    expect(reply.statusCode).toBe(400);
    expect(JSON.stringify(reply.json())).toContain('page_size');
  });
});

describe('client-offer/{id}/', () => {
  it('shows the offer incl. VAT with the deduction and no purchase prices', async () => {
    const mine = await invitedProject();
    const offer = await sentOffer(mine);
    const reply = await t.app.inject({
      method: 'GET',
      url: `/api/proffs/client-offer/${offer.id}/`,
      headers: bearer(mine.token),
    });
    expect(reply.statusCode).toBe(200);
    const body = ClientOfferSchema.parse(reply.json());
    expect(body.status).toBe('sent');
    // 10 h × 500 kr = 5 000 kr + 800 kr row = 5 800 kr excl. VAT, 7 250 kr incl.
    expect(body.totals.total_incl_vat_ore).toBe(725_000);
    // ROT 30 % of the labour incl. VAT (6 250 kr): 1 875 kr.
    expect(body.totals.deduction_ore).toBe(187_500);
    expect(body.totals.to_pay_ore).toBe(725_000 - 187_500);
    expect(reply.body).not.toContain('net_price');
  });

  it("is 404 for another project's token, with the same message as an unknown id", async () => {
    const mine = await invitedProject();
    const other = await invitedProject();
    const offer = await sentOffer(mine);
    const foreign = await t.app.inject({
      method: 'GET',
      url: `/api/proffs/client-offer/${offer.id}/`,
      headers: bearer(other.token),
    });
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api/proffs/client-offer/99999999/',
      headers: bearer(other.token),
    });
    expect(foreign.statusCode).toBe(404);
    expect(unknown.statusCode).toBe(404);
    expect(foreign.json().message).toBe(CLIENT_OFFER_NOT_FOUND_MESSAGE);
    expect(unknown.json().message).toBe(CLIENT_OFFER_NOT_FOUND_MESSAGE);
  });
});

describe('client-offer/{id}/approve/', () => {
  it('approves once: recorded with time and who, one event, a mail; the second is 409', async () => {
    const mine = await invitedProject({ termsAccepted: true });
    const offer = await sentOffer(mine);
    const first = await approve(mine, offer.id, offer.hash);
    expect(first.statusCode).toBe(200);
    expect(ClientOfferSchema.parse(first.json()).status).toBe('approved');
    const [row] = await t.database.database.db
      .select()
      .from(schema.tradeOffers)
      .where(eq(schema.tradeOffers.id, offer.id));
    expect(row?.approvedAt?.toISOString()).toBe(NOW.toISOString());
    expect(row?.approvedByName).toBe('Eva Kund');
    expect(row?.termsAcceptedAt).not.toBeNull();
    const events = await eventsOf(offer.id);
    expect(events).toHaveLength(1);
    expect(events[0]?.type).toBe('offer_approved');
    expect(events[0]?.recipientUserId).toBe(user.id);

    const second = await approve(mine, offer.id, offer.hash);
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(CLIENT_OFFER_ALREADY_APPROVED);
    expect(await eventsOf(offer.id)).toHaveLength(1);
  });

  it('refuses a wrong hash and another project token with the same 404', async () => {
    const mine = await invitedProject({ termsAccepted: true });
    const other = await invitedProject({ termsAccepted: true });
    const offer = await sentOffer(mine);
    const wrong = await approve(mine, offer.id, token());
    const foreign = await approve(other, offer.id, offer.hash);
    for (const reply of [wrong, foreign]) {
      expect(reply.statusCode).toBe(404);
      expect(reply.json().message).toBe(CLIENT_OFFER_NOT_FOUND_MESSAGE);
    }
    expect(await eventsOf(offer.id)).toHaveLength(0);
  });

  it('rejects a malformed hash with 400', async () => {
    const mine = await invitedProject({ termsAccepted: true });
    const offer = await sentOffer(mine);
    const reply = await approve(mine, offer.id, 'kort');
    expect(reply.statusCode).toBe(400);
    expect(JSON.stringify(reply.json())).toContain('offer_hash');
  });

  it('needs the terms accepted first (428)', async () => {
    const mine = await invitedProject();
    const offer = await sentOffer(mine);
    const reply = await approve(mine, offer.id, offer.hash);
    expect(reply.statusCode).toBe(428);
    expect(reply.json().message).toBe(CLIENT_OFFER_TERMS_REQUIRED);
    expect(await eventsOf(offer.id)).toHaveLength(0);
  });

  it('refuses an offer past its validity date (409)', async () => {
    const mine = await invitedProject({ termsAccepted: true });
    const offer = await sentOffer(mine, { validUntil: '2026-03-01' });
    const reply = await approve(mine, offer.id, offer.hash);
    expect(reply.statusCode).toBe(409);
    expect(reply.json().message).toBe(CLIENT_OFFER_EXPIRED);
  });

  it('declines once, with its own event; approving after is 409', async () => {
    const mine = await invitedProject({ termsAccepted: true });
    const offer = await sentOffer(mine);
    const declined = await t.app.inject({
      method: 'PUT',
      url: `/api/proffs/client-offer/${offer.id}/decline/?offer_hash=${offer.hash}`,
      headers: bearer(mine.token),
    });
    expect(declined.statusCode).toBe(200);
    expect(ClientOfferSchema.parse(declined.json()).status).toBe('declined');
    expect((await eventsOf(offer.id)).map((e) => e.type)).toEqual(['offer_declined']);
    expect((await approve(mine, offer.id, offer.hash)).statusCode).toBe(409);
  });
});
