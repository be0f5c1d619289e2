import { useId, useRef, useState } from 'react';
import { Link, useNavigate, useNavigation } from 'react-router';
import type { OfferPage } from '@bygg/contracts/trade/offers';
import { OrderDetailSchema } from '@bygg/contracts/trade/orders';
import { QUOTE_STATUS_LABELS, type Quote, type QuotePage } from '@bygg/contracts/trade/quotes';
import { formatPrice } from '@bygg/domain/money';
import { OfferStatusBadge } from '~/components/offer/offer-customer-view.tsx';
import { formatDate } from '~/lib/format.ts';
import { dashboardPath } from '~/lib/paths.ts';
import { browserTradeRequest, proffsPath, TradeRequestError } from '~/lib/trade-request.ts';
import { DashboardLoading, Refusal } from './dashboard-parts.tsx';
import { OfferCreateButton } from './offer-create-button.tsx';
import { useDashboard } from './dashboard-model.ts';
import { RecordTable } from './record-table.tsx';
import { TradeLinesTable, TradeListFilters, TradeTotals } from './trade-lines.tsx';
import { QuoteCart, type ProjectOption } from './quote-cart.tsx';
import { addLines, readQuoteCart, writeQuoteCart } from './quote-cart-store.ts';
import './dashboard.css';

type Filters = { sok: string; projekt: string };

/** Offerter (trade-area §2 /offerter/): the quote cart and the store's quotes for the company. */
export function QuotesPage({
  quotes,
  projects,
  filters,
  refused,
  offers,
  offersRefused,
}: {
  quotes: QuotePage | null;
  projects: readonly ProjectOption[];
  filters: Filters;
  refused: string | null;
  offers: OfferPage | null;
  offersRefused: string | null;
}) {
  const { store } = useDashboard();
  const navigation = useNavigation();
  const here = dashboardPath(store, 'dashboard-quotes');
  return (
    <div className="container dashboard">
      <header className="dashboard__header">
        <h1 className="dashboard__title">Offerter</h1>
        <p className="dashboard__lead">
          Butikens offerter till er, och era offerter till era egna kunder.
        </p>
      </header>
      <QuoteCart projects={projects} />
      <section aria-labelledby="butiksofferter" className="quotes">
        <h2 id="butiksofferter" className="dashboard__card-title">
          Butiksofferter
        </h2>
        {refused ? (
          <Refusal message={refused} />
        ) : (
          <>
            <TradeListFilters
              action={here}
              label="Sök offerter"
              filters={filters}
              projects={projects}
            />
            {navigation.state === 'loading' && navigation.location.pathname === here ? (
              <DashboardLoading label="Hämtar offerterna …" />
            ) : null}
            {quotes && quotes.results.length === 0 ? <p>Inga offerter hittades.</p> : null}
            {quotes && quotes.results.length > 0 ? (
              <RecordTable
                name="Butiksofferter"
                count={quotes.count}
                rows={quotes.results}
                columns={[
                  {
                    header: 'Offert',
                    cell: (quote) => (
                      <Link
                        to={dashboardPath(store, 'dashboard-store-quote', { id: String(quote.id) })}
                      >
                        {quote.number} {quote.title}
                      </Link>
                    ),
                  },
                  { header: 'Projekt', cell: (quote) => quote.project?.name ?? '–' },
                  { header: 'Giltig till', cell: (quote) => formatDate(quote.valid_until) },
                  {
                    header: 'Status',
                    cell: (quote) => (
                      <>
                        {QUOTE_STATUS_LABELS[quote.status]}
                        {quote.order ? (
                          <>
                            {' '}
                            <Link
                              to={dashboardPath(store, 'dashboard-order', {
                                id: String(quote.order.id),
                              })}
                            >
                              (order {quote.order.number})
                            </Link>
                          </>
                        ) : null}
                      </>
                    ),
                  },
                  {
                    header: 'Belopp exkl. moms',
                    amount: true,
                    cell: (quote) => formatPrice(quote.total_ore),
                  },
                ]}
              />
            ) : null}
          </>
        )}
      </section>
      <CustomerOffersSection offers={offers} refused={offersRefused} />
    </div>
  );
}

