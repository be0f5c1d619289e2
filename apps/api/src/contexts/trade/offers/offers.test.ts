import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '@bygg/db/client';
import { sql } from '@bygg/db/orm';
import {
  OFFER_APPROVED_READ_ONLY,
  OFFER_NO_RECIPIENT,
  OFFER_NOT_FOUND_MESSAGE,
  OFFER_VALID_UNTIL_PAST,
} from '@bygg/contracts/trade/offers';
import { END_CUSTOMER_NOT_FOUND_MESSAGE } from '@bygg/contracts/trade/end-customers';
import {
  createArticle,
  createStore,
  createTradeCompany,
  createTradeUser,
  type TestArticle,
  type TestStore,
} from '../../../../test/factories.ts';
import {
  buildTestApp,
  sessionCookie,
  sessionHeaders,
  type TestApp,
} from '../../../../test/helper.ts';
import { createQuote, createQuoteProject } from '../../../../test/quote-factories.ts';
import type { MailMessage } from '../../../lib/mail.ts';
import {
  OFFER_ID_MISMATCH,
  SEND_NEEDS_PROJECT,
  SEND_OTHER_CUSTOMER,
  SHARES_TOO_LARGE,
} from './service.ts';

describe('offers to end customers (issue 19)', () => {
  let t: TestApp;
  let store: TestStore;
  let admin: string;
  let user: string;
  let project: { id: number; number: string; name: string };
  let hidden: { id: number };
  let article: TestArticle;
  let quoteId = 0;
  let hiddenQuoteId = 0;
  let companyRef: { id: number };
  const mails: MailMessage[] = [];
  let mailFails = false;

  beforeAll(async () => {
    t = await buildTestApp({
      seeded: false,
      now: new Date('2026-03-02T10:00:00Z'),
      mailer: {
        async send(message) {
          if (mailFails) throw new Error('smtp down');
          mails.push(message);
        },
      },
    });
    const db = t.database.database.db;
    store = await createStore(db);
    const company = await createTradeCompany(db);
    companyRef = company;
    const adminUser = await createTradeUser(db, { role: 'admin', company, stores: [store] });
    const plain = await createTradeUser(db, { company, stores: [store] });
    admin = await sessionCookie(t.app, adminUser.credentials);
    user = await sessionCookie(t.app, plain.credentials);
    project = await createQuoteProject(db, { company, store, users: [plain] });
    hidden = await createQuoteProject(db, { company, store });
    // 125 kr incl. VAT = 100 kr excl. VAT.
    article = await createArticle(db, {
      title: 'Trall 28x120',
      priceOre: 12_500,
      stock: { store, quantity: 100 },
    });
    quoteId = (
      await createQuote(db, {
        company,
        store,
        projectId: project.id,
        title: 'Altan',
        lines: [{ articleId: article.id, quantity: 10, unitPriceOre: 9_000 }],
      })
    ).id;
    hiddenQuoteId = (
      await createQuote(db, {
        company,
        store,
        projectId: hidden.id,
        lines: [{ articleId: article.id, quantity: 1, unitPriceOre: 9_000 }],
      })
    ).id;
  });

  afterAll(async () => {
    await t?.close();
  });

  const url = (path: string) => `/api/proffs/${store.externalId}/${path}`;
  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    cookie: string,
    path: string,
    payload?: object,
  ) =>
    t.app.inject({
      method,
      url: url(path),
      headers: sessionHeaders(cookie),
      ...(payload ? { payload } : {}),
    });
  const create = async (body: object = {}) => {
    const r = await call('POST', user, 'offer/', {
      title: 'Badrum',
      project_id: project.id,
      recipient_name: 'Anna Andersson',
      recipient_email: 'anna@example.se',
      ...body,
    });
    expect(r.statusCode).toBe(201);
    return r.json();
  };
  const db = () => t.database.database.db;

  describe('offer/ and offer/{id}/', () => {
    it('creates a draft with a number, a 30-day validity and zero totals', async () => {
      const offer = await create();
      expect(offer).toMatchObject({
        status: 'draft',
        version: 1,
        editable: true,
        valid_until: '2026-04-01',
        project: { id: project.id },
        end_customer: { id: null, name: 'Anna Andersson', email: 'anna@example.se' },
        totals: { to_pay_ore: 0, rot_rate_bp: 3000, rules_date: '2026-03-02' },
      });
      expect(offer.number).toMatch(/^KO-\d{4,}$/);
      const again = await create();
      expect(Number(again.number.slice(3))).toBe(Number(offer.number.slice(3)) + 1);
    });

    it('answers 400 naming the field', async () => {
      const noTitle = await call('POST', user, 'offer/', { title: '' });
      expect(noTitle.statusCode).toBe(400);
      expect(noTitle.json().fields[0].path).toContain('title');
      const past = await call('POST', user, 'offer/', { title: 'X', valid_until: '2026-01-01' });
      expect(past.statusCode).toBe(400);
      expect(past.json().fields).toEqual([
        { path: 'body.valid_until', message: OFFER_VALID_UNTIL_PAST },
      ]);
      const badMail = await call('POST', user, 'offer/', { title: 'X', recipient_email: 'nej' });
      expect(badMail.statusCode).toBe(400);
      expect(badMail.json().fields[0].path).toContain('recipient_email');
      const hiddenProject = await call('POST', user, 'offer/', {
        title: 'X',
        project_id: hidden.id,
      });
      expect(hiddenProject.statusCode).toBe(400);
      expect(hiddenProject.json().fields[0].path).toBe('body.project_id');
    });

    it('lists the latest versions with search and project filter; 404 for an unknown id', async () => {
      const mine = await create({ title: 'Kök hos Berg' });
      const list = (await call('GET', user, `offer/?search=${encodeURIComponent('Berg')}`)).json();
      expect(list.results.map((o: { id: number }) => o.id)).toEqual([mine.id]);
      const byProject = (await call('GET', user, `offer/?project_id=${project.id}`)).json();
      expect(byProject.count).toBeGreaterThanOrEqual(3);
      expect((await call('GET', user, `offer/?page_size=1`)).json().next).toContain('page=2');
      expect((await call('GET', user, 'offer/?page=0')).statusCode).toBe(400);
      const missing = await call('GET', user, 'offer/99999999/');
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toBe(OFFER_NOT_FOUND_MESSAGE);
    });

    it('hides an offer of a project the user has no access to; the admin sees it', async () => {
      const r = await call('POST', admin, 'offer/', { title: 'Dold', project_id: hidden.id });
      expect(r.statusCode).toBe(201);
      const id = r.json().id;
      expect((await call('GET', user, `offer/${id}/`)).statusCode).toBe(404);
      expect((await call('GET', admin, `offer/${id}/`)).statusCode).toBe(200);
      expect((await call('DELETE', user, `offer/${id}/`)).statusCode).toBe(404);
    });

    it('moves an offer to a project with PATCH and deletes it', async () => {
      const offer = await create({ project_id: null });
      const moved = await call('PATCH', user, `offer/${offer.id}/`, { project_id: project.id });
      expect(moved.statusCode).toBe(200);
      expect(moved.json().project.id).toBe(project.id);
      expect((await call('PATCH', user, `offer/${offer.id}/`, {})).statusCode).toBe(400);
      expect((await call('DELETE', user, `offer/${offer.id}/`)).statusCode).toBe(204);
      expect((await call('GET', user, `offer/${offer.id}/`)).statusCode).toBe(404);
    });
  });

  describe('lines and totals', () => {
    it('adds an article at the net price with a markup, work with ROT, a row, a surcharge', async () => {
      const offer = await create();
      const item = await call('POST', user, `offer/${offer.id}/item/`, {
        external_id: String(article.id),
        offer_id: offer.id,
        title: '',
        quantity: 10,
        markup_bp: 2000,
      });
      expect(item.statusCode).toBe(201);
      expect(item.json().items[0]).toMatchObject({
        external_id: String(article.id),
        title: 'Trall 28x120',
        net_price_ore: 10_000,
        unit_price_ore: 12_000,
        sum_ore: 120_000,
        margin_bp: 1667,
      });
      await call('POST', user, `offer/${offer.id}/work/`, {
        title: 'Snickeri',
        hours_hundredths: 4000,
        rate_ore: 55_000,
        deduction_type: 'rot',
      });
      await call('POST', user, `offer/${offer.id}/row/`, {
        text: 'Bortforsling',
        amount_ore: 150_000,
      });
      await call('POST', user, `offer/${offer.id}/deduction/`, {
        type: 'rot',
        person_name: 'Anna Andersson',
      });
      const r = await call('PUT', user, `offer/${offer.id}/surcharge/`, {
        type: 'percent',
        percent_bp: 1000,
      });
      expect(r.statusCode).toBe(200);
      const t1 = r.json().totals;
      // 1 200 + 22 000 + 1 500 = 24 700 kr; +10 % = 27 170 kr; moms 6 792,50; incl. 33 962,50
      expect(t1).toMatchObject({
        items_ore: 120_000,
        work_ore: 2_200_000,
        rows_ore: 150_000,
        subtotal_ore: 2_470_000,
        surcharge_ore: 247_000,
        total_excl_vat_ore: 2_717_000,
        vat_ore: 679_250,
        total_incl_vat_ore: 3_396_250,
        rot_labour_incl_vat_ore: 2_750_000,
        rot_ore: 825_000,
        after_deduction_ore: 2_571_250,
        // 25 712,50 kr: öresavrundning half up to 25 713 kr
        rounding_ore: 50,
        to_pay_ore: 2_571_300,
      });
      expect(r.json().surcharge).toEqual({ type: 'percent', percent_bp: 1000, amount_ore: null });
      expect(r.json().deductions[0]).toMatchObject({ amount_ore: 825_000, capped: false });

      // Change and remove lines.
      const itemId = r.json().items[0].id;
      const put = await call('PUT', user, `offer/${offer.id}/item/${itemId}/`, {
        quantity: 5,
        unit_price_ore: 15_000,
      });
      expect(put.statusCode).toBe(200);
      expect(put.json().items[0]).toMatchObject({ quantity: 5, sum_ore: 75_000 });
      const rowId = put.json().rows[0].id;
      const del = await call('DELETE', user, `offer/${offer.id}/row/${rowId}/`);
      expect(del.statusCode).toBe(200);
      expect(del.json().rows).toEqual([]);
      expect((await call('DELETE', user, `offer/${offer.id}/row/${rowId}/`)).statusCode).toBe(404);
      const workId = del.json().work[0].id;
      const work = await call('PUT', user, `offer/${offer.id}/work/${workId}/`, {
        title: 'Snickeri',
        hours_hundredths: 750,
        rate_ore: 60_000,
        deduction_type: null,
      });
      expect(work.json().work[0]).toMatchObject({ sum_ore: 450_000, deduction_type: null });
      expect(work.json().totals.rot_ore).toBe(0);
      const none = await call('PUT', user, `offer/${offer.id}/surcharge/`, {
        type: 'amount',
        amount_ore: 10_000,
      });
      expect(none.json().totals.surcharge_ore).toBe(10_000);
    });

    it("the editor's flow: an offer from a store quote, work with ROT, then the deduction", async () => {
      // The e2e run of issue 19: the deduction added after the labour shows in the totals.
      const made = await call('POST', user, 'offer/from_quote/', { quote_id: quoteId });
      expect(made.statusCode).toBe(201);
      const id = made.json().id;
      const work = await call('POST', user, `offer/${id}/work/`, {
        title: 'Bygga altan',
        hours_hundredths: 1600,
        rate_ore: 55_000,
        deduction_type: 'rot',
      });
      expect(work.statusCode).toBe(201);
      expect(work.json().totals).toMatchObject({ work_ore: 880_000, rot_ore: 0 });
      const r = await call('POST', user, `offer/${id}/deduction/`, {
        type: 'rot',
        person_name: 'Eva Kund',
      });
      expect(r.statusCode).toBe(201);
      // 16 h × 550 kr = 8 800 kr; 11 000 kr incl. VAT; ROT 30 % = 3 300 kr.
      expect(r.json().totals).toMatchObject({
        rot_labour_incl_vat_ore: 1_100_000,
        rot_ore: 330_000,
        deduction_ore: 330_000,
      });
      expect(r.json().deductions).toEqual([
        expect.objectContaining({ person_name: 'Eva Kund', amount_ore: 330_000, capped: false }),
      ]);
      const again = (await call('GET', user, `offer/${id}/`)).json();
      expect(again.totals.rot_ore).toBe(330_000);
      expect(again.totals.to_pay_ore).toBe(
        again.totals.total_incl_vat_ore - 330_000 + again.totals.rounding_ore,
      );
    });

    it('answers 400 for a wrong offer_id, an unknown article, bad work and too large shares', async () => {
      const offer = await create();
      const wrong = await call('POST', user, `offer/${offer.id}/item/`, {
        external_id: String(article.id),
        offer_id: offer.id + 1,
        quantity: 1,
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().fields).toEqual([{ path: 'body.offer_id', message: OFFER_ID_MISMATCH }]);
      const unknown = await call('POST', user, `offer/${offer.id}/item/`, {
        external_id: '99999999',
        offer_id: offer.id,
        quantity: 1,
      });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().fields[0].path).toBe('body.external_id');
      const zero = await call('POST', user, `offer/${offer.id}/item/`, {
        external_id: String(article.id),
        offer_id: offer.id,
        quantity: 0,
      });
      expect(zero.statusCode).toBe(400);
      expect(zero.json().fields[0].path).toContain('quantity');
      const hours = await call('POST', user, `offer/${offer.id}/work/`, {
        title: 'X',
        hours_hundredths: 1.5,
        rate_ore: 100,
      });
      expect(hours.statusCode).toBe(400);
      const badSurcharge = await call('PUT', user, `offer/${offer.id}/surcharge/`, {
        type: 'percent',
      });
      expect(badSurcharge.statusCode).toBe(400);
      await call('POST', user, `offer/${offer.id}/deduction/`, {
        type: 'rot',
        person_name: 'A',
        share_bp: 6000,
      });
      const over = await call('POST', user, `offer/${offer.id}/deduction/`, {
        type: 'rot',
        person_name: 'B',
        share_bp: 5000,
      });
      expect(over.statusCode).toBe(400);
      expect(over.json().fields).toEqual([{ path: 'body.share_bp', message: SHARES_TOO_LARGE }]);
      // Nothing was stored by the refused call.
      expect((await call('GET', user, `offer/${offer.id}/`)).json().deductions).toHaveLength(1);
      expect(
        (await call('PUT', user, `offer/${offer.id}/item/99999999/`, { quantity: 1 })).statusCode,
      ).toBe(404);
    });
  });

  describe('send/, versions and states', () => {
    const sendable = async (body: object = {}) => {
      const offer = await create(body);
      await call('POST', user, `offer/${offer.id}/work/`, {
        title: 'Montering',
        hours_hundredths: 800,
        rate_ore: 50_000,
        deduction_type: 'rot',
      });
      await call('POST', user, `offer/${offer.id}/deduction/`, {
        type: 'rot',
        person_name: 'Anna',
      });
      return offer;
    };

    it('refuses to send without an e-mail address, a project or lines', async () => {
      const empty = await create();
      const noLines = await call('POST', user, `offer/${empty.id}/send/`, {});
      expect(noLines.statusCode).toBe(400);
      const noMail = await sendable({ recipient_email: '' });
      const r1 = await call('POST', user, `offer/${noMail.id}/send/`, {});
      expect(r1.statusCode).toBe(400);
      expect(r1.json().fields).toEqual([
        { path: 'body.recipient_email', message: OFFER_NO_RECIPIENT },
      ]);
      const noProject = await sendable({ project_id: null });
      const r2 = await call('POST', user, `offer/${noProject.id}/send/`, {});
      expect(r2.json().fields).toEqual([{ path: 'body.project_id', message: SEND_NEEDS_PROJECT }]);
    });

    it('sends: mails a link with an unguessable hash, stores only its digest, records an event', async () => {
      const offer = await sendable();
      const before = mails.length;
      const r = await call('POST', user, `offer/${offer.id}/send/`, { message: 'Välkommen!' });
      expect(r.statusCode).toBe(200);
      expect(r.json()).toMatchObject({ status: 'sent', editable: false, message: 'Välkommen!' });
      expect(r.json().expires_at).toBe('2026-04-01T22:00:00.000Z'); // end of 1 April, CEST
      expect(mails).toHaveLength(before + 1);
      const mail = mails.at(-1)!;
      expect(mail.to).toBe('anna@example.se');
      const link = new RegExp(
        `/kund/${store.slug}/dashboard/projekt/${project.id}/offert/${offer.id}/\\?offer_hash=([A-Za-z0-9_-]{43})`,
      );
      const hash = mail.text.match(link)?.[1];
      expect(hash).toBeDefined();
      expect(mail.text).toContain('Att betala: 3\u00a0500:- kr');
      const [row] = await queryRows<{ hash_digest: string }>(
        db(),
        sql`select hash_digest from trade_offers where id = ${offer.id}`,
      );
      expect(row!.hash_digest).toBe(createHash('sha256').update(hash!).digest('hex'));
      expect(row!.hash_digest).not.toContain(hash!);
      const events = await queryRows<{ type: string; target_id: string }>(
        db(),
        sql`select type, target_id from trade_events where target_kind = 'offer' and target_id = ${String(offer.id)}`,
      );
      expect(events).toEqual([{ type: 'offer_sent', target_id: String(offer.id) }]);
    });

    it('the link opens the project: a project token for the recipient, who joins the register', async () => {
      const own = await createQuoteProject(db(), { company: companyRef, store, users: [] });
      const offer = await sendable({
        project_id: null,
        recipient_name: 'Eva Kund',
        recipient_email: 'Eva.Kund@example.se',
      });
      await call('PATCH', admin, `offer/${offer.id}/`, { project_id: own.id });
      const r = await call('POST', admin, `offer/${offer.id}/send/`, {});
      expect(r.statusCode).toBe(200);
      const token = mails.at(-1)!.text.match(/[?&]token=([A-Za-z0-9_-]{43})/)?.[1];
      expect(token).toBeDefined();
      // The register customer made from the recipient, tied to the project and the offer.
      const [customer] = await queryRows<{ id: number; name: string; email: string }>(
        db(),
        sql`select id, name, email from end_customers
          where company_id = ${companyRef.id} and email = 'eva.kund@example.se'`,
      );
      expect(customer).toMatchObject({ name: 'Eva Kund' });
      const [linked] = await queryRows<{ end_customer_id: number; end_customer_name: string }>(
        db(),
        sql`select end_customer_id, end_customer_name from trade_projects where id = ${own.id}`,
      );
      expect(linked).toEqual({ end_customer_id: customer!.id, end_customer_name: 'Eva Kund' });
      expect(r.json().end_customer.id).toBe(customer!.id);
      // The customer's page lists its offers (end_customer_id).
      const theirs = (await call('GET', admin, `offer/?end_customer_id=${customer!.id}`)).json();
      expect(theirs.results.map((o: { id: number }) => o.id)).toEqual([offer.id]);
      // The client-offer calls take the token as a bearer value.
      const seen = await t.app.inject({
        method: 'GET',
        url: `/api/proffs/client-offer/${offer.id}/`,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(seen.statusCode).toBe(200);
      expect(seen.json()).toMatchObject({ id: offer.id, to_pay_ore: r.json().totals.to_pay_ore });
      const wrong = await t.app.inject({
        method: 'GET',
        url: `/api/proffs/client-offer/${offer.id}/`,
        headers: { authorization: `Bearer ${'x'.repeat(43)}` },
      });
      expect(wrong.statusCode).toBe(401);

      // A second offer to the same address finds that customer; no second register row.
      const second = await sendable({ project_id: null, recipient_email: 'eva.kund@example.se' });
      await call('PATCH', admin, `offer/${second.id}/`, { project_id: own.id });
      expect((await call('POST', admin, `offer/${second.id}/send/`, {})).statusCode).toBe(200);
      const [count] = await queryRows<{ n: number }>(
        db(),
        sql`select count(*)::int as n from end_customers
          where company_id = ${companyRef.id} and email = 'eva.kund@example.se'`,
      );
      expect(count!.n).toBe(1);

      // An offer tied to another register customer than the project's: refused, nothing sent.
      const [other] = await queryRows<{ id: number }>(
        db(),
        sql`insert into end_customers (organisation_id, company_id, name, email)
          values (${store.organisation}, ${companyRef.id}, 'Olle Annan', 'olle@example.se')
          returning id`,
      );
      const third = await sendable({ project_id: null, end_customer_id: other!.id });
      await call('PATCH', admin, `offer/${third.id}/`, { project_id: own.id });
      const before = mails.length;
      const refused = await call('POST', admin, `offer/${third.id}/send/`, {});
      expect(refused.statusCode).toBe(400);
      expect(refused.json().fields).toEqual([
        { path: 'body.project_id', message: SEND_OTHER_CUSTOMER },
      ]);
      expect(mails).toHaveLength(before);
      expect((await call('GET', admin, `offer/${third.id}/`)).json().status).toBe('draft');

      // A customer of another company's register cannot be tied to an offer.
      const stranger = await createTradeCompany(db());
      const [foreign] = await queryRows<{ id: number }>(
        db(),
        sql`insert into end_customers (organisation_id, company_id, name, email)
          values (${store.organisation}, ${stranger.id}, 'Främmande Kund', 'annan@example.se')
          returning id`,
      );
      const tied = await call('PATCH', admin, `offer/${third.id}/`, {
        end_customer_id: foreign!.id,
      });
      expect(tied.statusCode).toBe(400);
      expect(tied.json().fields).toEqual([
        { path: 'body.end_customer_id', message: END_CUSTOMER_NOT_FOUND_MESSAGE },
      ]);
    });

    it('editing a sent offer makes a new draft version; the old link stops working', async () => {
      const offer = await sendable();
      await call('POST', user, `offer/${offer.id}/send/`, {});
      const sent = (await call('GET', user, `offer/${offer.id}/`)).json();
      const workId = sent.work[0].id;
      const r = await call('PUT', user, `offer/${offer.id}/work/${workId}/`, {
        title: 'Montering',
        hours_hundredths: 1000,
        rate_ore: 50_000,
        deduction_type: 'rot',
      });
      expect(r.statusCode).toBe(200);
      const v2 = r.json();
      expect(v2).toMatchObject({
        number: offer.number,
        version: 2,
        previous_offer_id: offer.id,
        status: 'draft',
        editable: true,
      });
      expect(v2.id).not.toBe(offer.id);
      expect(v2.work[0].hours_hundredths).toBe(1000);
      const old = (await call('GET', user, `offer/${offer.id}/`)).json();
      expect(old).toMatchObject({ replaced_by_offer_id: v2.id, status: 'sent' });
      expect(old.work[0].hours_hundredths).toBe(800);
      const [row] = await queryRows<{ hash_digest: string | null }>(
        db(),
        sql`select hash_digest from trade_offers where id = ${offer.id}`,
      );
      expect(row!.hash_digest).toBeNull();
      // The list shows the latest version only; the old one cannot be edited or sent again.
      const list = (await call('GET', user, `offer/?search=${offer.number}`)).json();
      expect(list.results.map((o: { id: number }) => o.id)).toEqual([v2.id]);
      expect((await call('PATCH', user, `offer/${offer.id}/`, { title: 'X' })).statusCode).toBe(
        409,
      );
      expect((await call('POST', user, `offer/${offer.id}/send/`, {})).statusCode).toBe(409);
      // Sending the new version makes a new link.
      const sent2 = await call('POST', user, `offer/${v2.id}/send/`, {});
      expect(sent2.statusCode).toBe(200);
      const [digest2] = await queryRows<{ hash_digest: string }>(
        db(),
        sql`select hash_digest from trade_offers where id = ${v2.id}`,
      );
      expect(digest2!.hash_digest).toMatch(/^[0-9a-f]{64}$/);
    });

    it('a sent offer past its validity is expired; an approved one is read-only', async () => {
      const offer = await sendable();
      await call('POST', user, `offer/${offer.id}/send/`, {});
      await db().execute(
        sql`update trade_offers set expires_at = '2026-03-01T00:00:00Z' where id = ${offer.id}`,
      );
      expect((await call('GET', user, `offer/${offer.id}/`)).json().status).toBe('expired');
      const expired = (await call('GET', user, 'offer/?status=expired')).json();
      expect(expired.results.map((o: { id: number }) => o.id)).toContain(offer.id);
      expect((await call('POST', user, `offer/${offer.id}/send/`, {})).statusCode).toBe(409);

      const approved = await sendable();
      await call('POST', user, `offer/${approved.id}/send/`, {});
      await db().execute(
        sql`update trade_offers set status = 'approved', approved_at = now(), approved_by_name = 'Anna'
          where id = ${approved.id}`,
      );
      const edit = await call('PUT', user, `offer/${approved.id}/surcharge/`, { type: 'none' });
      expect(edit.statusCode).toBe(409);
      expect(edit.json().message).toBe(OFFER_APPROVED_READ_ONLY);
      expect((await call('DELETE', user, `offer/${approved.id}/`)).statusCode).toBe(409);
      expect((await call('GET', user, `offer/${approved.id}/`)).json()).toMatchObject({
        status: 'approved',
        approved_by_name: 'Anna',
      });
    });

    it('a failed e-mail leaves the offer a draft (503)', async () => {
      const offer = await sendable();
      mailFails = true;
      try {
        const r = await call('POST', user, `offer/${offer.id}/send/`, {});
        expect(r.statusCode).toBe(503);
      } finally {
        mailFails = false;
      }
      expect((await call('GET', user, `offer/${offer.id}/`)).json().status).toBe('draft');
    });
  });

  describe('from_quote/, from_order/ and pdf/', () => {
    it("copies a store quote's lines at the quoted prices with a markup", async () => {
      const r = await call('POST', user, 'offer/from_quote/', {
        quote_id: quoteId,
        markup_bp: 1500,
      });
      expect(r.statusCode).toBe(201);
      expect(r.json()).toMatchObject({
        title: 'Altan',
        source_quote_id: quoteId,
        project: { id: project.id },
        items: [{ quantity: 10, net_price_ore: 9_000, unit_price_ore: 10_350 }],
      });
      const hiddenOne = await call('POST', user, 'offer/from_quote/', { quote_id: hiddenQuoteId });
      expect(hiddenOne.statusCode).toBe(404);
      expect((await call('POST', user, 'offer/from_quote/', { quote_id: 'x' })).statusCode).toBe(
        400,
      );
    });

    it("copies an order's lines excl. VAT", async () => {
      await call('POST', user, 'quote/validate/', {
        store_id: store.externalId,
        project_id: project.id,
        items: [{ article_id: article.id, quantity: 2 }],
      });
      const placed = await t.app.inject({
        method: 'POST',
        url: url('order/'),
        headers: { ...sessionHeaders(user), 'idempotency-key': `offer-order-${process.pid}` },
        payload: { store_id: store.externalId },
      });
      expect(placed.statusCode).toBe(201);
      const r = await call('POST', user, 'offer/from_order/', { order_id: placed.json().id });
      expect(r.statusCode).toBe(201);
      expect(r.json()).toMatchObject({
        source_order_id: placed.json().id,
        items: [{ quantity: 2, net_price_ore: 10_000, unit_price_ore: 10_000 }],
      });
      expect(
        (await call('POST', user, 'offer/from_order/', { order_id: 99999999 })).statusCode,
      ).toBe(404);
    });

    it('renders the offer as a PDF', async () => {
      const offer = await create({ title: 'Målning åt Östlund' });
      await call('POST', user, `offer/${offer.id}/row/`, {
        text: 'Färg och material',
        amount_ore: 99_000,
      });
      const r = await call('GET', user, `offer/${offer.id}/pdf/`);
      expect(r.statusCode).toBe(200);
      expect(r.headers['content-type']).toBe('application/pdf');
      expect(r.headers['content-disposition']).toContain(`offert-${offer.number}-v1.pdf`);
      expect(r.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    });
  });
});
