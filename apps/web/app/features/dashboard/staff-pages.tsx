import { Form, Link, useNavigation } from 'react-router';
import {
  STAFF_QUOTE_STATUS_LABELS,
  type StaffCustomer,
  type StaffOrderDetail,
  type StaffOrderPage,
  type StaffQuotePage,
} from '@bygg/contracts/trade/staff';
import { formatPrice } from '@bygg/domain/money';
import { formatDate } from '~/lib/format.ts';
import { loginPath, pagePath, PLAIN } from '~/lib/paths.ts';
import { DashboardLoading } from './dashboard-parts.tsx';
import { RecordTable } from './record-table.tsx';
import { deliveryLabel, TradeLinesTable, TradeTotals } from './trade-lines.tsx';
import type { StaffStore } from './staff-model.ts';
import './dashboard.css';
import './staff.css';

type StaffPage =
  'store-staff-messages' | 'store-staff-quotes' | 'store-staff-orders' | 'store-staff-invoices';

/** A page of the staff's side of a store. */
export function staffPath(
  page: StaffPage | 'store-staff-quote-new' | 'store-staff-quote' | 'store-staff-order',
  storeSlug: string,
  id?: number,
): string {
  return pagePath(PLAIN, page, id === undefined ? { storeSlug } : { storeSlug, id: String(id) });
}

const SECTIONS: Array<{ page: StaffPage; label: string }> = [
  { page: 'store-staff-messages', label: 'Meddelanden' },
  { page: 'store-staff-quotes', label: 'Offerter' },
  { page: 'store-staff-orders', label: 'Ordrar' },
  { page: 'store-staff-invoices', label: 'Fakturor' },
];

/**
 * The bar over every staff page: who and which store, the store's sections (messages, quotes,
 * orders, invoices; the current one marked for screen readers), the staff member's other stores, log out.
 */
export function StaffBar({ staff, current }: { staff: StaffStore; current: StaffPage }) {
  return (
    <div className="store-staff__bar">
      <p>
        {staff.user.name}, {staff.store.name}
      </p>
      <nav aria-label="Butikens sidor" className="store-staff__sections">
        {SECTIONS.map((section) => (
          <a
            key={section.page}
            href={staffPath(section.page, staff.store.slug)}
            aria-current={section.page === current ? 'page' : undefined}
          >
            {section.label}
          </a>
        ))}
      </nav>
      {staff.otherStores.length > 0 ? (
        <nav aria-label="Dina butiker">
          {staff.otherStores.map((s) => (
            <a key={s.slug} href={staffPath(current, s.slug)}>
              {s.name}
            </a>
          ))}
        </nav>
      ) : null}
      <Form method="post" action={loginPath()}>
        <input type="hidden" name="intent" value="logout" />
        <input type="hidden" name="next" value="/" />
        <button type="submit" className="messages__back">
          Logga ut
        </button>
      </Form>
    </div>
  );
}