/** Kundofferter: the company's offers to its own customers (issue 19), with status badges. */
function CustomerOffersSection({
  offers,
  refused,
}: {
  offers: OfferPage | null;
  refused: string | null;
}) {
  const { store } = useDashboard();
  return (
    <section aria-labelledby="kundofferter" className="quotes">
      <h2 id="kundofferter" className="dashboard__card-title">
        Kundofferter
      </h2>
      <p className="dashboard-form__hint">
        Gör en kundoffert från en butiksoffert, en order eller ett projekt.
      </p>
      {refused ? <Refusal message={refused} /> : null}
      {offers && offers.results.length === 0 ? <p>Inga kundofferter hittades.</p> : null}
      {offers && offers.results.length > 0 ? (
        <RecordTable
          name="Kundofferter"
          count={offers.count}
          rows={offers.results}
          stacked
          columns={[
            {
              header: 'Offert',
              cell: (offer) => (
                <Link
                  to={dashboardPath(store, 'dashboard-customer-offer', { id: String(offer.id) })}
                >
                  {offer.number} {offer.title}
                </Link>
              ),
            },
            { header: 'Kund', cell: (offer) => offer.end_customer.name || '–' },
            { header: 'Projekt', cell: (offer) => offer.project?.name ?? '–' },
            { header: 'Giltig till', cell: (offer) => formatDate(offer.valid_until) },
            { header: 'Status', cell: (offer) => <OfferStatusBadge status={offer.status} /> },
            {
              header: 'Summa inkl. moms',
              amount: true,
              cell: (offer) => formatPrice(offer.total_incl_vat_ore),
            },
          ]}
        />
      ) : null}
    </section>
  );
}

/** The reply's Swedish message, or a general one. */
function orderProblemOf(error: unknown): string {
  if (error instanceof TradeRequestError) {
    const body = error.response.data as { message?: unknown } | null;
    if (typeof body?.message === 'string') return body.message;
  }
  return 'Offerten kunde inte beställas. Försök igen.';
}

/**
 * Butiksofferter/{id} (trade-area §2): one store quote. "Beställ offerten" orders its lines at
 * the quoted prices (POST quote/{id}/order/, ADR 041); an expired quote can still be put in
 * the quote cart at today's net prices.
 */
