import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CreditSchema } from '@bygg/contracts/trade/credit';
import { InvoicePageSchema } from '@bygg/contracts/trade/invoices';
import {
  BgMaxReplySchema,
  PAYMENT_IN_FUTURE,
  PAYMENT_NOT_OPEN,
  PaymentReplySchema,
  STAFF_INVOICE_NOT_FOUND,
  StaffInvoicePageSchema,
} from '@bygg/contracts/trade/payments';
import { buildBgMax } from '@bygg/domain/bgmax';
import { ocrReference } from '@bygg/domain/invoice';
import { formatPrice } from '@bygg/domain/money';
import { ORGANISATIONS } from '@bygg/domain/organisations';
import {
  createInvoice,
  createStaffUser,
  createStore,
  createStoreCustomer,
  createTradeCompany,
  createTradeUser,
  type TestStore,
} from '../../../../test/factories.ts';
import {
  buildTestApp,
  sessionCookie,
  sessionHeaders,
  type TestApp,
} from '../../../../test/helper.ts';

const NOW = new Date('2026-06-15T10:00:00Z');
const BANKGIRO = ORGANISATIONS['store-chain'].bankgiro;

/**
 * Invoice payments on the staff's side (ADR 055): the store's invoices with paid and open
 * amounts, a payment by hand, and a BgMax file matched by OCR, each payment booked once. The
 * customer's credit and invoice list follow.
 */
