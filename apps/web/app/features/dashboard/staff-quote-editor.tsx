import { useId, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useRevalidator } from 'react-router';
import {
  STAFF_QUOTE_STATUS_LABELS,
  StaffArticleListSchema,
  StaffQuoteSchema,
  type StaffArticle,
  type StaffCustomer,
  type StaffQuote,
} from '@bygg/contracts/trade/staff';
import { formatPrice } from '@bygg/domain/money';
import { formatDate, formatDateTime } from '~/lib/format.ts';
import { browserTradeRequest, proffsPath, TradeRequestError } from '~/lib/trade-request.ts';
import { StaffBar, staffPath } from './staff-pages.tsx';
import { kronorInputToOre, oreToKronorInput, type StaffStore } from './staff-model.ts';
import { TradeLinesTable, TradeTotals } from './trade-lines.tsx';

type Line = {
  article_id: number;
  title: string;
  unit: string;
  quantity: string;
  /** The quoted price in kronor as typed; '' = the company's price. */
  price: string;
  /** The company's price excl. VAT when known (a line added from the search). */
  companyPriceOre: number | null;
};

type Outcome = { ok: boolean; message: string } | null;

/** The API's message of a refusal, or a general one. */
function messageOf(error: unknown, fallback: string): string {
  if (error instanceof TradeRequestError) {
    const body = error.response.data as { message?: unknown } | null;
    if (typeof body?.message === 'string') return body.message;
  }
  return fallback;
}

/**
 * A store quote for a trade customer (issue 20): a draft is written here (customer, project,
 * articles from the catalogue at the customer's prices, a quoted price per line, validity, a
 * note), saved, and sent with "Skicka"; a sent quote is shown read-only.
 */
export function StaffQuoteEditor({
  staff,
  customers,
  quote,
  today,
  notice,
}: {
  staff: StaffStore;
  customers: readonly StaffCustomer[];
  quote: StaffQuote | null;
  today: string;
  notice: string | null;
}) {
  const title = quote ? `Offert ${quote.number}` : 'Ny offert';
  return (
    <div className="container store-staff dashboard">
      <StaffBar staff={staff} current="store-staff-quotes" />
      <header className="dashboard__header">
        <p>
          <Link
            className="store-staff__back"
            to={staffPath('store-staff-quotes', staff.store.slug)}
          >
            Alla offerter
          </Link>
        </p>
        <h1 className="dashboard__title">{title}</h1>
      </header>
      <div role="status" aria-live="polite">
        {notice ? <p className="dashboard__saved">{notice}</p> : null}
      </div>
      {quote && quote.status !== 'draft' ? (
        <SentQuote quote={quote} />
      ) : (
        <DraftForm
          key={quote ? `${quote.id}-${quote.line_count}-${quote.total_ore}` : 'new'}
          staff={staff}
          customers={customers}
          quote={quote}
          today={today}
        />
      )}
    </div>
  );
}

function SentQuote({ quote }: { quote: StaffQuote }) {
  return (
    <>
      <dl className="dashboard-facts">
        <dt>Status</dt>
        <dd>{STAFF_QUOTE_STATUS_LABELS[quote.status]}</dd>
        <dt>Kund</dt>
        <dd>{quote.company.name}</dd>
        <dt>Projekt</dt>
        <dd>{quote.project ? `${quote.project.number} ${quote.project.name}` : '–'}</dd>
        <dt>Rubrik</dt>
        <dd>{quote.title}</dd>
        <dt>Skickad</dt>
        <dd>{quote.sent_at ? formatDateTime(quote.sent_at) : '–'}</dd>
        <dt>Giltig till och med</dt>
        <dd>{formatDate(`${quote.valid_until}T12:00:00Z`)}</dd>
        <dt>Skriven av</dt>
        <dd>{quote.created_by ?? '–'}</dd>
        <dt>Meddelande till kunden</dt>
        <dd>{quote.note || '–'}</dd>
      </dl>
      <h2 className="dashboard__card-title">Rader</h2>
      <TradeLinesTable caption="Offertens rader" lines={quote.lines} />
      <TradeTotals
        exclOre={quote.total_ore}
        vatOre={quote.vat_ore}
        inclOre={quote.total_incl_vat_ore}
      />
    </>
  );
}

