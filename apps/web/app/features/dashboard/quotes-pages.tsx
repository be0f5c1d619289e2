import { Link, useNavigate, useNavigation } from 'react-router';
import type { OfferPage } from '@bygg/contracts/trade/offers';
import { QUOTE_STATUS_LABELS, type Quote, type QuotePage } from '@bygg/contracts/trade/quotes';
import { formatPrice } from '@bygg/domain/money';
import { OfferStatusBadge } from '~/components/offer/offer-customer-view.tsx';
import { formatDate } from '~/lib/format.ts';
import { dashboardPath } from '~/lib/paths.ts';
import { DashboardLoading, Refusal } from './dashboard-parts.tsx';
import { OfferCreateButton } from './offer-create-button.tsx';
import { useDashboard } from './dashboard-model.ts';
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
              <div
                className="dashboard-table-wrap"
                role="region"
                aria-label="Tabell över butiksofferter"
                tabIndex={0}
              >
                <table className="dashboard-table">
                  <caption className="visually-hidden">Butiksofferter, {quotes.count} st</caption>
                  <thead>
                    <tr>
                      <th scope="col">Offert</th>
                      <th scope="col">Projekt</th>
                      <th scope="col">Giltig till</th>
                      <th scope="col">Status</th>
                      <th scope="col" className="dashboard-table__amount">
                        Belopp exkl. moms
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {quotes.results.map((quote) => (
                      <tr key={quote.id}>
                        <th scope="row">
                          <Link
                            to={dashboardPath(store, 'dashboard-store-quote', {
                              id: String(quote.id),
                            })}
                          >
                            {quote.number} {quote.title}
                          </Link>
                        </th>
                        <td>{quote.project ? quote.project.name : '–'}</td>
                        <td>{formatDate(quote.valid_until)}</td>
                        <td>{QUOTE_STATUS_LABELS[quote.status]}</td>
                        <td className="dashboard-table__amount">{formatPrice(quote.total_ore)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
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
        <div
          className="dashboard-table-wrap"
          role="region"
          aria-label="Tabell över kundofferter"
          tabIndex={0}
        >
          <table className="dashboard-table dashboard-table--stacked">
            <caption className="visually-hidden">Kundofferter, {offers.count} st</caption>
            <thead>
              <tr>
                <th scope="col">Offert</th>
                <th scope="col">Kund</th>
                <th scope="col">Projekt</th>
                <th scope="col">Giltig till</th>
                <th scope="col">Status</th>
                <th scope="col" className="dashboard-table__amount">
                  Summa inkl. moms
                </th>
              </tr>
            </thead>
            <tbody>
              {offers.results.map((offer) => (
                <tr key={offer.id}>
                  <th scope="row">
                    <Link
                      to={dashboardPath(store, 'dashboard-customer-offer', {
                        id: String(offer.id),
                      })}
                    >
                      {offer.number} {offer.title}
                    </Link>
                  </th>
                  <td data-label="Kund">{offer.end_customer.name || '–'}</td>
                  <td data-label="Projekt">{offer.project ? offer.project.name : '–'}</td>
                  <td data-label="Giltig till">{formatDate(offer.valid_until)}</td>
                  <td data-label="Status">
                    <OfferStatusBadge status={offer.status} />
                  </td>
                  <td className="dashboard-table__amount" data-label="Summa inkl. moms">
                    {formatPrice(offer.total_incl_vat_ore)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}

/** Butiksofferter/{id} (trade-area §2): one store quote, and "Beställ offerten". */
export function StoreQuotePage({ quote }: { quote: Quote }) {
  const { store, eid } = useDashboard();
  const navigate = useNavigate();
  const open = quote.status === 'open';
  function orderQuote() {
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
        <dd>{QUOTE_STATUS_LABELS[quote.status]}</dd>
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
        <p>
          <button type="button" className="button button--primary" onClick={orderQuote}>
            Beställ offerten
          </button>
        </p>
      ) : (
        <p>Offerten går inte längre att beställa ({QUOTE_STATUS_LABELS[quote.status]}).</p>
      )}
      <p className="dashboard-form__hint">
        Raderna läggs i offertkorgen, där du väljer projekt och beställer. Priset i korgen är ert
        aktuella nettopris.
      </p>
      <OfferCreateButton
        label="Gör offert till kund"
        hint="Offertens rader blir en ny kundoffert, där du sätter era priser och lägger till arbete och avdrag."
      />
    </div>
  );
}