export function StoreQuotePage({
  quote,
  projects,
}: {
  quote: Quote;
  projects: readonly ProjectOption[];
}) {
  const { store, eid } = useDashboard();
  const navigate = useNavigate();
  const projectField = useId();
  const problemId = useId();
  const [projectId, setProjectId] = useState<number | null>(quote.project?.id ?? null);
  const [ordering, setOrdering] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const orderKey = useRef<string | null>(null);
  const open = quote.status === 'open';

  async function orderQuote() {
    if (projectId === null) {
      setProblem('Välj ett projekt för beställningen');
      return;
    }
    setOrdering(true);
    setProblem(null);
    orderKey.current ??= crypto.randomUUID();
    try {
      const reply = await browserTradeRequest().post(
        proffsPath(eid, `quote/${quote.id}/order/`),
        quote.project ? {} : { project_id: projectId },
        { headers: { 'Idempotency-Key': orderKey.current } },
      );
      const order = OrderDetailSchema.parse(reply.data);
      orderKey.current = null;
      await navigate(dashboardPath(store, 'dashboard-order', { id: String(order.id) }));
    } catch (error) {
      console.error('Ordering the store quote failed:', error);
      setProblem(orderProblemOf(error));
      // A refusal is final for this attempt: a new click is a new request.
      if (error instanceof TradeRequestError) orderKey.current = null;
    } finally {
      setOrdering(false);
    }
  }

  function toQuoteCart() {
    const cart = addLines(
      readQuoteCart(eid),
      quote.lines.map((line) => ({
        article_id: line.article_id,
        reference: line.title,
        quantity: line.quantity,
      })),
      quote.project
        ? { id: quote.project.id, label: `${quote.project.number} ${quote.project.name}` }
        : null,
    );
    writeQuoteCart(eid, cart);
    void navigate(`${dashboardPath(store, 'dashboard-quotes')}#offertkorg`);
  }

  return (
    <div className="container dashboard">
      <header className="dashboard__header">
        <p>
          <Link to={dashboardPath(store, 'dashboard-quotes')}>Alla offerter</Link>
        </p>
        <h1 className="dashboard__title">
          Offert {quote.number}: {quote.title}
        </h1>
      </header>
      <dl className="dashboard-facts">
        <dt>Status</dt>
        <dd>
          {QUOTE_STATUS_LABELS[quote.status]}
          {quote.order ? (
            <>
              {' '}
              (
              <Link to={dashboardPath(store, 'dashboard-order', { id: String(quote.order.id) })}>
                order {quote.order.number}
              </Link>
              )
            </>
          ) : null}
        </dd>
        <dt>Giltig till</dt>
        <dd>{formatDate(quote.valid_until)}</dd>
        <dt>Projekt</dt>
        <dd>{quote.project ? `${quote.project.number} ${quote.project.name}` : '–'}</dd>
        <dt>Butik</dt>
        <dd>{store.name}</dd>
      </dl>
      {quote.note ? <p>{quote.note}</p> : null}
      <TradeLinesTable caption="Offertens rader" lines={quote.lines} />
      <TradeTotals
        exclOre={quote.total_ore}
        vatOre={quote.vat_ore}
        inclOre={quote.total_incl_vat_ore}
      />
      {open ? (
        <>
          {quote.project ? null : (
            <div className="dashboard-form__field">
              <label htmlFor={projectField}>
                Projekt <span aria-hidden="true">*</span>
              </label>
              <select
                id={projectField}
                required
                aria-describedby={problem ? problemId : undefined}
                value={projectId ?? ''}
                onChange={(event) =>
                  setProjectId(event.target.value ? Number(event.target.value) : null)
                }
              >
                <option value="">Välj projekt</option>
                {projects.map((p) => (
                  <option key={p.id} value={p.id}>
                    {[p.number, p.name].filter(Boolean).join(' ')}
                  </option>
                ))}
              </select>
            </div>
          )}
          <p>
            <button
              type="button"
              className="button button--primary"
              onClick={() => void orderQuote()}
              disabled={ordering}
              aria-busy={ordering}
            >
              {ordering ? 'Beställer …' : 'Beställ offerten'}
            </button>
          </p>
          <p className="dashboard-form__hint">
            Offertens rader beställs till offertens priser och hämtas i butiken. Du får en
            orderbekräftelse per e-post.
          </p>
          <p>
            <button type="button" className="button" onClick={toQuoteCart}>
              Lägg raderna i offertkorgen
            </button>
          </p>
          <p className="dashboard-form__hint">
            I offertkorgen kan du ändra antal och rader; där gäller ert aktuella nettopris.
          </p>
        </>
      ) : quote.status === 'expired' ? (
        <>
          <p>
            Offerten gällde till {formatDate(quote.valid_until)} och kan inte längre beställas till
            offertens priser.
          </p>
          <p>
            <button type="button" className="button" onClick={toQuoteCart}>
              Lägg raderna i offertkorgen till dagens nettopris
            </button>
          </p>
        </>
      ) : (
        <p>Offerten är beställd och kan inte beställas igen.</p>
      )}
      <p id={problemId} role="alert" className="dashboard-form__error">
        {problem}
      </p>
      <OfferCreateButton
        label="Gör offert till kund"
        hint="Offertens rader blir en ny kundoffert, där du sätter era priser och lägger till arbete och avdrag."
      />
    </div>
  );
}