/** Search and company filter of a staff list, in the address (sok, foretag; status). */
export function StaffFilters({
  action,
  label,
  customers,
  filters,
  statuses,
}: {
  action: string;
  label: string;
  customers: readonly StaffCustomer[];
  filters: { sok: string; foretag: string; status?: string };
  statuses?: ReadonlyArray<[string, string]>;
}) {
  return (
    <Form method="get" action={action} className="dashboard-filters" aria-label={label}>
      <label>
        Sök
        <input name="sok" type="search" defaultValue={filters.sok} />
      </label>
      <label>
        Företag
        <select name="foretag" defaultValue={filters.foretag}>
          <option value="">Alla kunder</option>
          {customers.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
      </label>
      {statuses ? (
        <label>
          Status
          <select name="status" defaultValue={filters.status ?? ''}>
            {statuses.map(([value, text]) => (
              <option key={value} value={value}>
                {text}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      <button type="submit" className="button button--primary">
        Sök
      </button>
    </Form>
  );
}

/** Previous and next page of a staff list (sida in the address). */
export function Pager({
  here,
  page,
  next,
  previous,
}: {
  here: string;
  page: number;
  next: boolean;
  previous: boolean;
}) {
  if (!next && !previous) return null;
  const to = (n: number) => {
    const url = new URL(here, 'http://x');
    url.searchParams.set('sida', String(n));
    return `${url.pathname}${url.search}`;
  };
  return (
    <nav aria-label="Sidor" className="store-staff__pager">
      {previous ? <Link to={to(page - 1)}>Föregående sida</Link> : null}
      {next ? <Link to={to(page + 1)}>Nästa sida</Link> : null}
    </nav>
  );
}

/** /butik/{store}/offerter: the store's quotes, drafts first, and "Ny offert". */
export function StaffQuotesPage({
  staff,
  quotes,
  customers,
  filters,
  here,
  removed,
}: {
  staff: StaffStore;
  quotes: StaffQuotePage;
  customers: readonly StaffCustomer[];
  filters: { sok: string; foretag: string; status: string; sida: number };
  here: string;
  removed: boolean;
}) {
  const navigation = useNavigation();
  const path = staffPath('store-staff-quotes', staff.store.slug);
  return (
    <div className="container store-staff dashboard">
      <StaffBar staff={staff} current="store-staff-quotes" />
      <header className="dashboard__header store-staff__header">
        <h1 className="dashboard__title">Offerter</h1>
        <Link
          className="button button--primary"
          to={staffPath('store-staff-quote-new', staff.store.slug)}
        >
          Ny offert
        </Link>
      </header>
      <div role="status" aria-live="polite">
        {removed ? <p className="dashboard__saved">Utkastet är borttaget.</p> : null}
      </div>
      <StaffFilters
        action={path}
        label="Sök offerter"
        customers={customers}
        filters={filters}
        statuses={[
          ['', 'Alla'],
          ['utkast', 'Utkast'],
          ['skickade', 'Skickade'],
        ]}
      />
      {navigation.state === 'loading' && navigation.location.pathname === path ? (
        <DashboardLoading label="Hämtar offerterna …" />
      ) : null}
      {quotes.results.length === 0 ? (
        <p>Inga offerter hittades.</p>
      ) : (
        <RecordTable
          name="Offerter"
          count={quotes.count}
          rows={quotes.results}
          columns={[
            {
              header: 'Offert',
              cell: (quote) => (
                <Link to={staffPath('store-staff-quote', staff.store.slug, quote.id)}>
                  {quote.number} {quote.title}
                </Link>
              ),
            },
            { header: 'Kund', cell: customerOf },
            { header: 'Status', cell: (quote) => STAFF_QUOTE_STATUS_LABELS[quote.status] },
            {
              header: 'Giltig till',
              cell: (quote) => formatDate(`${quote.valid_until}T12:00:00Z`),
            },
            {
              header: 'Belopp exkl. moms',
              amount: true,
              cell: (quote) => formatPrice(quote.total_ore),
            },
          ]}
        />
      )}
      <Pager
        here={here}
        page={filters.sida}
        next={quotes.next !== null}
        previous={quotes.previous !== null}
      />
    </div>
  );
}

/** A staff list's customer cell: the company, and the project when there is one. */
const customerOf = (row: { company: { name: string }; project: { name: string } | null }) =>
  row.project ? `${row.company.name}, ${row.project.name}` : row.company.name;

/** /butik/{store}/ordrar: the trade orders of the store's customers (read-only). */
export function StaffOrdersPage({
  staff,
  orders,
  customers,
  filters,
  here,
}: {
  staff: StaffStore;
  orders: StaffOrderPage;
  customers: readonly StaffCustomer[];
  filters: { sok: string; foretag: string; sida: number };
  here: string;
}) {
  const navigation = useNavigation();
  const path = staffPath('store-staff-orders', staff.store.slug);
  return (
    <div className="container store-staff dashboard">
      <StaffBar staff={staff} current="store-staff-orders" />
      <header className="dashboard__header">
        <h1 className="dashboard__title">Kundernas ordrar</h1>
      </header>
      <StaffFilters action={path} label="Sök ordrar" customers={customers} filters={filters} />
      {navigation.state === 'loading' && navigation.location.pathname === path ? (
        <DashboardLoading label="Hämtar ordrarna …" />
      ) : null}
      {orders.results.length === 0 ? (
        <p>Inga ordrar hittades.</p>
      ) : (
        <RecordTable
          name="Ordrar"
          count={orders.count}
          rows={orders.results}
          columns={[
            {
              header: 'Order',
              cell: (order) => (
                <Link to={staffPath('store-staff-order', staff.store.slug, order.id)}>
                  {order.number}
                </Link>
              ),
            },
            { header: 'Kund', cell: customerOf },
            { header: 'Datum', cell: (order) => formatDate(order.created_at) },
            { header: 'Status', cell: (order) => order.status_label },
            { header: 'Leverans', cell: (order) => deliveryLabel(order.shipping_type) },
            {
              header: 'Belopp exkl. moms',
              amount: true,
              cell: (order) => formatPrice(order.total_excl_vat_ore),
            },
          ]}
        />
      )}
      <Pager
        here={here}
        page={filters.sida}
        next={orders.next !== null}
        previous={orders.previous !== null}
      />
    </div>
  );
}

/** /butik/{store}/ordrar/{id}: one customer's order, read-only. */
export function StaffOrderPage({ staff, order }: { staff: StaffStore; order: StaffOrderDetail }) {
  return (
    <div className="container store-staff dashboard">
      <StaffBar staff={staff} current="store-staff-orders" />
      <header className="dashboard__header">
        <p>
          <Link
            className="store-staff__back"
            to={staffPath('store-staff-orders', staff.store.slug)}
          >
            Alla ordrar
          </Link>
        </p>
        <h1 className="dashboard__title">Order {order.number}</h1>
      </header>
      <dl className="dashboard-facts">
        <dt>Kund</dt>
        <dd>{order.company.name}</dd>
        <dt>Status</dt>
        <dd>{order.status_label}</dd>
        <dt>Datum</dt>
        <dd>{formatDate(order.created_at)}</dd>
        <dt>Projekt</dt>
        <dd>{order.project ? `${order.project.number} ${order.project.name}` : '–'}</dd>
        <dt>Leverans</dt>
        <dd>
          {order.shipping_type === 2 && order.shipping_address
            ? `Leverans till ${order.shipping_address.street}, ${order.shipping_address.postcode} ${order.shipping_address.city}`
            : `Hämtas i ${staff.store.name}`}
        </dd>
        <dt>Beställd av</dt>
        <dd>{order.placed_by ?? '–'}</dd>
        <dt>Kundens referens</dt>
        <dd>{order.reference ?? '–'}</dd>
        <dt>Fakturor</dt>
        <dd>
          {order.invoices.length === 0
            ? 'Ingen faktura än'
            : order.invoices.map((i, index) => (
                <span key={i.number}>
                  {index > 0 ? ', ' : null}
                  <Link
                    to={`${staffPath('store-staff-invoices', staff.store.slug)}?sok=${i.number}`}
                  >
                    {i.number}
                  </Link>{' '}
                  ({formatPrice(i.total_ore)})
                </span>
              ))}
        </dd>
      </dl>
      <h2 className="dashboard__card-title">Rader</h2>
      <TradeLinesTable caption="Orderns rader" lines={order.lines} />
      <TradeTotals
        exclOre={order.total_excl_vat_ore}
        vatOre={order.vat_ore}
        inclOre={order.total_ore}
        inclLabel="Totalt inkl. moms"
      />
    </div>
  );
}
