import { Form, Link, useNavigation } from 'react-router';
import { ATTACHMENT_ACCEPT } from '@bygg/contracts/uploads';
import type { OrderAttachment, OrderDetail, OrderPage } from '@bygg/contracts/trade/orders';
import { formatPrice } from '@bygg/domain/money';
import { formatDate } from '~/lib/format.ts';
import { dashboardPath } from '~/lib/paths.ts';
import { proffsPath } from '~/lib/trade-request.ts';
import { DashboardLoading, Refusal } from './dashboard-parts.tsx';
import { useDashboard } from './dashboard-model.ts';
import { RecordTable } from './record-table.tsx';
import { deliveryLabel, TradeLinesTable, TradeListFilters, TradeTotals } from './trade-lines.tsx';
import type { ProjectOption } from './quote-cart.tsx';
import { OfferCreateButton } from './offer-create-button.tsx';
import './dashboard.css';

/** Ordrar (trade-area §2 /ordrar/): the company's orders in this store, and the export. */
export function OrdersPage({
  orders,
  projects,
  filters,
  refused,
  exported,
}: {
  orders: OrderPage | null;
  projects: readonly ProjectOption[];
  filters: { sok: string; projekt: string };
  refused: string | null;
  exported: { message: string; ok: boolean } | null;
}) {
  const { store } = useDashboard();
  const navigation = useNavigation();
  const here = dashboardPath(store, 'dashboard-orders');
  const exporting = navigation.state === 'submitting' && navigation.formMethod === 'POST';
  return (
    <div className="container dashboard">
      <header className="dashboard__header">
        <h1 className="dashboard__title">Ordrar</h1>
      </header>
      {refused ? (
        <Refusal message={refused} />
      ) : (
        <>
          <TradeListFilters
            action={here}
            label="Sök ordrar"
            filters={filters}
            projects={projects}
            placeholder="W100012"
          />
          <Form method="post" action={`${here}?${new URLSearchParams(filters).toString()}`}>
            <input type="hidden" name="sok" value={filters.sok} />
            <input type="hidden" name="projekt" value={filters.projekt} />
            <button type="submit" className="button" disabled={exporting}>
              {exporting ? 'Startar exporten …' : 'Exportera ordrar (CSV)'}
            </button>
          </Form>
          <div role="status" aria-live="polite">
            {exported ? (
              <p className={exported.ok ? 'dashboard__saved' : 'dashboard__problem'}>
                {exported.message}
              </p>
            ) : null}
          </div>
          {navigation.state === 'loading' && navigation.location.pathname === here ? (
            <DashboardLoading label="Hämtar ordrarna …" />
          ) : null}
          {orders && orders.results.length === 0 ? <p>Inga ordrar hittades.</p> : null}
          {orders && orders.results.length > 0 ? (
            <RecordTable
              name="Ordrar"
              count={orders.count}
              rows={orders.results}
              columns={[
                {
                  header: 'Order',
                  cell: (order) => (
                    <Link to={dashboardPath(store, 'dashboard-order', { id: String(order.id) })}>
                      {order.number}
                    </Link>
                  ),
                },
                { header: 'Datum', cell: (order) => formatDate(order.created_at) },
                { header: 'Projekt', cell: (order) => order.project?.name ?? '–' },
                { header: 'Status', cell: (order) => order.status_label },
                { header: 'Leverans', cell: (order) => deliveryLabel(order.shipping_type) },
                {
                  header: 'Belopp exkl. moms',
                  amount: true,
                  cell: (order) => formatPrice(order.total_excl_vat_ore),
                },
              ]}
            />
          ) : null}
        </>
      )}
    </div>
  );
}

/** Ordrar/{id} (trade-area §2): lines, delivery or pickup, status, attachments, invoices. */
export function OrderPageView({
  order,
  attachments,
  upload,
}: {
  order: OrderDetail;
  attachments: readonly OrderAttachment[];
  upload: { message: string; ok: boolean } | null;
}) {
  const { store, eid } = useDashboard();
  const navigation = useNavigation();
  const uploading = navigation.state === 'submitting';
  return (
    <div className="container dashboard">
      <header className="dashboard__header">
        <p>
          <Link to={dashboardPath(store, 'dashboard-orders')}>Alla ordrar</Link>
        </p>
        <h1 className="dashboard__title">Order {order.number}</h1>
      </header>
      <dl className="dashboard-facts">
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
            : `Hämtas i ${order.store.name}`}
        </dd>
        <dt>Beställd av</dt>
        <dd>{order.placed_by ?? '–'}</dd>
        <dt>Er referens</dt>
        <dd>{order.reference ?? '–'}</dd>
      </dl>
      <h2 className="dashboard__card-title">Rader</h2>
      <TradeLinesTable caption="Orderns rader" lines={order.lines} />
      <TradeTotals
        exclOre={order.total_excl_vat_ore}
        vatOre={order.vat_ore}
        inclOre={order.total_ore}
        inclLabel="Totalt inkl. moms"
      />
      <OfferCreateButton
        label="Gör offert till kund"
        hint="Orderns rader blir en ny kundoffert, där du sätter era priser och lägger till arbete och avdrag."
      />
      <h2 className="dashboard__card-title">Fakturor</h2>
      {order.invoices.length === 0 ? (
        <p>Ordern har ingen faktura än.</p>
      ) : (
        <ul className="dashboard__links">
          {order.invoices.map((invoice) => (
            <li key={invoice.number}>
              <a
                href={`/${proffsPath(eid, `invoice/${invoice.number}/pdf/`)}`}
                download={`faktura-${invoice.number}.pdf`}
              >
                Faktura {invoice.number}
              </a>{' '}
              ({formatPrice(invoice.total_ore)}, förfaller {formatDate(invoice.due_at)})
            </li>
          ))}
        </ul>
      )}
      <h2 className="dashboard__card-title" id="bilagor">
        Bilagor
      </h2>
      {attachments.length === 0 ? (
        <p>Ordern har inga bilagor.</p>
      ) : (
        <>
          <ul className="dashboard__links">
            {attachments.map((file) => (
              <li key={file.id}>
                <a href={file.url} download={file.filename}>
                  {file.filename}
                </a>
              </li>
            ))}
          </ul>
          <p>
            <a href={`/${proffsPath(eid, `order/${order.id}/attachments/download/`)}`}>
              Ladda ner alla bilagor (zip)
            </a>
          </p>
        </>
      )}
      <Form
        method="post"
        encType="multipart/form-data"
        className="dashboard-form"
        aria-labelledby="bilagor"
      >
        <div className="dashboard-form__field">
          <label htmlFor="bilaga-fil">Lägg till bilagor</label>
          <input
            id="bilaga-fil"
            name="file"
            type="file"
            multiple
            accept={ATTACHMENT_ACCEPT}
            required
          />
        </div>
        <button type="submit" className="button button--primary" disabled={uploading}>
          {uploading ? 'Laddar upp …' : 'Ladda upp'}
        </button>
        <div role="status" aria-live="polite">
          {upload ? (
            <p className={upload.ok ? 'dashboard__saved' : 'dashboard__problem'}>
              {upload.message}
            </p>
          ) : null}
        </div>
      </Form>
    </div>
  );
}
