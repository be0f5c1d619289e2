import { useState } from 'react';
import { useRouteLoaderData } from 'react-router';
import type { Cart } from '@bygg/contracts/cart';
import type { OrganisationId } from '@bygg/contracts/common';
import { formatPrice } from '@bygg/domain/money';
import { TOO_MANY_REQUESTS_MESSAGE } from '~/lib/cart/cart-messages.ts';
import { useCartStore } from '~/lib/cart/use-cart.ts';
import { CodeEntryForm, CodeInUse, PendingButton } from './code-entry.tsx';
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

  return (
    <section className="checkout-section" aria-labelledby="voucher-heading">
      <h2 id="voucher-heading" className="checkout-section__title">
        Rabattkod
      </h2>
      {applied ? (
        <CodeInUse
          className="voucher-applied"
          name={`Rabattkod ${applied.code}`}
          details={[
            applied.description || null,
            applied.discount > 0
              ? `Du sparar ${formatPrice(applied.discount)} på den här ordern`
              : (applied.message ?? 'Rabattkoden ger ingen rabatt just nu'),
          ]}
          action={
            <PendingButton
              pending={pending}
              label="Ta bort"
              ariaLabel={`Ta bort rabattkod ${applied.code}`}
              onClick={() => void remove()}
            />
          }
        />
      ) : (
        <CodeEntryForm
          onEnter={() => void apply()}
          actions={
            <PendingButton
              pending={pending}
              label="Använd rabattkod"
              pendingLabel="Kontrollerar …"
              onClick={() => void apply()}
            />
          }
        >
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
        </CodeEntryForm>
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
