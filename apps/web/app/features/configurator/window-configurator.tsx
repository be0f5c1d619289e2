import { useEffect, useId, useRef, useState } from 'react';
import { Form } from 'react-router';
import type { ConfiguratorQuote } from '@bygg/contracts/configurator';
import { AddToCart } from '~/components/add-to-cart/add-to-cart.tsx';
import { formatKronor } from '~/lib/format.ts';
import { useHydrated } from '~/lib/use-hydrated.ts';
import './configurator.css';

type Selection = Record<'width' | 'height' | 'glazing' | 'depth' | 'opening' | 'colour', string>;

type Props = {
  brand: string;
  organisation: string;
  storeId: number | null;
  quote: ConfiguratorQuote;
  selection: Selection;
  refusal: string | null;
  exclVat: boolean;
};

function uText(u: number): string {
  return `${u.toFixed(2).replace('.', ',')} W/m²K`;
}

/**
 * "Bygg ditt fönster" (issue 22): one fieldset of radio buttons per step. It is a GET form:
 * without JavaScript a choice is sent with 'Visa pris' and the server answers the page; with
 * it every change asks the API for the window's price and U-value at once (announced in a
 * live region). The rules and the price are the server's: a refused window shows the reasons
 * and cannot be added; the cart adds the configured article and prices it itself.
 */
export function WindowConfigurator(props: Props) {
  const hydrated = useHydrated();
  const [selection, setSelection] = useState<Selection>(props.selection);
  const [quote, setQuote] = useState<ConfiguratorQuote>(props.quote);
  const [refusal, setRefusal] = useState<string | null>(props.refusal);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const pending = useRef<AbortController | null>(null);
  const summaryId = useId();

  useEffect(() => () => pending.current?.abort(), []);

  async function choose(name: keyof Selection, value: string) {
    const next = { ...selection, [name]: value };
    setSelection(next);
    pending.current?.abort();
    const controller = new AbortController();
    pending.current = controller;
    setLoading(true);
    setFailed(false);
    const query = new URLSearchParams(next);
    if (props.storeId !== null) query.set('store_id', String(props.storeId));
    // The address bar keeps the window, so a reload or a shared link shows the same one.
    window.history.replaceState(window.history.state, '', `?${new URLSearchParams(next)}`);
    try {
      const response = await fetch(
        `/api/v2.0/configurators/${props.brand}/quote/?${query.toString()}`,
        {
          headers: { accept: 'application/json', 'x-organisation': props.organisation },
          signal: controller.signal,
        },
      );
      const body = (await response.json()) as ConfiguratorQuote | { message?: string };
      if (response.ok) {
        setQuote(body as ConfiguratorQuote);
        setRefusal(null);
      } else if (response.status === 400) {
        setRefusal((body as { message?: string }).message ?? 'Fönstret kan inte göras så.');
      } else {
        setFailed(true);
      }
    } catch (error) {
      if ((error as Error).name !== 'AbortError') setFailed(true);
    } finally {
      if (pending.current === controller) setLoading(false);
    }
  }

  const price = quote.offer
    ? props.exclVat
      ? quote.offer.price_excl_vat
      : quote.offer.price
    : null;
  const vatLabel = props.exclVat ? 'exkl. moms' : 'inkl. moms';
  const announcement = loading
    ? 'Räknar fram pris och U-värde …'
    : failed
      ? 'Priset kunde inte hämtas. Kontrollera anslutningen och välj igen.'
      : refusal
        ? `Fönstret kan inte göras: ${refusal}`
        : price !== null
          ? `Pris ${formatKronor(price)} ${vatLabel}, U-värde ${uText(quote.u_value)}`
          : 'Fönstret saknar pris i den här butiken.';

  return (
    <div className="window-configurator">
      <Form method="get" className="window-configurator__form" aria-describedby={summaryId}>
        {quote.steps.map((step) => (
          <fieldset key={step.name} className="window-configurator__step">
            <legend>{step.label}</legend>
            <div className="window-configurator__choices">
              {step.choices.map((choice) => {
                const id = `fonster-${step.name}-${choice.value}`;
                const checked = selection[step.name] === choice.value;
                const note = !checked && choice.refused && !refusal ? choice.refused : null;
                return (
                  <div key={choice.value} className="window-configurator__choice">
                    <input
                      type="radio"
                      id={id}
                      name={step.name}
                      value={choice.value}
                      checked={checked}
                      aria-describedby={note ? `${id}-note` : undefined}
                      onChange={() => void choose(step.name, choice.value)}
                    />
                    <label htmlFor={id}>{choice.label}</label>
                    {note ? (
                      <span id={`${id}-note`} className="window-configurator__note">
                        {note}
                      </span>
                    ) : null}
                  </div>
                );
              })}
            </div>
          </fieldset>
        ))}
        {hydrated ? null : (
          <button type="submit" className="button button--secondary">
            Visa pris
          </button>
        )}
      </Form>
      <aside className="window-configurator__summary" aria-labelledby={`${summaryId}-h`}>
        <h2 id={`${summaryId}-h`}>Ditt fönster</h2>
        <div id={summaryId} aria-busy={loading}>
          {refusal ? (
            <p className="window-configurator__refusal" role="alert">
              {refusal}
            </p>
          ) : (
            <>
              <p className="window-configurator__title">{quote.title}</p>
              <dl className="window-configurator__facts">
                <div>
                  <dt>Pris</dt>
                  <dd className="window-configurator__price">
                    {price !== null ? `${formatKronor(price)}` : 'Pris saknas'}{' '}
                    <span className="window-configurator__vat">{vatLabel}</span>
                  </dd>
                </div>
                <div>
                  <dt>U-värde</dt>
                  <dd>{uText(quote.u_value)}</dd>
                </div>
                <div>
                  <dt>Fönsteryta</dt>
                  <dd>{`${quote.area_m2.toFixed(2).replace('.', ',')} m²`}</dd>
                </div>
                <div>
                  <dt>Artikelnummer</dt>
                  <dd>{quote.article_id}</dd>
                </div>
              </dl>
              <p className="window-configurator__lead">
                Tillverkas på beställning. Leveranstid besked av din butik.
              </p>
            </>
          )}
        </div>
        <p className="visually-hidden" role="status" aria-live="polite">
          {hydrated ? announcement : ''}
        </p>
        {loading ? (
          <p className="window-configurator__loading" aria-hidden="true">
            Räknar …
          </p>
        ) : null}
        <AddToCart
          articleId={quote.article_id}
          title={quote.title}
          variant="page"
          blocked={
            refusal
              ? 'Välj ett fönster som kan tillverkas för att lägga det i varukorgen.'
              : failed
                ? 'Priset kunde inte hämtas. Försök igen.'
                : price === null
                  ? 'Fönstret kan inte köpas i den här butiken.'
                  : loading
                    ? 'Räknar fram priset …'
                    : null
          }
        />
      </aside>
    </div>
  );
}
