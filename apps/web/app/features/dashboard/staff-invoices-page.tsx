import { useEffect, useId, useRef } from 'react';
import { Form, useNavigation } from 'react-router';
import type { BgMaxReply, StaffInvoicePage } from '@bygg/contracts/trade/payments';
import type { StaffCustomer } from '@bygg/contracts/trade/staff';
import { formatPrice } from '@bygg/domain/money';
import { formatDate } from '~/lib/format.ts';
import { DashboardLoading } from './dashboard-parts.tsx';
import { INVOICE_STATUS_LABELS } from './invoices-page.tsx';
import { RecordTable } from './record-table.tsx';
import { Pager, StaffBar, StaffFilters, staffPath } from './staff-pages.tsx';
import type { StaffStore } from './staff-model.ts';
import './dashboard.css';
import './staff.css';

const OUTCOME_LABELS: Record<BgMaxReply['lines'][number]['outcome'], string> = {
  booked: 'Bokförd',
  duplicate: 'Redan inläst',
  unmatched: 'Ingen faktura här',
  manual: 'Hanteras för hand',
};

/** What the page's two forms answered: a payment by hand or a BgMax file read in. */
export type InvoicePaymentResult =
  | {
      kind: 'payment';
      ok: true;
      message: string;
    }
  | {
      kind: 'payment' | 'bgmax';
      ok: false;
      message: string;
      /** The field the message is about (the API's body.… path without "body."). */
      field: string | null;
    }
  | { kind: 'bgmax'; ok: true; message: string; reply: BgMaxReply };

const invoiceLabel = (invoice: { number: string; company: { name: string } }) =>
  `${invoice.number}, ${invoice.company.name}`;

/**
 * /butik/{store}/fakturor (ADR 055): the store's invoices with what is paid and what is left
 * (open ones by due date first), a payment registered by hand, and the day's BgMax file from
 * Bankgirot read in. Results and problems are announced in live regions; a field with a
 * problem is marked invalid and described by the message.
 */
