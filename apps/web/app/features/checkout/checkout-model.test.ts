import { describe, expect, it } from 'vitest';
import { testCart } from '~/lib/cart/test-cart.ts';
import { EMPTY_CHECKOUT_VALUES } from './checkout-form.ts';
import {
  cardPublishableKey,
  checkoutBody,
  createAttemptKeys,
  effectivePaymentMethod,
  formFieldsFromApi,
  groupFailures,
  offeredPaymentMethods,
} from './checkout-model.ts';

const values = {
  ...EMPTY_CHECKOUT_VALUES,
  firstName: ' Anna ',
  lastName: 'Lindqvist',
  email: 'anna@lindqvistbygg.example',
  phone: '0701234567',
  street: 'Storgatan 1',
  postcode: '752 36',
  city: 'Uppsala',
  acceptTerms: true,
};

describe('checkout body', () => {
  it('sends the address only for home delivery, without spaces in the postcode', () => {
    const pickup = checkoutBody({
      values,
      shippingType: 1,
      payment: 'pay_in_store',
      reference: 'ignored',
      message: '',
      checksum: 'c1',
    });
    expect(pickup).toEqual({
      contact: {
        first_name: 'Anna',
        last_name: 'Lindqvist',
        email: 'anna@lindqvistbygg.example',
        phone: '0701234567',
        company: null,
      },
      shipping: { type: 1, address: null },
      payment: { method: 'pay_in_store', reference: null },
      message: null,
      checksum: 'c1',
    });
    const delivery = checkoutBody({
      values,
      shippingType: 2,
      payment: 'invoice',
      reference: ' Projekt 12 ',
      message: 'Ring före',
      checksum: 'c1',
    });
    expect(delivery.shipping.address).toEqual({
      street: 'Storgatan 1',
      postcode: '75236',
      city: 'Uppsala',
    });
    expect(delivery.payment).toEqual({ method: 'invoice', reference: 'Projekt 12' });
  });
});

describe('idempotency keys per attempt', () => {
  it('reuses the key for the same order and makes a new one when anything changes', () => {
    let counter = 0;
    const keys = createAttemptKeys(() => `key-${++counter}`);
    const body = checkoutBody({
      values,
      shippingType: 1,
      payment: 'pay_in_store',
      reference: '',
      message: '',
      checksum: 'c1',
    });
    const first = keys.keyFor(body);
    // A double click or a retry after a lost reply sends the same key.
    expect(keys.keyFor(structuredClone(body))).toBe(first);
    expect(keys.keyFor({ ...body, checksum: 'c2' })).not.toBe(first);
    expect(keys.keyFor({ ...body, message: 'Hej' })).toBe('key-3');
  });
});

describe('payment methods', () => {
  it('offers what the API lists and falls back to the first', () => {
    const cart = testCart(undefined, {
      payment_methods: [
        { id: 'invoice', label: 'Faktura', description: '', provider: null, publishable_key: null },
      ],
    });
    expect(offeredPaymentMethods(cart).map((method) => method.id)).toEqual(['invoice']);
    expect(effectivePaymentMethod(cart, 'pay_in_store')).toBe('invoice');
    expect(effectivePaymentMethod(testCart(undefined, { payment_methods: [] }), null)).toBeNull();
  });

  it('offers card with its publishable key from the API, and not without one', () => {
    const card = (provider: string | null, key: string | null) => ({
      id: 'card' as const,
      label: 'Kort',
      description: '',
      provider,
      publishable_key: key,
    });
    const pay = {
      id: 'pay_in_store' as const,
      label: 'Betala i butik vid hämtning',
      description: '',
      provider: null,
      publishable_key: null,
    };
    const offered = testCart(undefined, { payment_methods: [pay, card('stripe', 'pk_test_1')] });
    expect(offeredPaymentMethods(offered).map((m) => m.id)).toEqual(['pay_in_store', 'card']);
    expect(cardPublishableKey(offered)).toBe('pk_test_1');
    expect(effectivePaymentMethod(offered, 'card')).toBe('card');
    for (const [provider, key] of [
      ['stripe', null],
      ['stripe', ''],
      ['other', 'pk_test_1'],
    ] as const) {
      const cart = testCart(undefined, { payment_methods: [pay, card(provider, key)] });
      expect(offeredPaymentMethods(cart).map((m) => m.id)).toEqual(['pay_in_store']);
      expect(cardPublishableKey(cart)).toBeNull();
    }
  });
});

describe('stock failures of a 409', () => {
  it("puts each failure on its line with the spec's text, and cart-wide ones apart", () => {
    const grouped = groupFailures([
      {
        reason: 'INSUFFICIENT_STOCK',
        message: 'x',
        item_id: 1,
        article_id: 1,
        available_quantity: 3,
      },
      { reason: 'OUT_OF_STOCK', message: 'x', item_id: 2, article_id: 2, available_quantity: 0 },
      {
        reason: 'INVALID_REFERENCE',
        message: 'x',
        item_id: 3,
        article_id: 3,
        available_quantity: null,
      },
      { reason: 'UNAVAILABLE', message: 'x', item_id: 4, article_id: 4, available_quantity: null },
      {
        reason: 'INVALID_CHECKSUM',
        message: 'x',
        item_id: null,
        article_id: null,
        available_quantity: null,
      },
    ]);
    expect(grouped.byLine).toEqual({
      1: 'Den kvantiteten som är tillagd finns inte i lager (3 st finns).',
      2: 'Tyvärr finns inte artikeln i lager',
      3: 'Ogitlig artikelreferens',
      4: 'Tyvärr är artikeln ej tillgänglig',
    });
    expect(grouped.general).toEqual(['Varukorgen har ändrats. Ladda om sidan och försök igen.']);
  });

  it("maps a 400's field paths to the form's fields", () => {
    expect(
      formFieldsFromApi([
        { path: 'body.contact.email', message: 'Ange en giltig e-postadress' },
        { path: 'body.shipping.address.postcode', message: 'Postnumret ska ha 5 siffror' },
        { path: 'body.unknown', message: 'x' },
      ]),
    ).toEqual({ email: 'Ange en giltig e-postadress', postcode: 'Postnumret ska ha 5 siffror' });
  });
});
