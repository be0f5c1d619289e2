import { data } from 'react-router';
import { BgMaxReplySchema, StaffInvoicePageSchema } from '@bygg/contracts/trade/payments';
import { StaffCustomerListSchema } from '@bygg/contracts/trade/staff';
import { formatPrice } from '@bygg/domain/money';
import type { Route } from './+types/store-staff-invoices';
import { DashboardErrorBoundary } from '~/features/dashboard/dashboard-home.tsx';
import { staffListFilters } from '~/features/dashboard/list-params.ts';
import { kronorInputToOre } from '~/features/dashboard/staff-model.ts';
import {
  StaffInvoicesPage,
  type InvoicePaymentResult,
} from '~/features/dashboard/staff-invoices-page.tsx';
import { requireStaffStore } from '~/features/dashboard/staff-store.server.ts';
import { notFoundMeta, NotFoundPage } from '~/features/not-found/not-found-page.tsx';
import { storeNamePrefix } from '~/features/stores/stores.server.ts';
import { NO_STORE, personalPageHeaders } from '~/lib/personal-page.ts';
import { proffsPath, TradeRequestError } from '~/lib/trade-request.ts';
import { tradeRequestFor } from '~/lib/trade-request.server.ts';

// The store's invoices and their payments (ADR 055): /butik/{storeslug}/fakturor, filters
// sok, foretag, status (obetalda | forfallna | betalda | krediterade) and sida in the address;
// "Registrera betalning" and a BgMax file from Bankgirot.

const STATUS = {
  obetalda: 'open',
  forfallna: 'overdue',
  betalda: 'paid',
  krediterade: 'credited',
} as const;
type StatusParam = keyof typeof STATUS;

/** A BgMax file is a few kB a day; the API takes at most 2 million characters. */
const MAX_FILE_BYTES = 2_000_000;

export const meta: Route.MetaFunction = ({ error }) => [
  ...(notFoundMeta(error) ?? [{ title: 'Fakturor och inbetalningar' }]),
  { name: 'robots', content: 'noindex' },
];

const isoToday = () => new Date().toISOString().slice(0, 10);

export async function loader({ request, params }: Route.LoaderArgs) {
  const staff = await requireStaffStore(request, params.storeSlug, () => storeNamePrefix(request));
  const url = new URL(request.url);
  const { filters, query } = staffListFilters(url.searchParams);
  const statusParam = url.searchParams.get('status') ?? '';
  const status = statusParam in STATUS ? (statusParam as StatusParam) : '';
  const api = tradeRequestFor(request);
  const [invoices, customers] = await Promise.all([
    api.get(proffsPath(staff.store.eid, 'staff/invoice/'), {
      ...query,
      ...(status ? { status: STATUS[status] } : {}),
    }),
    api.get(proffsPath(staff.store.eid, 'staff/customer/')),
  ]);
  return data(
    {
      staff,
      invoices: StaffInvoicePageSchema.parse(invoices.data),
      customers: StaffCustomerListSchema.parse(customers.data).results,
      filters: { ...filters, status },
      here: `${url.pathname}${url.search}`,
      today: isoToday(),
    },
    { headers: { 'Cache-Control': NO_STORE } },
  );
}

/** The API's 4xx as the form shows it: its message and the field it names. */
function refused(kind: 'payment' | 'bgmax', error: TradeRequestError) {
  const body = error.response.data as {
    message?: unknown;
    fields?: Array<{ path?: unknown }>;
  } | null;
  const path = body?.fields?.[0]?.path;
  const result: InvoicePaymentResult = {
    kind,
    ok: false,
    message: typeof body?.message === 'string' ? body.message : 'Det gick inte att spara',
    field: typeof path === 'string' ? path.replace(/^body\./, '') : null,
  };
  return data(result, { status: error.status, headers: { 'Cache-Control': NO_STORE } });
}

const problem = (kind: 'payment' | 'bgmax', field: string | null, message: string) =>
  data({ kind, ok: false, message, field } satisfies InvoicePaymentResult, {
    status: 400,
    headers: { 'Cache-Control': NO_STORE },
  });

/** Bankgirot delivers BgMax in ISO 8859-1; a file someone saved again as UTF-8 reads too. */
function decodeBgMax(bytes: ArrayBuffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('latin1').decode(bytes);
  }
}

export async function action({ request, params }: Route.ActionArgs) {
  const staff = await requireStaffStore(request, params.storeSlug, () => storeNamePrefix(request));
  const form = await request.formData();
  const api = tradeRequestFor(request);
  if (form.get('intent') === 'bgmax') {
    const file = form.get('file');
    if (!(file instanceof File) || file.size === 0) {
      return problem('bgmax', 'file', 'Välj en BgMax-fil');
    }
    if (file.size > MAX_FILE_BYTES) {
      return problem('bgmax', 'file', 'Filen är för stor (högst 2 MB)');
    }
    try {
      const reply = await api.post(proffsPath(staff.store.eid, 'staff/invoice/bgmax/'), {
        file_name: file.name.slice(0, 200),
        content: decodeBgMax(await file.arrayBuffer()),
      });
      const parsed = BgMaxReplySchema.parse(reply.data);
      const left = parsed.lines.length - parsed.booked_count;
      const message =
        `${parsed.booked_count} av ${parsed.lines.length} betalningar bokfördes, ` +
        `${formatPrice(parsed.booked_ore)}.` +
        (left > 0 ? ` ${left} bokfördes inte: se kommentarerna.` : '') +
        (parsed.test_file ? ' Obs! Filen är märkt som testfil.' : '');
      return data(
        { kind: 'bgmax', ok: true, message, reply: parsed } satisfies InvoicePaymentResult,
        {
          headers: { 'Cache-Control': NO_STORE },
        },
      );
    } catch (error) {
      if (error instanceof TradeRequestError && error.status < 500) return refused('bgmax', error);
      throw error;
    }
  }
  const amount = kronorInputToOre(String(form.get('amount') ?? ''));
  if (amount === null || Number.isNaN(amount) || amount <= 0) {
    return problem('payment', 'amount_ore', 'Ange beloppet i kronor, till exempel 1250,50');
  }
  const invoiceNumber = String(form.get('invoice_number') ?? '').trim();
  const note = String(form.get('note') ?? '').trim();
  try {
    const reply = await api.post(proffsPath(staff.store.eid, 'staff/invoice/payment/'), {
      invoice_number: invoiceNumber,
      amount_ore: amount,
      paid_on: String(form.get('paid_on') ?? ''),
      ...(note ? { note } : {}),
    });
    const invoice = (
      reply.data as { invoice: { number: string; status: string; open_ore: number } }
    ).invoice;
    const message =
      invoice.status === 'paid'
        ? `Betalningen är registrerad. Faktura ${invoice.number} är nu betald.`
        : `Betalningen är registrerad. Kvar att betala på faktura ${invoice.number}: ${formatPrice(invoice.open_ore)}.`;
    return data({ kind: 'payment', ok: true, message } satisfies InvoicePaymentResult, {
      headers: { 'Cache-Control': NO_STORE },
    });
  } catch (error) {
    if (error instanceof TradeRequestError && error.status < 500) return refused('payment', error);
    throw error;
  }
}

export const headers: Route.HeadersFunction = personalPageHeaders;

export default function StoreStaffInvoicesRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <StaffInvoicesPage {...loaderData} result={actionData} />;
}

export function ErrorBoundary() {
  return <DashboardErrorBoundary notFound={() => <NotFoundPage />} />;
}