export function StaffInvoicesPage({
  staff,
  invoices,
  customers,
  filters,
  here,
  today,
  result,
}: {
  staff: StaffStore;
  invoices: StaffInvoicePage;
  customers: readonly StaffCustomer[];
  filters: { sok: string; foretag: string; status: string; sida: number };
  here: string;
  today: string;
  result: InvoicePaymentResult | undefined;
}) {
  const navigation = useNavigation();
  const path = staffPath('store-staff-invoices', staff.store.slug);
  const busy = navigation.state === 'submitting' ? navigation.formData?.get('intent') : null;
  const paymentForm = useRef<HTMLFormElement>(null);
  const ids = {
    payment: useId(),
    bgmax: useId(),
    bgmaxResult: useId(),
    paymentError: useId(),
    bgmaxError: useId(),
  };
  const paymentError = result && !result.ok && result.kind === 'payment' ? result : null;
  const bgmaxError = result && !result.ok && result.kind === 'bgmax' ? result : null;
  const invalid = (name: string) => paymentError?.field === name || undefined;

  // A payment booked: the form empties for the next one.
  useEffect(() => {
    if (result?.kind === 'payment' && result.ok) paymentForm.current?.reset();
  }, [result]);

  return (
    <div className="container store-staff dashboard">
      <StaffBar staff={staff} current="store-staff-invoices" />
      <header className="dashboard__header">
        <h1 className="dashboard__title">Fakturor och inbetalningar</h1>
      </header>

      <div className="store-staff__payments">
        <section aria-labelledby={ids.payment} className="dashboard__card">
          <h2 id={ids.payment} className="dashboard__card-title">
            Registrera betalning
          </h2>
          <Form method="post" className="dashboard-form" ref={paymentForm} noValidate>
            <input type="hidden" name="intent" value="payment" />
            <div className="dashboard-form__fields">
              <div className="dashboard-form__field">
                <label htmlFor="betalning-faktura">Fakturanummer</label>
                <input
                  id="betalning-faktura"
                  name="invoice_number"
                  inputMode="numeric"
                  autoComplete="off"
                  required
                  aria-invalid={invalid('invoice_number')}
                  aria-describedby={invalid('invoice_number') ? ids.paymentError : undefined}
                />
              </div>
              <div className="dashboard-form__field">
                <label htmlFor="betalning-belopp">Belopp (kr)</label>
                <input
                  id="betalning-belopp"
                  name="amount"
                  inputMode="decimal"
                  autoComplete="off"
                  required
                  aria-invalid={invalid('amount_ore')}
                  aria-describedby={invalid('amount_ore') ? ids.paymentError : undefined}
                />
              </div>
              <div className="dashboard-form__field">
                <label htmlFor="betalning-dag">Betaldag</label>
                <input
                  id="betalning-dag"
                  name="paid_on"
                  type="date"
                  max={today}
                  defaultValue={today}
                  required
                  aria-invalid={invalid('paid_on')}
                  aria-describedby={invalid('paid_on') ? ids.paymentError : undefined}
                />
              </div>
              <div className="dashboard-form__field">
                <label htmlFor="betalning-notering">Notering (valfri)</label>
                <input id="betalning-notering" name="note" maxLength={200} />
              </div>
            </div>
            <button type="submit" className="button button--primary" disabled={busy === 'payment'}>
              {busy === 'payment' ? 'Registrerar …' : 'Registrera betalning'}
            </button>
            <FormOutcome
              id={ids.paymentError}
              result={result?.kind === 'payment' ? result : undefined}
            />
          </Form>
        </section>

        <section aria-labelledby={ids.bgmax} className="dashboard__card">
          <h2 id={ids.bgmax} className="dashboard__card-title">
            Läs in inbetalningar från Bankgirot
          </h2>
          <p>
            Välj dagens BgMax-fil från banken. Betalningar med OCR-nummer bokförs på butikens
            fakturor; samma fil kan läsas in igen utan att något bokförs två gånger.
          </p>
          <Form method="post" encType="multipart/form-data" className="dashboard-form">
            <input type="hidden" name="intent" value="bgmax" />
            <div className="dashboard-form__field">
              <label htmlFor="bgmax-fil">BgMax-fil</label>
              <input
                id="bgmax-fil"
                name="file"
                type="file"
                accept=".txt,.bgm,text/plain"
                required
                aria-invalid={bgmaxError ? true : undefined}
                aria-describedby={bgmaxError ? ids.bgmaxError : undefined}
              />
            </div>
            <button type="submit" className="button button--primary" disabled={busy === 'bgmax'}>
              {busy === 'bgmax' ? 'Läser in …' : 'Läs in filen'}
            </button>
            <FormOutcome
              id={ids.bgmaxError}
              result={result?.kind === 'bgmax' ? result : undefined}
            />
          </Form>
        </section>
      </div>
      {result?.kind === 'bgmax' && result.ok ? (
        <section aria-labelledby={ids.bgmaxResult} className="store-staff__bgmax-result">
          <h2 id={ids.bgmaxResult} className="dashboard__card-title">
            Betalningarna i filen
          </h2>
          <BgMaxResult reply={result.reply} />
        </section>
      ) : null}

      <h2 className="dashboard__card-title">Butikens fakturor</h2>
      <StaffFilters
        action={path}
        label="Sök fakturor"
        customers={customers}
        filters={filters}
        statuses={[
          ['', 'Alla'],
          ['obetalda', 'Obetalda'],
          ['forfallna', 'Förfallna'],
          ['betalda', 'Betalda'],
          ['krediterade', 'Krediterade'],
        ]}
      />
      {navigation.state === 'loading' && navigation.location.pathname === path ? (
        <DashboardLoading label="Hämtar fakturorna …" />
      ) : null}
      <p>
        Kvar att betala för {invoices.count === 1 ? 'fakturan' : 'fakturorna'} i urvalet:{' '}
        <strong>{formatPrice(invoices.open_ore)}</strong>
      </p>
      {invoices.results.length === 0 ? (
        <p>Inga fakturor hittades.</p>
      ) : (
        <RecordTable
          name="Fakturor"
          count={invoices.count}
          stacked
          rows={invoices.results.map((invoice) => ({ ...invoice, id: Number(invoice.number) }))}
          columns={[
            { header: 'Faktura', cell: (invoice) => invoice.number },
            { header: 'Kund', cell: (invoice) => invoice.company.name },
            { header: 'OCR', cell: (invoice) => invoice.ocr },
            {
              header: 'Förfallodag',
              cell: (invoice) => formatDate(`${invoice.due_at}T12:00:00Z`),
            },
            { header: 'Status', cell: (invoice) => INVOICE_STATUS_LABELS[invoice.status] },
            {
              header: 'Belopp',
              amount: true,
              cell: (invoice) => formatPrice(invoice.total_ore),
            },
            {
              header: 'Betalt',
              amount: true,
              cell: (invoice) => formatPrice(invoice.paid_ore),
            },
            {
              header: 'Kvar',
              amount: true,
              cell: (invoice) => formatPrice(invoice.open_ore),
            },
          ]}
        />
      )}
      <Pager
        here={here}
        page={filters.sida}
        next={invoices.next !== null}
        previous={invoices.previous !== null}
      />
    </div>
  );
}

/** A form's answer, announced: saved (green) or the problem (red), which a field can cite. */
function FormOutcome({ id, result }: { id: string; result: InvoicePaymentResult | undefined }) {
  return (
    <div role="status" aria-live="polite">
      {result ? (
        <p id={id} className={result.ok ? 'dashboard__saved' : 'dashboard__problem'}>
          {result.message}
        </p>
      ) : null}
    </div>
  );
}

/** Every record of a BgMax file read in: what became of it and why. */
function BgMaxResult({ reply }: { reply: BgMaxReply }) {
  if (reply.lines.length === 0) return <p>Filen innehöll inga betalningar.</p>;
  return (
    <RecordTable
      name="Betalningar i filen"
      count={reply.lines.length}
      stacked
      rows={reply.lines.map((line) => ({ ...line, id: line.line }))}
      columns={[
        { header: 'Rad', cell: (line) => line.line },
        { header: 'Referens', cell: (line) => line.reference || '–' },
        { header: 'Betaldag', cell: (line) => formatDate(`${line.paid_on}T12:00:00Z`) },
        { header: 'Belopp', amount: true, cell: (line) => formatPrice(line.amount_ore) },
        { header: 'Resultat', cell: (line) => OUTCOME_LABELS[line.outcome] },
        {
          header: 'Faktura',
          cell: (line) =>
            line.invoice
              ? `${invoiceLabel(line.invoice)} (${INVOICE_STATUS_LABELS[line.invoice.status].toLowerCase()})`
              : '–',
        },
        { header: 'Kommentar', cell: (line) => line.reason ?? '' },
      ]}
    />
  );
}
