import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { Link } from 'react-router';
import { formatPrice } from '@bygg/domain/money';
import { loadCardPaymentForm } from './card-payment.ts';
import type {
  CardConfirmResult,
  CardPaymentForm,
  CardPaymentLoader,
  PendingCardPayment,
} from './card-payment.ts';

export type CardStepState =
  | { kind: 'loading' }
  | { kind: 'load-failed' }
  | { kind: 'ready'; error: string | null }
  | { kind: 'confirming' };

export const CARD_LOAD_FAILED =
  'Kortbetalningen kunde inte laddas. Kontrollera din uppkoppling och försök igen.';

/**
 * The card step after the order is placed (issue 5): the provider's card form, 'Betala', and
 * the way on to the receipt, which shows whether the payment went through. Until it is paid
 * the order holds its goods; unpaid, it is cancelled after a while and the goods go back.
 */
export function CardPaymentStep({
  payment,
  receiptPath,
  load = loadCardPaymentForm,
  onDone,
}: {
  payment: PendingCardPayment;
  receiptPath: string;
  load?: CardPaymentLoader | undefined;
  /** After confirming (paid, processing or declined): the page goes to the receipt. */
  onDone: (result: CardConfirmResult) => void;
}) {
  const [state, setState] = useState<CardStepState>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const target = useRef<HTMLDivElement>(null);
  const form = useRef<CardPaymentForm | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const inFlight = useRef(false);

  // The step replaces the checkout form: move focus to it so it is announced.
  useEffect(() => heading.current?.focus(), []);

  useEffect(() => {
    let live = true;
    load({ publishableKey: payment.publishableKey, clientSecret: payment.clientSecret })
      .then((loaded) => {
        if (!live || !target.current) {
          loaded.destroy();
          return;
        }
        form.current = loaded;
        loaded.mount(target.current, {
          onReady: () => live && setState({ kind: 'ready', error: null }),
          onLoadError: () => live && setState({ kind: 'load-failed' }),
        });
      })
      .catch((error: unknown) => {
        console.error('Could not load the card payment form:', error);
        if (live) setState({ kind: 'load-failed' });
      });
    return () => {
      live = false;
      form.current?.destroy();
      form.current = null;
    };
  }, [load, payment.publishableKey, payment.clientSecret, attempt]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const current = form.current;
    if (!current || state.kind !== 'ready' || inFlight.current) return;
    inFlight.current = true;
    setState({ kind: 'confirming' });
    const returnUrl = new URL(receiptPath, window.location.href).toString();
    let result: CardConfirmResult;
    try {
      result = await current.confirm(returnUrl);
    } catch (error) {
      console.error('Card payment confirmation failed:', error);
      result = {
        kind: 'failed',
        message: 'Betalningen kunde inte genomföras just nu. Försök igen.',
      };
    }
    inFlight.current = false;
    if (result.kind === 'invalid' || result.kind === 'failed') {
      setState({ kind: 'ready', error: result.message });
      return;
    }
    onDone(result);
  };

  const busy = state.kind === 'loading' || state.kind === 'confirming';
  const error = state.kind === 'ready' ? state.error : null;
  return (
    <div className="container checkout card-step">
      <h1 className="checkout__title" tabIndex={-1} ref={heading}>
        Betala med kort
      </h1>
      <p className="card-step__lead">
        Order {payment.orderNumber} är skapad och varorna är reserverade. Betala{' '}
        {formatPrice(payment.toPay)} med kort för att slutföra beställningen.
      </p>
      <form
        className="checkout-section card-step__form"
        aria-labelledby="card-step-heading"
        aria-busy={busy || undefined}
        noValidate
        onSubmit={(event) => void onSubmit(event)}
      >
        <h2 id="card-step-heading" className="checkout-section__title">
          Kortuppgifter
        </h2>
        {state.kind === 'loading' ? (
          <p className="card-step__status" role="status">
            Kortbetalningen laddas …
          </p>
        ) : null}
        {state.kind === 'load-failed' ? (
          <div className="checkout-alert" role="alert">
            <p>{CARD_LOAD_FAILED}</p>
          </div>
        ) : null}
        <div ref={target} className="card-step__element" hidden={state.kind === 'load-failed'} />
        <p className="checkout-error" role="alert">
          {error ?? ''}
        </p>
        {state.kind === 'load-failed' ? (
          <button
            type="button"
            className="button button--primary"
            onClick={() => {
              setState({ kind: 'loading' });
              setAttempt((n) => n + 1);
            }}
          >
            Försök igen
          </button>
        ) : (
          <button
            type="submit"
            className="button button--primary button--block"
            aria-disabled={busy || undefined}
          >
            {state.kind === 'confirming' ? 'Betalar …' : `Betala ${formatPrice(payment.toPay)}`}
          </button>
        )}
      </form>
      <p className="card-step__note">
        Kortuppgifterna skickas direkt till vår betalleverantör och sparas inte hos oss.{' '}
        <Link to={receiptPath}>Visa ordern</Link>
      </p>
    </div>
  );
}
