import { Form, useNavigation } from 'react-router';
import { type Invoice, type InvoiceStatus, INVOICE_STATUSES } from '@bygg/contracts/trade/invoices';
import { formatPrice } from '@bygg/domain/money';
import { formatDate } from '~/lib/format.ts';
import { dashboardPath } from '~/lib/paths.ts';
import { proffsPath } from '~/lib/trade-request.ts';
import { DashboardLoading, Refusal } from './dashboard-parts.tsx';
import { useDashboard } from './dashboard-model.ts';
import './dashboard.css';

export const INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = {
  unpaid: 'Obetald',
  paid: 'Betald',
  overdue: 'Förfallen',
  credited: 'Krediterad',
};

/** The filter form's fields, Swedish in the address: fran, till, status, order, projekt. */
export type InvoiceFilterValues = {
  fran: string;
  till: string;
  status: string;
  order: string;
  projekt: string;
};

/** The address's filters: the form's values as typed, and the API query (empty ones left out). */
export function invoiceFilters(params: URLSearchParams): {
  values: InvoiceFilterValues;
  query: Record<string, string>;
} {
  const values: InvoiceFilterValues = {
    fran: (params.get('fran') ?? '').trim().slice(0, 20),
    till: (params.get('till') ?? '').trim().slice(0, 20),
    status: (params.get('status') ?? '').trim().slice(0, 20),
    order: (params.get('order') ?? '').trim().slice(0, 20),
    projekt: (params.get('projekt') ?? '').trim().slice(0, 20),
  };
  // The order number as people see it ('W100012') or the id.
  const orderId = values.order.replace(/^W/i, '');
  const order =
    /^\d+$/.test(orderId) && orderId.length >= 6 ? String(Number(orderId) - 100_000) : orderId;
  const query: Record<string, string> = {};
  if (values.fran) query.date_from = values.fran;
  if (values.till) query.date_to = values.till;
  if (values.status) query.status = values.status;
  if (values.order) query.order_id = order;
  if (values.projekt) query.project_id = values.projekt;
  return { values, query };
}

type InvoicesPageProps = {
  eid: string;
  filters: InvoiceFilterValues;
  /** At most 100 (the paginated helper's limit); more: the filters match more than that. */
  invoices: { results: Invoice[]; more: boolean } | null;
  problem: string | null;
  refused: string | null;
};

export function InvoicesPage({ eid, filters, invoices, problem, refused }: InvoicesPageProps) {
  const { store } = useDashboard();
  const navigation = useNavigation();
  const here = dashboardPath(store, 'dashboard-invoices');
  return (
    <div className="container dashboard">
      <header className="dashboard__header">
        <h1 className="dashboard__title">Fakturor</h1>
      </header>
      {refused ? (
        <Refusal message={refused} />
      ) : (
        <>
          <Form
            method="get"
            action={here}
            className="dashboard-filters"
            aria-label="Filtrera fakturor"
          >
            <label>
              Från datum
              <input type="date" name="fran" defaultValue={filters.fran} />
            </label>
            <label>
              Till datum
              <input type="date" name="till" defaultValue={filters.till} />
            </label>
            <label>
              Status
              <select name="status" defaultValue={filters.status}>
                <option value="">Alla</option>
                {INVOICE_STATUSES.map((status) => (
                  <option key={status} value={status}>
                    {INVOICE_STATUS_LABELS[status]}
                  </option>
                ))}
              </select>
            </label>
            <label>
              Order
              <input
                name="order"
                inputMode="text"
                defaultValue={filters.order}
                placeholder="W100012"
              />
            </label>
            <label>
              Projekt
              <input name="projekt" inputMode="numeric" defaultValue={filters.projekt} />
            </label>
            <button type="submit" className="button button--primary">
              Filtrera
            </button>
          </Form>
          {problem ? (
            <p className="dashboard__problem" role="alert">
              {problem}
            </p>
          ) : null}
          {navigation.state === 'loading' && navigation.location.pathname === here ? (
            <DashboardLoading label="Hämtar fakturorna …" />
          ) : null}
          {invoices && invoices.results.length === 0 ? <p>Inga fakturor matchar filtren.</p> : null}
          {invoices && invoices.results.length > 0 ? (
            <div className="dashboard-table-wrap">
              <table className="dashboard-table">
                <caption className="visually-hidden">
                  Fakturor, {invoices.results.length} st
                </caption>
                <thead>
                  <tr>
                    <th scope="col">Faktura</th>
                    <th scope="col">Datum</th>
                    <th scope="col">Förfaller</th>
                    <th scope="col">Order</th>
                    <th scope="col">Status</th>
                    <th scope="col" className="dashboard-table__amount">
                      Belopp inkl. moms
                    </th>
                    <th scope="col" className="dashboard-table__amount">
                      Kvar att betala
                    </th>
                    <th scope="col">PDF</th>
                  </tr>
                </thead>
                <tbody>
                  {invoices.results.map((invoice) => (
                    <tr key={invoice.number}>
                      <th scope="row">{invoice.number}</th>
                      <td>{formatDate(invoice.issued_at)}</td>
                      <td>{formatDate(invoice.due_at)}</td>
                      <td>{invoice.order_number ?? '–'}</td>
                      <td>{INVOICE_STATUS_LABELS[invoice.status]}</td>
                      <td className="dashboard-table__amount">{formatPrice(invoice.total_ore)}</td>
                      <td className="dashboard-table__amount">{formatPrice(invoice.open_ore)}</td>
                      <td>
                        <a
                          href={`/${proffsPath(eid, `invoice/${invoice.number}/pdf/`)}`}
                          download={`faktura-${invoice.number}.pdf`}
                        >
                          Ladda ner
                          <span className="visually-hidden"> faktura {invoice.number}</span>
                        </a>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : null}
          {invoices?.more ? (
            <p className="dashboard-form__hint">
              Listan visar de 100 senaste fakturorna som matchar. Ändra filtren för att se äldre.
            </p>
          ) : null}
        </>
      )}
    </div>
  );
}
