import { useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
import { useNavigate } from 'react-router';
import { OrderDetailSchema } from '@bygg/contracts/trade/orders';
import {
  QUOTE_CART_MAX_QUANTITY,
  ValidatedQuoteCartSchema,
  type ValidatedQuoteCart,
} from '@bygg/contracts/trade/quotes';
import { formatPrice } from '@bygg/domain/money';
import { dashboardPath } from '~/lib/paths.ts';
import { browserTradeRequest, proffsPath, TradeRequestError } from '~/lib/trade-request.ts';
import { useDashboard } from './dashboard-model.ts';
import { TradeTotals } from './trade-lines.tsx';
import {
  EMPTY_QUOTE_CART,
  quoteCartSnapshot,
  setQuantity,
  subscribeQuoteCart,
  writeQuoteCart,
  type QuoteCartState,
} from './quote-cart-store.ts';

export type ProjectOption = { id: number; number: string; name: string };

/** Validation waits this long after the last change (typing a quantity). */
const VALIDATE_DEBOUNCE_MS = 300;

type Check =
  | { state: 'idle' }
  | { state: 'checking' }
  | { state: 'done'; cart: ValidatedQuoteCart }
  | { state: 'invalid'; message: string; items: Array<Record<string, string[]>> }
  | { state: 'failed'; message: string };

/** The quote cart of this store, kept in the browser, read after hydration. */
export function useQuoteCart(eid: string) {
  const stored = useSyncExternalStore(
    subscribeQuoteCart,
    () => quoteCartSnapshot(eid),
    () => null,
  );
  const update = (next: QuoteCartState) => writeQuoteCart(eid, next);
  return { cart: stored ?? EMPTY_QUOTE_CART, loaded: stored !== null, update };
}

function messageOf(error: unknown): string {
  if (error instanceof TradeRequestError) {
    const body = error.response.data as { message?: unknown } | null;
    if (typeof body?.message === 'string') return body.message;
  }
  return 'Offertkorgen kunde inte kontrolleras. Försök igen.';
}

/**
 * The quote cart (trade-area spec §4, §5): validated through quote/validate/ whenever it
 * changes (400: each line's field errors; 422: the cart with each line's problem, stored all
 * the same), net prices excl. VAT, the project chosen per store, ordered with POST order/.
 */
export function QuoteCart({ projects }: { projects: readonly ProjectOption[] }) {
  const { eid, store } = useDashboard();
  const { cart, loaded, update } = useQuoteCart(eid);
  const [result, setResult] = useState<{ signature: string; check: Check } | null>(null);
  const [ordering, setOrdering] = useState(false);
  const [orderProblem, setOrderProblem] = useState<string | null>(null);
  const orderKey = useRef<string | null>(null);
  const navigate = useNavigate();
  const projectField = useId();

  // The projects the user may choose, and the one a quote chose (also without the projects right).
  const options: ProjectOption[] =
    cart.projectId !== null && !projects.some((p) => p.id === cart.projectId)
      ? [
          ...projects,
          {
            id: cart.projectId,
            number: '',
            name: cart.projectLabel ?? `Projekt ${cart.projectId}`,
          },
        ]
      : [...projects];
  const items = cart.lines.map((l) => ({ article_id: l.article_id, quantity: l.quantity }));
  const signature = JSON.stringify([items, cart.projectId]);
  const check: Check =
    !loaded || cart.lines.length === 0
      ? { state: 'idle' }
      : result?.signature === signature
        ? result.check
        : { state: 'checking' };
  useEffect(() => {
    if (!loaded || cart.lines.length === 0) return;
    let cancelled = false;
    const setCheck = (done: Check) => setResult({ signature, check: done });
    // A changed cart is another order: a new idempotency key.
    orderKey.current = null;
    const timer = setTimeout(() => {
      browserTradeRequest()
        .post(proffsPath(eid, 'quote/validate/'), {
          store_id: eid,
          project_id: cart.projectId,
          items,
        })
        .then((reply) => {
          if (!cancelled)
            setCheck({ state: 'done', cart: ValidatedQuoteCartSchema.parse(reply.data) });
        })
        .catch((error: unknown) => {
          if (cancelled) return;
          const body = (error instanceof TradeRequestError ? error.response.data : null) as {
            cart?: unknown;
            items?: Array<Record<string, string[]>>;
          } | null;
          if (error instanceof TradeRequestError && error.status === 422 && body?.cart) {
            setCheck({ state: 'done', cart: ValidatedQuoteCartSchema.parse(body.cart) });
          } else if (error instanceof TradeRequestError && error.status === 400) {
            setCheck({ state: 'invalid', message: messageOf(error), items: body?.items ?? [] });
          } else {
            console.error('Quote cart validation failed:', error);
            setCheck({ state: 'failed', message: messageOf(error) });
          }
        });
    }, VALIDATE_DEBOUNCE_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
    // The signature stands for the lines and the project.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [eid, loaded, signature]);

  const validated = check.state === 'done' ? check.cart : null;
  const lineProblem = (articleId: number, index: number): string | null => {
    if (check.state === 'invalid') {
      const errors = check.items[index];
      return errors ? Object.values(errors).flat().join(' ') || null : null;
    }
    return validated?.items.find((i) => i.article_id === articleId)?.problem?.message ?? null;
  };
  const orderable = validated !== null && validated.valid && cart.projectId !== null && !ordering;

  async function placeOrder() {
    setOrdering(true);
    setOrderProblem(null);
    orderKey.current ??= crypto.randomUUID();
    try {
      const reply = await browserTradeRequest().post(
        proffsPath(eid, 'order/'),
        { store_id: eid },
        { headers: { 'Idempotency-Key': orderKey.current } },
      );
      const order = OrderDetailSchema.parse(reply.data);
      update(EMPTY_QUOTE_CART);
      orderKey.current = null;
      await navigate(dashboardPath(store, 'dashboard-order', { id: String(order.id) }));
    } catch (error) {
      console.error('Ordering the quote cart failed:', error);
      setOrderProblem(messageOf(error));
    } finally {
      setOrdering(false);
    }
  }

  return (
    <section className="dashboard__card quote-cart" aria-labelledby="offertkorg">
      <h2 className="dashboard__card-title" id="offertkorg" tabIndex={-1}>
        Offertkorg
      </h2>
      {!loaded ? (
        <p>Hämtar offertkorgen …</p>
      ) : cart.lines.length === 0 ? (
        <p>Offertkorgen är tom. Öppna en butiksoffert och välj ”Beställ offerten”.</p>
      ) : (
        <>
          <div className="dashboard-form__field">
            <label htmlFor={projectField}>
              Projekt <span aria-hidden="true">*</span>
            </label>
            <select
              id={projectField}
              required
              value={cart.projectId ?? ''}
              onChange={(event) => {
                const id = event.target.value ? Number(event.target.value) : null;
                const chosen = options.find((p) => p.id === id);
                update({
                  ...cart,
                  projectId: id,
                  projectLabel: chosen ? `${chosen.number} ${chosen.name}` : null,
                });
              }}
            >
              <option value="">Välj projekt</option>
              {options.map((p) => (
                <option key={p.id} value={p.id}>
                  {[p.number, p.name].filter(Boolean).join(' ')}
                </option>
              ))}
            </select>
          </div>
          <div
            className="dashboard-table-wrap"
            role="region"
            aria-label="Rader i offertkorgen"
            tabIndex={0}
          >
            <table className="dashboard-table dashboard-table--stacked">
              <caption className="visually-hidden">Rader i offertkorgen</caption>
              <thead>
                <tr>
                  <th scope="col">Artikel</th>
                  <th scope="col">Antal</th>
                  <th scope="col" className="dashboard-table__amount quote-cart__unit">
                    À-pris exkl. moms
                  </th>
                  <th scope="col" className="dashboard-table__amount quote-cart__sum">
                    Summa exkl. moms
                  </th>
                  <th scope="col">
                    <span className="visually-hidden">Ta bort</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {cart.lines.map((line, index) => {
                  const priced = validated?.items.find((i) => i.article_id === line.article_id);
                  const problem = lineProblem(line.article_id, index);
                  const problemId = `offertkorg-rad-${line.article_id}-fel`;
                  return (
                    <tr key={line.article_id}>
                      <th scope="row">
                        {line.reference}
                        {problem ? (
                          <span className="dashboard-form__error" id={problemId} role="alert">
                            {problem}
                          </span>
                        ) : null}
                      </th>
                      <td data-label="Antal">
                        <QuantityInput
                          key={line.quantity}
                          label={`Antal för ${line.reference}`}
                          value={line.quantity}
                          invalid={problem !== null}
                          describedBy={problem ? problemId : undefined}
                          onCommit={(quantity) =>
                            update(setQuantity(cart, line.article_id, quantity))
                          }
                        />
                      </td>
                      <td
                        className="dashboard-table__amount quote-cart__unit"
                        data-label="À-pris exkl. moms"
                      >
                        {priced?.price_ore != null ? formatPrice(priced.price_ore) : '–'}
                      </td>
                      <td
                        className="dashboard-table__amount quote-cart__sum"
                        data-label="Summa exkl. moms"
                      >
                        {priced ? formatPrice(priced.sum_ore) : '–'}
                      </td>
                      <td className="quote-cart__remove">
                        <button
                          type="button"
                          className="button"
                          onClick={() => update(setQuantity(cart, line.article_id, 0))}
                        >
                          Ta bort<span className="visually-hidden"> {line.reference}</span>
                        </button>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          <p role="status" aria-live="polite" className="quote-cart__status">
            {check.state === 'checking' ? 'Kontrollerar offertkorgen …' : null}
            {check.state === 'invalid' ? 'Rätta de markerade raderna.' : null}
            {check.state === 'failed' ? check.message : null}
            {validated && !validated.valid
              ? 'Några rader går inte att beställa som de är. Ändra antalet eller ta bort dem.'
              : null}
          </p>
          {validated ? (
            <TradeTotals
              exclOre={validated.total_ore}
              vatOre={validated.vat_ore}
              inclOre={validated.total_incl_vat_ore}
              inclLabel="Att betala inkl. moms"
            />
          ) : null}
          {cart.projectId === null ? (
            <p className="dashboard-form__hint">Välj ett projekt för att kunna beställa.</p>
          ) : null}
          {orderProblem ? (
            <p className="dashboard__problem" role="alert">
              {orderProblem}
            </p>
          ) : null}
          <div className="quote-cart__actions">
            <button
              type="button"
              className="button button--primary"
              disabled={!orderable}
              onClick={() => void placeOrder()}
            >
              {ordering ? 'Beställer …' : 'Beställ'}
            </button>
            <button type="button" className="button" onClick={() => update(EMPTY_QUOTE_CART)}>
              Töm offertkorgen
            </button>
          </div>
          <p className="dashboard-form__hint">
            Priserna är era nettopriser exkl. moms. Högst {QUOTE_CART_MAX_QUANTITY} per rad. Ordern
            betalas mot faktura och hämtas i butiken.
          </p>
        </>
      )}
    </section>
  );
}

/** A quantity field that changes the cart when it is left or Enter is pressed. */
function QuantityInput({
  label,
  value,
  invalid,
  describedBy,
  onCommit,
}: {
  label: string;
  value: number;
  invalid: boolean;
  describedBy: string | undefined;
  onCommit: (quantity: number) => void;
}) {
  const [draft, setDraft] = useState(String(value));
  const commit = () => {
    const quantity = Number.parseInt(draft, 10);
    if (Number.isNaN(quantity)) setDraft(String(value));
    else if (quantity !== value) onCommit(quantity);
  };
  return (
    <input
      className="quote-cart__quantity"
      type="number"
      inputMode="numeric"
      aria-label={label}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      value={draft}
      onChange={(event) => setDraft(event.target.value)}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          commit();
        }
      }}
    />
  );
}
