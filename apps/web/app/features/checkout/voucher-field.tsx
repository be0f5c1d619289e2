import { useState } from 'react';
import type { KeyboardEvent } from 'react';
import { useRouteLoaderData } from 'react-router';
import type { Cart } from '@bygg/contracts/cart';
import type { OrganisationId } from '@bygg/contracts/common';
import { formatPrice } from '@bygg/domain/money';
import { TOO_MANY_REQUESTS_MESSAGE } from '~/lib/cart/cart-messages.ts';
import { useCartStore } from '~/lib/cart/use-cart.ts';
import { TextField } from './text-field.tsx';

const VOUCHER_PATH = '/api/v1.0/cart/current/voucher/';
const FAILED_MESSAGE = 'Vi kunde tyvärr inte ändra rabattkoden. Försök igen senare.';

/** What the shopper may send: letters, digits, dashes; spaces are ignored (the API agrees). */
export function voucherCodeError(value: string): string | null {
  const code = value.replace(/\s/g, '');
  if (code === '') return 'Fyll i rabattkoden.';
  if (code.length > 40) return 'Rabattkoden är för lång.';
  return /^[A-Za-z0-9ÅÄÖåäö_-]+$/.test(code) ? null : 'Rabattkoden finns inte.';
}

type Reply = { cart: Cart } | { error: string };

/** POST (apply) or DELETE (remove) cart/current/voucher/; the API's Swedish text on refusal. */
async function send(
  organisation: OrganisationId | undefined,
  method: 'POST' | 'DELETE',
  code?: string,
): Promise<Reply> {
  try {
    const response = await fetch(VOUCHER_PATH, {
      method,
      credentials: 'same-origin',
      headers: {
        accept: 'application/json',
        ...(organisation ? { 'x-organisation': organisation } : {}),
        ...(code !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: code !== undefined ? JSON.stringify({ code }) : undefined,
    });
    if (response.ok) return { cart: (await response.json()) as Cart };
    if (response.status === 428) return { error: TOO_MANY_REQUESTS_MESSAGE };
    const body = (await response.json().catch(() => null)) as {
      message?: unknown;
      fields?: Array<{ message?: unknown }>;
    } | null;
    const message = body?.fields?.[0]?.message ?? body?.message;
    return {
      error: response.status === 400 && typeof message === 'string' ? message : FAILED_MESSAGE,
    };
  } catch {
    return { error: FAILED_MESSAGE };
  }
}

/**
 * The discount code on /kassa (spec §3 "voucher"): apply a code, see what it takes off and
 * why it gives nothing (e.g. below its minimum), or remove it. Inside the checkout form, so
 * its buttons are plain buttons and Enter in the field applies the code instead of ordering.
 * The cart the API answers with replaces the page's cart, so the summary follows.
 */
export function VoucherField({ cart }: { cart: Cart }) {
  const store = useCartStore();
  const root = useRouteLoaderData('root') as { organisation?: { id?: OrganisationId } } | undefined;
  const organisation = root?.organisation?.id;
  const [code, setCode] = useState('');
  const [touched, setTouched] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const applied = cart.voucher?.code ? cart.voucher : null;
  const fieldError = touched ? (voucherCodeError(code) ?? error) : error;

  const apply = async () => {
    setTouched(true);
    if (voucherCodeError(code) !== null || pending) return;
    setPending(true);
    setError(null);
    const reply = await send(organisation, 'POST', code.replace(/\s/g, ''));
    setPending(false);
    if ('cart' in reply) {
      store.replace(reply.cart);
      setCode('');
      setTouched(false);
    } else {
      setError(reply.error);
    }
  };

  const remove = async () => {
    if (pending) return;
    setPending(true);
    setError(null);
    const reply = await send(organisation, 'DELETE');
    setPending(false);
    if ('cart' in reply) store.replace(reply.cart);
    else setError(reply.error);
  };

  const applyOnEnter = (event: KeyboardEvent) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      void apply();
    }
  };

  return (
    <section className="checkout-section" aria-labelledby="voucher-heading">
      <h2 id="voucher-heading" className="checkout-section__title">
        Rabattkod
      </h2>
      {applied ? (
        <div className="giftcard-list__item voucher-applied">
          <div>
            <p className="giftcard-list__name">Rabattkod {applied.code}</p>
            {applied.description ? (
              <p className="giftcard-list__detail">{applied.description}</p>
            ) : null}
            <p className="giftcard-list__detail">
              {applied.discount > 0
                ? `Du sparar ${formatPrice(applied.discount)} på den här ordern`
                : (applied.message ?? 'Rabattkoden ger ingen rabatt just nu')}
            </p>
          </div>
          <button
            type="button"
            className="button button--secondary"
            disabled={pending}
            aria-busy={pending || undefined}
            aria-label={`Ta bort rabattkod ${applied.code}`}
            onClick={() => void remove()}
          >
            Ta bort
          </button>
        </div>
      ) : (
        <div className="giftcard-form" onKeyDown={applyOnEnter}>
          <TextField
            id="voucher-code"
            label="Rabattkod"
            value={code}
            required={false}
            error={fieldError}
            autoComplete="off"
            maxLength={48}
            onChange={(value) => {
              setCode(value);
              setError(null);
            }}
            onBlur={() => setTouched(code !== '')}
          />
          <div className="giftcard-form__actions">
            <button
              type="button"
              className="button button--secondary"
              disabled={pending}
              aria-busy={pending || undefined}
              onClick={() => void apply()}
            >
              {pending ? 'Kontrollerar …' : 'Använd rabattkod'}
            </button>
          </div>
        </div>
      )}
      {/* Always rendered, so screen readers announce what the API answered. */}
      <p role="status" className="visually-hidden">
        {applied && !error ? `Rabattkoden ${applied.code} används.` : ''}
      </p>
      <p role="alert" className={applied ? 'checkout-error' : 'visually-hidden'}>
        {error ?? ''}
      </p>
    </section>
  );
}
