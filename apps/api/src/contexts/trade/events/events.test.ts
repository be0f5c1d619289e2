import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_NOT_FOUND_MESSAGE, NotificationPageSchema } from '@bygg/contracts/trade/events';
import { recordEvent } from '../index.ts';
import {
  createStore,
  createTradeCompany,
  createTradeUser,
  type TestStore,
  type TestTradeUser,
} from '../../../../test/factories.ts';
import {
  buildTestApp,
  sessionCookie,
  sessionHeaders,
  type TestApp,
} from '../../../../test/helper.ts';

describe('api/proffs/{eid}/notification/', () => {
  let t: TestApp;
  let store: TestStore;
  let otherStore: TestStore;
  let user: TestTradeUser;
  let colleague: TestTradeUser;
  let cookie: string;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await buildTestApp({ seeded: false });
    const db = t.database.database.db;
    store = await createStore(db);
    otherStore = await createStore(db);
    const company = await createTradeCompany(db);
    user = await createTradeUser(db, {
      company,
      stores: [store, otherStore],
      rights: { invoices: false },
    });
    colleague = await createTradeUser(db, { company, stores: [store] });
    cookie = await sessionCookie(t.app, user.credentials);
    const base = { organisationId: 'store-chain', companyId: company.id, text: 'Text' };
    const at = (minute: number) => new Date(Date.UTC(2026, 5, 1, 10, minute));
    ids.everyone = await recordEvent(db, {
      ...base,
      storeId: null,
      type: 'message_received',
      title: 'Alla butiker',
      createdAt: at(1),
    });
    ids.order = await recordEvent(db, {
      ...base,
      storeId: store.id,
      requiredRight: 'orders',
      type: 'order_placed',
      title: 'Order',
      target: { kind: 'order', id: '7' },
      createdAt: at(2),
    });
    ids.invoice = await recordEvent(db, {
      ...base,
      storeId: store.id,
      requiredRight: 'invoices',
      type: 'invoice_issued',
      title: 'Faktura (kräver rätt)',
      createdAt: at(3),
    });
    ids.mine = await recordEvent(db, {
      ...base,
      storeId: store.id,
      recipientUserId: user.id,
      type: 'quote_answered',
      title: 'Till mig',
      createdAt: at(4),
    });
    ids.colleague = await recordEvent(db, {
      ...base,
      storeId: store.id,
      recipientUserId: colleague.id,
      type: 'quote_answered',
      title: 'Till kollegan',
      createdAt: at(5),
    });
    ids.elsewhere = await recordEvent(db, {
      ...base,
      storeId: otherStore.id,
      type: 'order_placed',
      title: 'Annan butik',
      createdAt: at(6),
    });
    const stranger = await createTradeCompany(db);
    ids.stranger = await recordEvent(db, {
      ...base,
      companyId: stranger.id,
      storeId: store.id,
      type: 'order_placed',
      title: 'Annat företag',
    });
  });

  afterAll(async () => {
    await t?.close();
  });

  const list = async (query = '') =>
    NotificationPageSchema.parse(
      (
        await t.app.inject({
          url: `/api/proffs/${store.externalId}/notification/${query}`,
          headers: { cookie },
        })
      ).json(),
    );
  const markSeen = (id: number | string) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/proffs/${store.externalId}/notification/${id}/mark_as_seen/`,
      headers: sessionHeaders(cookie),
    });

  it('shows the user their events in the store, newest first, with the unseen count', async () => {
    const page = await list();
    expect(page.results.map((e) => e.title)).toEqual(['Till mig', 'Order', 'Alla butiker']);
    expect(page.count).toBe(3);
    expect(page.unseen_count).toBe(3);
    expect(page.results[1]).toMatchObject({
      type: 'order_placed',
      target: { kind: 'order', id: '7' },
      is_seen: false,
    });
  });

  it('pages with next links', async () => {
    const first = await list('?page_size=2');
    expect(first.results).toHaveLength(2);
    expect(first.next).toContain('page=2');
    const second = await list('?page_size=2&page=2');
    expect(second.results.map((e) => e.title)).toEqual(['Alla butiker']);
    expect(second.next).toBeNull();
  });

  it('marks an event seen (204, again 204) and the badge goes down', async () => {
    expect((await markSeen(ids.order ?? 0)).statusCode).toBe(204);
    expect((await markSeen(ids.order ?? 0)).statusCode).toBe(204);
    const page = await list();
    expect(page.unseen_count).toBe(2);
    expect(page.results.find((e) => e.id === ids.order)?.is_seen).toBe(true);
    // Seen by this user only.
    const other = NotificationPageSchema.parse(
      (
        await t.app.inject({
          url: `/api/proffs/${store.externalId}/notification/`,
          headers: { cookie: await sessionCookie(t.app, colleague.credentials) },
        })
      ).json(),
    );
    expect(other.results.find((e) => e.id === ids.order)?.is_seen).toBe(false);
  });

  it("answers 404 for an event the user may not see: another's, another company's, a right missing", async () => {
    for (const key of ['colleague', 'stranger', 'invoice', 'elsewhere']) {
      const response = await markSeen(ids[key] ?? 0);
      expect(response.statusCode, key).toBe(404);
      expect(response.json().message).toBe(EVENT_NOT_FOUND_MESSAGE);
    }
    expect((await markSeen(999_999)).statusCode).toBe(404);
    expect((await markSeen('x')).statusCode).toBe(400);
  });
});