describe('api/proffs/{eid}/staff/invoice/', () => {
  let t: TestApp;
  let home: TestStore;
  let other: TestStore;
  let company: { id: number; name: string };
  const cookies = { staff: '', otherStaff: '', customer: '' };
  const inv: Record<string, { id: number; number: string; totalOre: number }> = {};
  let serial = 0;

  beforeAll(async () => {
    t = await buildTestApp({ seeded: false, now: NOW });
    const db = t.database.database.db;
    home = await createStore(db);
    other = await createStore(db);
    company = await createTradeCompany(db, { name: 'Betalbygg AB' });
    await createStoreCustomer(db, company, home);
    await createStoreCustomer(db, company, other);
    const customer = await createTradeUser(db, { company, stores: [home, other] });
    cookies.customer = await sessionCookie(t.app, customer.credentials);
    cookies.staff = await sessionCookie(
      t.app,
      (await createStaffUser(db, { stores: [home] })).credentials,
    );
    cookies.otherStaff = await sessionCookie(
      t.app,
      (await createStaffUser(db, { stores: [other] })).credentials,
    );
    const make = (store: TestStore, issuedOn: string, amounts: number[], dueOn?: string) =>
      createInvoice(db, { company, store, issuedOn, amounts, ...(dueOn ? { dueOn } : {}) });
    inv.overdue = await make(home, '2026-04-01', [50_000], '2026-05-01');
    inv.open = await make(home, '2026-06-01', [100_000, 25_000]);
    inv.bgFull = await make(home, '2026-06-02', [80_000]);
    inv.bgPart = await make(home, '2026-06-03', [40_000]);
    inv.paid = await createInvoice(db, {
      company,
      store: home,
      issuedOn: '2026-02-01',
      status: 'paid',
    });
    inv.elsewhere = await make(other, '2026-06-04', [30_000]);
  });

  afterAll(async () => {
    await t?.close();
  });

  const get = (store: TestStore, path: string, cookie = cookies.staff) =>
    t.app.inject({ url: `/api/proffs/${store.externalId}/${path}`, headers: { cookie } });
  const post = (store: TestStore, path: string, payload: unknown, cookie = cookies.staff) =>
    t.app.inject({
      method: 'POST',
      url: `/api/proffs/${store.externalId}/${path}`,
      headers: sessionHeaders(cookie),
      payload: payload as Record<string, unknown>,
    });
  const invoiceOf = async (number: string, store = home) => {
    const page = StaffInvoicePageSchema.parse(
      (await get(store, `staff/invoice/?search=${number}`)).json(),
    );
    return page.results.find((i) => i.number === number);
  };
  const openCredit = async () =>
    CreditSchema.parse((await get(home, 'credit/', cookies.customer)).json()).open_invoices_ore;
  const bgmax = (
    payments: Array<{ reference: string; amountOre: number }>,
    paidOn = '2026-06-14',
  ) =>
    buildBgMax(BANKGIRO, [
      { paidOn, payments: payments.map((p) => ({ ...p, serial: String(++serial) })) },
    ]);

  it("lists the store's invoices, open ones by due date first, with what is left", async () => {
    const response = await get(home, 'staff/invoice/');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const page = StaffInvoicePageSchema.parse(response.json());
    expect(page.results.map((i) => i.number)).toEqual([
      inv.overdue!.number,
      inv.open!.number,
      inv.bgFull!.number,
      inv.bgPart!.number,
      inv.paid!.number,
    ]);
    expect(page.results[0]).toMatchObject({ status: 'overdue', paid_ore: 0, open_ore: 50_000 });
    expect(page.results.at(-1)).toMatchObject({ status: 'paid', open_ore: 0 });
    expect(page.open_ore).toBe(50_000 + 125_000 + 80_000 + 40_000);
    const overdue = StaffInvoicePageSchema.parse(
      (await get(home, 'staff/invoice/?status=overdue')).json(),
    );
    expect(overdue.results.map((i) => i.number)).toEqual([inv.overdue!.number]);
    const byOcr = StaffInvoicePageSchema.parse(
      (await get(home, `staff/invoice/?search=${ocrReference(inv.open!.number)}`)).json(),
    );
    expect(byOcr.results.map((i) => i.number)).toEqual([inv.open!.number]);
  });

  it('registers a payment by hand: part first, then the rest makes the invoice paid', async () => {
    const before = await openCredit();
    const part = await post(home, 'staff/invoice/payment/', {
      invoice_number: inv.open!.number,
      amount_ore: 25_000,
      paid_on: '2026-06-14',
      note: 'Swish',
    });
    expect(part.statusCode).toBe(201);
    expect(PaymentReplySchema.parse(part.json()).invoice).toMatchObject({
      status: 'unpaid',
      paid_ore: 25_000,
      open_ore: 100_000,
    });
    expect(await openCredit()).toBe(before - 25_000);
    // The customer's own list shows the part payment.
    const listed = InvoicePageSchema.parse((await get(home, 'invoice/', cookies.customer)).json());
    expect(listed.results.find((i) => i.number === inv.open!.number)).toMatchObject({
      status: 'unpaid',
      paid_ore: 25_000,
      open_ore: 100_000,
    });
    const tooMuch = await post(home, 'staff/invoice/payment/', {
      invoice_number: inv.open!.number,
      amount_ore: 100_001,
      paid_on: '2026-06-14',
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().fields[0].path).toBe('body.amount_ore');
    expect(tooMuch.json().message).toBe(
      `Beloppet är större än det som återstår att betala (${formatPrice(100_000)})`,
    );
    const rest = await post(home, 'staff/invoice/payment/', {
      invoice_number: inv.open!.number,
      amount_ore: 100_000,
      paid_on: '2026-06-15',
    });
    expect(PaymentReplySchema.parse(rest.json()).invoice).toMatchObject({
      status: 'paid',
      open_ore: 0,
    });
    expect(await openCredit()).toBe(before - 125_000);
    // The customer's own list says paid too.
    const theirs = InvoicePageSchema.parse((await get(home, 'invoice/', cookies.customer)).json());
    expect(theirs.results.find((i) => i.number === inv.open!.number)?.status).toBe('paid');
    const again = await post(home, 'staff/invoice/payment/', {
      invoice_number: inv.open!.number,
      amount_ore: 1,
      paid_on: '2026-06-15',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(PAYMENT_NOT_OPEN);
  });

  it('refuses bad payments with 400 or 404 and books nothing', async () => {
    const cases: Array<[unknown, number, string]> = [
      [
        { invoice_number: inv.overdue!.number, amount_ore: 100, paid_on: '2026-06-16' },
        400,
        PAYMENT_IN_FUTURE,
      ],
      [
        { invoice_number: inv.overdue!.number, amount_ore: 1.5, paid_on: '2026-06-14' },
        400,
        'body.amount_ore',
      ],
      [
        { invoice_number: inv.overdue!.number, amount_ore: 0, paid_on: '2026-06-14' },
        400,
        'body.amount_ore',
      ],
      [
        { invoice_number: inv.overdue!.number, amount_ore: 2 ** 31, paid_on: '2026-06-14' },
        400,
        'body.amount_ore',
      ],
      [
        { invoice_number: inv.overdue!.number, amount_ore: 100, paid_on: '2026-02-30' },
        400,
        'body.paid_on',
      ],
      [
        { invoice_number: 'abc\u0000', amount_ore: 100, paid_on: '2026-06-14' },
        400,
        'body.invoice_number',
      ],
      [
        { invoice_number: inv.elsewhere!.number, amount_ore: 100, paid_on: '2026-06-14' },
        404,
        STAFF_INVOICE_NOT_FOUND,
      ],
    ];
    for (const [body, status, text] of cases) {
      const response = await post(home, 'staff/invoice/payment/', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      expect(response.body).toContain(text);
    }
    expect(await invoiceOf(inv.overdue!.number)).toMatchObject({ paid_ore: 0, status: 'overdue' });
  });

  it('books a BgMax file by OCR, leaves what is not the store’s, and books nothing twice', async () => {
    const file = bgmax([
      { reference: ocrReference(inv.bgFull!.number), amountOre: 80_000 },
      { reference: ocrReference(inv.bgPart!.number), amountOre: 10_000 },
      { reference: ocrReference(inv.elsewhere!.number), amountOre: 30_000 },
      { reference: ocrReference(inv.paid!.number), amountOre: 12_500 },
      { reference: '12345', amountOre: 500 },
    ]);
    const response = await post(home, 'staff/invoice/bgmax/', {
      file_name: 'bgmax.txt',
      content: file,
    });
    expect(response.statusCode).toBe(200);
    const reply = BgMaxReplySchema.parse(response.json());
    expect(reply.lines.map((l) => l.outcome)).toEqual([
      'booked',
      'booked',
      'unmatched',
      'manual',
      'unmatched',
    ]);
    expect(reply).toMatchObject({ booked_count: 2, booked_ore: 90_000, test_file: false });
    expect(reply.lines[0]!.invoice).toMatchObject({ status: 'paid', open_ore: 0 });
    expect(reply.lines[1]!.invoice).toMatchObject({
      status: 'unpaid',
      paid_ore: 10_000,
      open_ore: 30_000,
    });
    expect(reply.lines[4]!.reason).toBe('Referensen är inget giltigt OCR-nummer');

    // The same file again, twice at once: every payment is already booked.
    const [first, second] = await Promise.all([
      post(home, 'staff/invoice/bgmax/', { content: file }),
      post(home, 'staff/invoice/bgmax/', { content: file }),
    ]);
    for (const again of [first!, second!]) {
      const lines = BgMaxReplySchema.parse(again.json()).lines;
      expect(lines.slice(0, 2).map((l) => l.outcome)).toEqual(['duplicate', 'duplicate']);
    }
    expect(await invoiceOf(inv.bgPart!.number)).toMatchObject({ paid_ore: 10_000 });

    // The other store's staff read the same file and book their own invoice; what the first
    // store booked is booked for the whole organisation.
    const theirs = BgMaxReplySchema.parse(
      (await post(other, 'staff/invoice/bgmax/', { content: file }, cookies.otherStaff)).json(),
    );
    expect(theirs.lines.map((l) => l.outcome)).toEqual([
      'duplicate',
      'duplicate',
      'booked',
      'unmatched',
      'unmatched',
    ]);
  });

  it('books a new file read in twice at once only once', async () => {
    const file = bgmax([{ reference: ocrReference(inv.bgPart!.number), amountOre: 5_000 }]);
    const replies = await Promise.all([
      post(home, 'staff/invoice/bgmax/', { content: file }),
      post(home, 'staff/invoice/bgmax/', { content: file }),
    ]);
    const outcomes = replies.map((r) => BgMaxReplySchema.parse(r.json()).lines[0]!.outcome).sort();
    expect(outcomes).toEqual(['booked', 'duplicate']);
    expect(await invoiceOf(inv.bgPart!.number)).toMatchObject({
      paid_ore: 15_000,
      open_ore: 25_000,
    });
  });

  it('refuses a file that is not BgMax or is for another bankgiro, saying why', async () => {
    const garbage = await post(home, 'staff/invoice/bgmax/', {
      content: 'Datum;Belopp\n2026-06-01;100',
    });
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json().fields[0].path).toBe('body.content');
    expect(garbage.json().message).toMatch(/inte en BgMax-fil/);
    const foreign = buildBgMax('5555-5555', [
      {
        paidOn: '2026-06-14',
        payments: [{ reference: ocrReference(inv.overdue!.number), amountOre: 100, serial: '999' }],
      },
    ]);
    const wrong = await post(home, 'staff/invoice/bgmax/', { content: foreign });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toContain(BANKGIRO);
    const empty = await post(home, 'staff/invoice/bgmax/', { content: '' });
    expect(empty.statusCode).toBe(400);
    expect(await invoiceOf(inv.overdue!.number)).toMatchObject({ paid_ore: 0 });
  });

  it("is the staff's only: a customer is 403", async () => {
    expect((await get(home, 'staff/invoice/', cookies.customer)).statusCode).toBe(403);
  });
});
