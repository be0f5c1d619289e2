import { loadStripe } from '@stripe/stripe-js/pure';
import type { CardConfirmResult, CardPaymentForm, CardPaymentSetup } from './card-payment.ts';

/**
 * Stripe's Payment Element as a CardPaymentForm. Imported only through loadCardPaymentForm
 * (a separate chunk); the `pure` entry adds Stripe.js to the page only when loadStripe runs.
 */

const DECLINED = 'Kortet nekades. Ordern har avbrutits och inget har dragits från kortet.';
const FAILED = 'Betalningen kunde inte genomföras just nu. Försök igen.';

export async function createStripeCardPaymentForm(
  setup: CardPaymentSetup,
): Promise<CardPaymentForm> {
  const stripe = await loadStripe(setup.publishableKey, { locale: 'sv' });
  if (!stripe) throw new Error('Stripe.js is not available');
  const elements = stripe.elements({
    clientSecret: setup.clientSecret,
    locale: 'sv',
    appearance: { theme: 'stripe', variables: { fontFamily: 'inherit', borderRadius: '4px' } },
  });
  const element = elements.create('payment', { layout: 'tabs' });
  return {
    mount(target, events) {
      element.on('ready', () => events.onReady());
      element.on('loaderror', () => events.onLoadError());
      element.mount(target);
    },
    async confirm(returnUrl): Promise<CardConfirmResult> {
      const result = await stripe.confirmPayment({
        elements,
        confirmParams: { return_url: returnUrl },
        redirect: 'if_required',
      });
      if (result.error) {
        const { type, message } = result.error;
        if (type === 'validation_error') {
          return { kind: 'invalid', message: message ?? 'Kontrollera kortuppgifterna.' };
        }
        if (type === 'card_error') return { kind: 'declined', message: message ?? DECLINED };
        return { kind: 'failed', message: FAILED };
      }
      return result.paymentIntent.status === 'succeeded'
        ? { kind: 'paid' }
        : { kind: 'processing' };
    },
    destroy() {
      element.destroy();
    },
  };
}