function DraftForm({
  staff,
  customers,
  quote,
  today,
}: {
  staff: StaffStore;
  customers: readonly StaffCustomer[];
  quote: StaffQuote | null;
  today: string;
}) {
  const id = useId();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const [companyId, setCompanyId] = useState(quote ? String(quote.company.id) : '');
  const [projectId, setProjectId] = useState(quote?.project ? String(quote.project.id) : '');
  const [heading, setHeading] = useState(quote?.title ?? '');
  const [validUntil, setValidUntil] = useState(quote?.valid_until ?? '');
  const [note, setNote] = useState(quote?.note ?? '');
  const [lines, setLines] = useState<Line[]>(
    (quote?.lines ?? []).map((l) => ({
      article_id: l.article_id,
      title: l.title,
      unit: l.unit,
      quantity: String(l.quantity),
      price: oreToKronorInput(l.unit_price_ore),
      companyPriceOre: null,
    })),
  );
  const [search, setSearch] = useState('');
  const [results, setResults] = useState<StaffArticle[] | null>(null);
  const [searching, setSearching] = useState(false);
  const [searchProblem, setSearchProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState<null | 'save' | 'send' | 'delete'>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const company = customers.find((c) => String(c.id) === companyId) ?? null;
  const eid = staff.store.eid;

  async function findArticles(event: FormEvent) {
    event.preventDefault();
    if (!company) {
      setSearchProblem('Välj kund först: priserna är kundens.');
      return;
    }
    if (search.trim().length < 2) {
      setSearchProblem('Skriv minst två tecken.');
      return;
    }
    setSearching(true);
    setSearchProblem(null);
    try {
      const reply = await browserTradeRequest().get(proffsPath(eid, 'staff/article/'), {
        company_id: company.id,
        search: search.trim(),
      });
      setResults(StaffArticleListSchema.parse(reply.data).results);
    } catch (error) {
      setResults(null);
      setSearchProblem(messageOf(error, 'Sökningen misslyckades. Försök igen.'));
    } finally {
      setSearching(false);
    }
  }

  function addArticle(article: StaffArticle) {
    setLines((current) =>
      current.some((l) => l.article_id === article.article_id)
        ? current
        : [
            ...current,
            {
              article_id: article.article_id,
              title: article.title,
              unit: article.unit,
              quantity: '1',
              price: '',
              companyPriceOre: article.price_ore,
            },
          ],
    );
    setOutcome({ ok: true, message: `${article.title} är tillagd i offerten.` });
  }

  function change(index: number, patch: Partial<Line>) {
    setLines((current) => current.map((l, i) => (i === index ? { ...l, ...patch } : l)));
  }

  /** The body to save, or the first problem to show. */
  function body(): { ok: true; value: Record<string, unknown> } | { ok: false; message: string } {
    if (!company) return { ok: false, message: 'Välj kund.' };
    if (heading.trim() === '') return { ok: false, message: 'Ange en rubrik.' };
    if (!/^\d{4}-\d{2}-\d{2}$/.test(validUntil)) {
      return { ok: false, message: 'Ange giltighetsdatum.' };
    }
    if (lines.length === 0) return { ok: false, message: 'Lägg till minst en artikel.' };
    const out = [];
    for (const line of lines) {
      const quantity = Number(line.quantity);
      if (!Number.isInteger(quantity) || quantity < 1) {
        return { ok: false, message: `Antalet för ${line.title} måste vara ett heltal, minst 1.` };
      }
      const price = kronorInputToOre(line.price);
      if (price !== null && Number.isNaN(price)) {
        return { ok: false, message: `Priset för ${line.title} ska anges i kronor, t.ex. 129,50.` };
      }
      out.push({ article_id: line.article_id, quantity, unit_price_ore: price });
    }
    return {
      ok: true,
      value: {
        company_id: company.id,
        project_id: projectId ? Number(projectId) : null,
        title: heading.trim(),
        note: note.trim(),
        valid_until: validUntil,
        lines: out,
      },
    };
  }

  /** Saves the draft; returns its id, or null after showing the problem. */
  async function save(): Promise<number | null> {
    const checked = body();
    if (!checked.ok) {
      setOutcome({ ok: false, message: checked.message });
      return null;
    }
    try {
      const reply = quote
        ? await browserTradeRequest().put(
            proffsPath(eid, `staff/quote/${quote.id}/`),
            checked.value,
          )
        : await browserTradeRequest().post(proffsPath(eid, 'staff/quote/'), checked.value);
      return StaffQuoteSchema.parse(reply.data).id;
    } catch (error) {
      setOutcome({
        ok: false,
        message: messageOf(error, 'Utkastet kunde inte sparas. Försök igen.'),
      });
      return null;
    }
  }

  async function onSave(event: FormEvent) {
    event.preventDefault();
    setBusy('save');
    setOutcome(null);
    const saved = await save();
    setBusy(null);
    if (saved === null) return;
    if (quote) {
      setOutcome({ ok: true, message: 'Utkastet är sparat.' });
      void revalidator.revalidate();
    } else {
      await navigate(`${staffPath('store-staff-quote', staff.store.slug, saved)}?sparad=1`);
    }
  }

  async function onSend() {
    setBusy('send');
    setOutcome(null);
    const saved = await save();
    if (saved === null) {
      setBusy(null);
      return;
    }
    try {
      await browserTradeRequest().post(proffsPath(eid, `staff/quote/${saved}/send/`), {});
      await navigate(`${staffPath('store-staff-quote', staff.store.slug, saved)}?skickad=1`);
    } catch (error) {
      setOutcome({
        ok: false,
        message: messageOf(error, 'Offerten kunde inte skickas. Försök igen.'),
      });
    } finally {
      setBusy(null);
    }
  }

  async function onDelete() {
    if (!quote) return;
    setBusy('delete');
    try {
      await browserTradeRequest().delete(proffsPath(eid, `staff/quote/${quote.id}/`));
      await navigate(`${staffPath('store-staff-quotes', staff.store.slug)}?borttagen=1`);
    } catch (error) {
      setOutcome({ ok: false, message: messageOf(error, 'Utkastet kunde inte tas bort.') });
    } finally {
      setBusy(null);
    }
  }

  const sumOre = lines.reduce((sum, line) => {
    const quantity = Number(line.quantity);
    const price = kronorInputToOre(line.price) ?? line.companyPriceOre;
    return Number.isInteger(quantity) && price !== null && !Number.isNaN(price)
      ? sum + quantity * price
      : sum;
  }, 0);

  return (
    <>
      {customers.length === 0 ? (
        <p>Butiken har inga företagskunder att skriva offerter till.</p>
      ) : null}
      <form className="dashboard-form staff-quote" onSubmit={onSave} noValidate>
        <fieldset className="staff-quote__fields">
          <legend className="dashboard__card-title">Kund och villkor</legend>
          <div className="dashboard-form__field">
            <label htmlFor={`${id}-company`}>
              Kund<span aria-hidden="true"> *</span>
            </label>
            <select
              id={`${id}-company`}
              required
              value={companyId}
              onChange={(event) => {
                setCompanyId(event.target.value);
                setProjectId('');
                setResults(null);
              }}
            >
              <option value="">Välj kund</option>
              {customers.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name} ({c.customer_number})
                </option>
              ))}
            </select>
          </div>
          <div className="dashboard-form__field">
            <label htmlFor={`${id}-project`}>Projekt (valfritt)</label>
            <select
              id={`${id}-project`}
              value={projectId}
              disabled={!company || company.projects.length === 0}
              onChange={(event) => setProjectId(event.target.value)}
            >
              <option value="">Inget projekt</option>
              {(company?.projects ?? []).map((p) => (
                <option key={p.id} value={p.id}>
                  {p.number} {p.name}
                </option>
              ))}
            </select>
          </div>
          <div className="dashboard-form__field">
            <label htmlFor={`${id}-title`}>
              Rubrik<span aria-hidden="true"> *</span>
            </label>
            <input
              id={`${id}-title`}
              required
              maxLength={120}
              value={heading}
              onChange={(event) => setHeading(event.target.value)}
            />
          </div>
          <div className="dashboard-form__field">
            <label htmlFor={`${id}-valid`}>
              Giltig till och med<span aria-hidden="true"> *</span>
            </label>
            <input
              id={`${id}-valid`}
              type="date"
              required
              min={today}
              value={validUntil}
              onChange={(event) => setValidUntil(event.target.value)}
            />
          </div>
          <div className="dashboard-form__field staff-quote__note">
            <label htmlFor={`${id}-note`}>Meddelande till kunden</label>
            <textarea
              id={`${id}-note`}
              rows={3}
              maxLength={2000}
              value={note}
              onChange={(event) => setNote(event.target.value)}
            />
          </div>
        </fieldset>

        <h2 className="dashboard__card-title">Rader</h2>
        {lines.length === 0 ? (
          <p>Inga artiklar ännu. Sök i sortimentet nedan.</p>
        ) : (
          <div
            className="dashboard-table-wrap"
            role="region"
            aria-label="Offertens rader"
            tabIndex={0}
          >
            <table className="dashboard-table staff-quote__lines">
              <caption className="visually-hidden">Offertens rader</caption>
              <thead>
                <tr>
                  <th scope="col">Artikel</th>
                  <th scope="col">Antal</th>
                  <th scope="col">À-pris exkl. moms (kr)</th>
                  <th scope="col">
                    <span className="visually-hidden">Ta bort</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {lines.map((line, index) => (
                  <tr key={line.article_id}>
                    <th scope="row">{line.title}</th>
                    <td>
                      <label className="visually-hidden" htmlFor={`${id}-q-${line.article_id}`}>
                        Antal {line.title}
                      </label>
                      <input
                        id={`${id}-q-${line.article_id}`}
                        className="staff-quote__number"
                        inputMode="numeric"
                        value={line.quantity}
                        onChange={(event) => change(index, { quantity: event.target.value })}
                      />{' '}
                      {line.unit}
                    </td>
                    <td>
                      <label className="visually-hidden" htmlFor={`${id}-p-${line.article_id}`}>
                        Offererat à-pris för {line.title}
                      </label>
                      <input
                        id={`${id}-p-${line.article_id}`}
                        className="staff-quote__number"
                        inputMode="decimal"
                        value={line.price}
                        placeholder={
                          line.companyPriceOre === null
                            ? undefined
                            : oreToKronorInput(line.companyPriceOre)
                        }
                        aria-describedby={`${id}-p-hint`}
                        onChange={(event) => change(index, { price: event.target.value })}
                      />
                    </td>
                    <td>
                      <button
                        type="button"
                        className="messages__back"
                        onClick={() => {
                          setLines((current) => current.filter((_, i) => i !== index));
                          setOutcome({ ok: true, message: `${line.title} är borttagen.` });
                          searchRef.current?.focus();
                        }}
                      >
                        Ta bort<span className="visually-hidden"> {line.title}</span>
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <p id={`${id}-p-hint`} className="dashboard-form__hint">
          Lämna priset tomt för kundens nettopris. Summa exkl. moms: {formatPrice(sumOre)}
        </p>

        <div role="status" aria-live="polite" className="staff-quote__outcome">
          {outcome?.ok ? <p className="dashboard__saved">{outcome.message}</p> : null}
        </div>
        {outcome && !outcome.ok ? (
          <p className="dashboard__problem" role="alert">
            {outcome.message}
          </p>
        ) : null}
        <div className="staff-quote__actions">
          <button type="submit" className="button" disabled={busy !== null}>
            {busy === 'save' ? 'Sparar …' : 'Spara utkast'}
          </button>
          <button
            type="button"
            className="button button--primary"
            disabled={busy !== null}
            onClick={() => void onSend()}
          >
            {busy === 'send' ? 'Skickar …' : 'Skicka'}
          </button>
          {quote ? (
            <button
              type="button"
              className="messages__back"
              disabled={busy !== null}
              onClick={() => void onDelete()}
            >
              Ta bort utkastet
            </button>
          ) : null}
        </div>
      </form>

      <section className="staff-quote__search" aria-labelledby={`${id}-search-title`}>
        <h2 className="dashboard__card-title" id={`${id}-search-title`}>
          Lägg till artiklar
        </h2>
        <form role="search" className="dashboard-filters" onSubmit={(e) => void findArticles(e)}>
          <label>
            Sök i sortimentet
            <input
              ref={searchRef}
              type="search"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
            />
          </label>
          <button type="submit" className="button button--primary" disabled={searching}>
            Sök artikel
          </button>
        </form>
        <div role="status" aria-live="polite">
          {searching ? <p>Söker …</p> : null}
          {searchProblem ? <p className="dashboard__problem">{searchProblem}</p> : null}
          {results && !searching ? (
            <p>
              {results.length === 0
                ? 'Inga artiklar hittades.'
                : `${results.length} artiklar hittades.`}
            </p>
          ) : null}
        </div>
        {results && results.length > 0 ? (
          <ul className="staff-quote__results">
            {results.map((article) => (
              <li key={article.article_id}>
                <span>
                  {article.title}, {formatPrice(article.price_ore)} per {article.unit} exkl. moms
                  {article.is_net_price ? ' (nettopris)' : ''}
                </span>
                <button
                  type="button"
                  className="button"
                  disabled={lines.some((l) => l.article_id === article.article_id)}
                  onClick={() => addArticle(article)}
                >
                  Lägg till<span className="visually-hidden"> {article.title}</span>
                </button>
              </li>
            ))}
          </ul>
        ) : null}
      </section>
    </>
  );
}
