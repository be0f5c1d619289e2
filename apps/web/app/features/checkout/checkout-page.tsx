import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { Link, useNavigate, useRevalidator } from 'react-router';
import type { Cart, PaymentMethodId } from '@bygg/contracts/cart';
import { creditLimitMessage, NO_ACCOUNT_FOR_INVOICE_MESSAGE } from '@bygg/contracts/trade/credit';
import { formatPrice } from '@bygg/domain/money';
import { SHIPPING_TYPES } from '@bygg/domain/shipping';
import type { ShippingType } from '@bygg/domain/shipping';
import { CartLines } from '~/components/cart/cart-lines.tsx';
import { useSeedCart } from '~/components/cart/cart-provider.tsx';
import { trackEcommerce } from '~/lib/analytics/ecommerce-events.ts';
import { beginCheckoutEvent, purchaseEvent } from '~/lib/cart/cart-analytics.ts';
import { TOO_MANY_REQUESTS_MESSAGE } from '~/lib/cart/cart-messages.ts';
import { useCart, useCartDisplay, useCartStore } from '~/lib/cart/use-cart.ts';
import { usePaths } from '~/lib/paths.ts';
import {
  CHECKOUT_FIELDS,
  EMPTY_CHECKOUT_VALUES,
  formErrors,
  isRequired,
  visibleError,
} from './checkout-form.ts';
import type { CheckoutFieldName, CheckoutValues } from './checkout-form.ts';
import { prefetchCardPayment, pendingCardPayment } from './card-payment.ts';
import type { CardPaymentLoader, PendingCardPayment } from './card-payment.ts';
import { CardPaymentStep } from './card-payment-step.tsx';
import {
  cardPublishableKey,
  checkoutBody,
  createAttemptKeys,
  effectivePaymentMethod,
  formFieldsFromApi,
  groupFailures,
  offeredPaymentMethods,
} from './checkout-model.ts';
import { GiftCards } from './gift-cards.tsx';
import { OrderSummary } from './order-summary.tsx';
import { TextField } from './text-field.tsx';
import { chosenProjectId, invoiceCredit } from './trade-checkout.ts';
import type { TradeCheckout } from './trade-checkout.ts';
import { VoucherField } from './voucher-field.tsx';
import './checkout.css';

export type PickupStore = { id: number; name: string };

export type CheckoutPageData = {
  /** The cart as the server read it (null: none), shown until the browser's store has it. */
  cart: Cart | null;
  /** The organisation's analytics affiliation (spec §7 purchase). */
  affiliation: string;
  /** Stores the order can be picked up in (the central one only under /rikskund). */
  pickupStores: PickupStore[];
  /** The store of a /butiker/{slug}/kassa or /rikskund/kassa page, which the cart should use. */
  areaStoreId: number | null;
  /** Where 'Fortsätt handla' goes: the listing of this area. */
  shopPath: string;
  /** A logged-in trade user's prefill, invoice address and credit (issue 17); else null. */
  trade?: TradeCheckout | null;
};

const fieldId = (field: CheckoutFieldName) => `checkout-${field}`;

const PLACE_FAILED =
  'Vi kunde tyvärr inte ta emot beställningen just nu. Försök igen – samma beställning läggs aldrig två gånger.';
const STOCK_CONFLICT =
  'Några varor kunde inte beställas. Ändra antalet eller ta bort dem och försök sedan igen.';

/** /kassa (storefront spec §2, §5; issue 5): the cart, contact, delivery, gift cards, payment. */
export function CheckoutPage({
  data,
  loadCardPayment,
}: {
  data: CheckoutPageData;
  /** Tests pass a fake card form; the page loads Stripe's on demand. */
  loadCardPayment?: CardPaymentLoader;
}) {
  const store = useCartStore();
  const display = useCartDisplay();
  const snapshot = useCart();
  const paths = usePaths();
  const navigate = useNavigate();
  useSeedCart(store, data.cart);
  const cart = snapshot.cart ?? (snapshot.status === 'ready' ? null : data.cart);

  const trade = data.trade ?? null;
  // A trade user's details come filled in (issue 17); they may still be changed.
  const [values, setValues] = useState<CheckoutValues>(() => ({
    ...EMPTY_CHECKOUT_VALUES,
    ...trade?.prefill,
  }));
  const revalidator = useRevalidator();
  const [touched, setTouched] = useState<ReadonlySet<CheckoutFieldName>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [paymentChoice, setPaymentChoice] = useState<PaymentMethodId | null>(null);
  const [reference, setReference] = useState('');
  const [message, setMessage] = useState('');
  const [projectChoice, setProjectChoice] = useState('');
  const [placing, setPlacing] = useState(false);
  const [alerts, setAlerts] = useState<string[]>([]);
  const [serverErrors, setServerErrors] = useState<Partial<Record<CheckoutFieldName, string>>>({});
  // Stock failures of the last attempt, shown on their line while its quantity is unchanged.
  const [failures, setFailures] = useState<Record<number, { text: string; quantity: number }>>({});
  const attempts = useRef(createAttemptKeys());
  const alertRef = useRef<HTMLDivElement>(null);
  const began = useRef(false);
  // Set at once (state is not): a second click in the same moment sends no second request.
  const inFlight = useRef(false);
  // A placed card order waiting for its payment: the page shows the card step instead.
  const [cardStep, setCardStep] = useState<PendingCardPayment | null>(null);
  const chosenPayment = cart ? effectivePaymentMethod(cart, paymentChoice) : null;

  // Stripe's code is fetched only once card payment is chosen (never on other pages).
  useEffect(() => {
    if (chosenPayment === 'card') prefetchCardPayment();
  }, [chosenPayment]);

  // Spec §7 begin_checkout, once per visit of the page with something in the cart.
  useEffect(() => {
    if (began.current || !data.cart || data.cart.items.length === 0) return;
    began.current = true;
    trackEcommerce(beginCheckoutEvent(data.cart));
  }, [data.cart]);

  // A store-prefixed or central checkout picks up in that store: the cart is priced for it.
  const cartStoreId = cart?.store.id;
  useEffect(() => {
    if (
      data.areaStoreId !== null &&
      cartStoreId !== undefined &&
      cartStoreId !== data.areaStoreId
    ) {
      void store.setShipping({ store_id: data.areaStoreId });
    }
  }, [store, data.areaStoreId, cartStoreId]);

  // The credit shown is the cart store's: another pickup store reads it again.
  const cartStoreExternalId = cart?.store.external_id;
  const tradeStore = trade?.cartStoreExternalId;
  const revalidate = revalidator.revalidate;
  useEffect(() => {
    if (
      tradeStore !== undefined &&
      cartStoreExternalId !== undefined &&
      tradeStore !== cartStoreExternalId
    ) {
      void revalidate();
    }
  }, [tradeStore, cartStoreExternalId, revalidate]);

  if (cardStep) {
    const receiptPath = paths.receipt(cardStep.orderId);
    return (
      <CardPaymentStep
        payment={cardStep}
        receiptPath={receiptPath}
        load={loadCardPayment}
        onDone={() => void navigate(receiptPath)}
      />
    );
  }

  if (!cart || cart.items.length === 0) {
    return (
      <div className="container checkout checkout--empty">
        <h1>Kassa</h1>
        <p>Din varukorg är tom.</p>
        <Link className="button button--primary" to={data.shopPath}>
          Fortsätt handla
        </Link>
      </div>
    );
  }

  const shippingType: ShippingType = cart.shipping.selected;
  const errors = { ...formErrors(values, shippingType), ...serverErrors };
  const payment = effectivePaymentMethod(cart, paymentChoice);
  const paymentOptions = offeredPaymentMethods(cart);
  const busy =
    placing || snapshot.shippingPending || snapshot.giftCardPending || snapshot.updating.size > 0;
  const projects =
    trade && trade.cartStoreExternalId === cart.store.external_id ? trade.projects : [];
  const credit =
    trade && trade.cartStoreExternalId === cart.store.external_id
      ? invoiceCredit(trade, cart.summary.to_pay)
      : null;
  const invoiceRefusal =
    payment !== 'invoice' || !credit
      ? null
      : credit.kind === 'no-account'
        ? NO_ACCOUNT_FOR_INVOICE_MESSAGE
        : credit.kind === 'exceeds'
          ? creditLimitMessage(formatPrice(credit.availableOre))
          : null;

  const errorOf = (field: CheckoutFieldName) => visibleError(field, errors, touched, submitted);
  const setValue = (field: Exclude<CheckoutFieldName, 'acceptTerms'>, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setServerErrors(({ [field]: _dropped, ...rest }) => rest);
  };
  const touch = (field: CheckoutFieldName) =>
    setTouched((current) => (current.has(field) ? current : new Set(current).add(field)));

  const problems: Record<number, string | undefined> = {};
  for (const line of cart.items) {
    const failure = failures[line.id];
    problems[line.id] =
      snapshot.errors[`item:${line.id}`] ??
      (failure && failure.quantity === line.quantity ? failure.text : undefined);
  }

  const showAlerts = (texts: string[]) => {
    setAlerts(texts);
    // After the alert is in the page, so it is read out where focus lands.
    requestAnimationFrame(() => alertRef.current?.focus());
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    if (busy || inFlight.current) return;
    const invalid = Object.keys(errors) as CheckoutFieldName[];
    const first = invalid[0];
    if (first) {
      document.getElementById(fieldId(first))?.focus();
      return;
    }
    if (!payment) {
      showAlerts(['Det finns inget betalsätt för den här ordern. Välj ett annat leveranssätt.']);
      return;
    }
    // The API refuses it too (422); said here at once, where the payment is chosen.
    if (invoiceRefusal) {
      showAlerts([invoiceRefusal]);
      return;
    }
    const body = checkoutBody({
      values,
      shippingType,
      payment,
      reference,
      message,
      checksum: cart.checksum,
      projectId: chosenProjectId(projects, projectChoice),
    });
    inFlight.current = true;
    setPlacing(true);
    setAlerts([]);
    const publishableKey = cardPublishableKey(cart);
    const result = await store.placeOrder(body, attempts.current.keyFor(body));
    inFlight.current = false;
    switch (result.kind) {
      case 'placed': {
        trackEcommerce(
          purchaseEvent({ orderId: String(result.order.id), affiliation: data.affiliation, cart }),
        );
        const card = payment === 'card' ? pendingCardPayment(result.order, publishableKey) : null;
        if (card) {
          setCardStep(card);
          setPlacing(false);
          return;
        }
        void navigate(paths.receipt(result.order.id));
        return;
      }
      case 'conflict': {
        const grouped = groupFailures(result.failures);
        setFailures(
          Object.fromEntries(
            cart.items
              .filter((line) => grouped.byLine[line.id] !== undefined)
              .map((line) => [
                line.id,
                { text: grouped.byLine[line.id]!, quantity: line.quantity },
              ]),
          ),
        );
        showAlerts(grouped.general.length > 0 ? grouped.general : [STOCK_CONFLICT]);
        break;
      }
      case 'invalid':
        setServerErrors(formFieldsFromApi(result.fields));
        showAlerts([result.message ?? 'Kontrollera uppgifterna och försök igen.']);
        break;
      case 'rate-limited':
        showAlerts([TOO_MANY_REQUESTS_MESSAGE]);
        break;
      case 'failed':
        showAlerts([PLACE_FAILED]);
        break;
    }
    setPlacing(false);
  };

  const field = (name: Exclude<CheckoutFieldName, 'acceptTerms'>) => {
    const spec = CHECKOUT_FIELDS[name];
    return (
      <TextField
        id={fieldId(name)}
        label={spec.label}
        value={values[name]}
        required={isRequired(name, shippingType)}
        error={errorOf(name)}
        autoComplete={spec.autoComplete}
        type={spec.type ?? 'text'}
        inputMode={spec.inputMode}
        onChange={(value) => setValue(name, value)}
        onBlur={() => touch(name)}
      />
    );
  };

  return (
    <div className="container checkout">
      <h1 className="checkout__title">Kassa</h1>
      <form className="checkout__layout" noValidate onSubmit={(event) => void onSubmit(event)}>
        <div className="checkout__main">
          <div
            className="checkout-alert"
            role="alert"
            tabIndex={-1}
            ref={alertRef}
            hidden={alerts.length === 0}
          >
            {alerts.map((text) => (
              <p key={text}>{text}</p>
            ))}
          </div>

          <section className="checkout-section" aria-labelledby="cart-heading">
            <h2 id="cart-heading" className="checkout-section__title">
              Din varukorg
            </h2>
            {snapshot.errors.cart ? (
              <p className="cart-alert" role="alert">
                {snapshot.errors.cart}
              </p>
            ) : null}
            <CartLines
              lines={cart.items}
              display={display}
              updating={snapshot.updating}
              problems={problems}
              onQuantityChange={(line, quantity) => void store.update(line, quantity)}
              onRemove={(line) => void store.remove(line)}
            />
          </section>

          <section className="checkout-section" aria-labelledby="contact-heading">
            <h2 id="contact-heading" className="checkout-section__title">
              Kontaktuppgifter
            </h2>
            <p className="checkout-section__note">
              Fält markerade med <span aria-hidden="true">*</span>
              <span className="visually-hidden">asterisk</span> måste fyllas i.
            </p>
            <div className="field-grid">
              {field('firstName')}
              {field('lastName')}
              {field('email')}
              {field('phone')}
              {field('company')}
            </div>
          </section>

          <section className="checkout-section" aria-labelledby="delivery-heading">
            <h2 id="delivery-heading" className="checkout-section__title">
              Leverans
            </h2>
            <fieldset className="choice-group" aria-busy={snapshot.shippingPending || undefined}>
              <legend className="choice-group__legend">Leveranssätt</legend>
              {cart.shipping.options.map((option) => (
                <label key={option.type} className="choice">
                  <input
                    type="radio"
                    name="shipping-type"
                    value={option.type}
                    checked={shippingType === option.type}
                    disabled={snapshot.shippingPending}
                    onChange={() => void store.setShipping({ type: option.type })}
                  />
                  <span className="choice__body">
                    <span className="choice__label">{option.label}</span>
                    <span className="choice__detail">
                      {option.price === 0 ? 'Kostnadsfri' : formatPrice(option.price)}
                      {option.type === SHIPPING_TYPES.ADDRESS && option.free_over !== null
                        ? ` · fri frakt för order över ${formatPrice(option.free_over)}`
                        : ''}
                    </span>
                  </span>
                </label>
              ))}
            </fieldset>
            <p role="alert" className="checkout-error">
              {snapshot.errors.shipping ?? ''}
            </p>
            {shippingType === SHIPPING_TYPES.STORE_PICKUP ? (
              <PickupStoreChoice
                stores={data.pickupStores}
                current={cart.store}
                locked={data.areaStoreId !== null}
                disabled={snapshot.shippingPending}
                onChange={(id) => void store.setShipping({ store_id: id })}
              />
            ) : (
              <div className="field-grid">
                {field('street')}
                {field('postcode')}
                {field('city')}
              </div>
            )}
            <div className="field">
              <label className="field__label" htmlFor="checkout-message">
                Meddelande till butiken
              </label>
              <textarea
                id="checkout-message"
                className="field__input field__input--area"
                rows={3}
                maxLength={1000}
                value={message}
                onChange={(event) => setMessage(event.currentTarget.value)}
              />
            </div>
            {projects.length > 0 ? (
              <div className="field">
                <label className="field__label" htmlFor="checkout-project">
                  Projekt (valfritt)
                </label>
                <select
                  id="checkout-project"
                  className="field__input"
                  value={projectChoice}
                  onChange={(event) => setProjectChoice(event.currentTarget.value)}
                  aria-describedby="checkout-project-hint"
                >
                  <option value="">Inget projekt</option>
                  {projects.map((project) => (
                    <option key={project.id} value={String(project.id)}>
                      {project.number} {project.name}
                    </option>
                  ))}
                </select>
                <p id="checkout-project-hint" className="field__hint">
                  Ordern visas under projektet i proffsområdet.
                </p>
              </div>
            ) : null}
          </section>

          <VoucherField cart={cart} />
          <GiftCards voucher={cart.voucher} />

          <section className="checkout-section" aria-labelledby="payment-heading">
            <h2 id="payment-heading" className="checkout-section__title">
              Betalning
            </h2>
            {paymentOptions.length > 0 ? (
              <fieldset className="choice-group">
                <legend className="choice-group__legend">Betalsätt</legend>
                {paymentOptions.map((method) => (
                  <label key={method.id} className="choice">
                    <input
                      type="radio"
                      name="payment-method"
                      value={method.id}
                      checked={payment === method.id}
                      onChange={() => setPaymentChoice(method.id)}
                    />
                    <span className="choice__body">
                      <span className="choice__label">{method.label}</span>
                      <span className="choice__detail">{method.description}</span>
                    </span>
                  </label>
                ))}
              </fieldset>
            ) : (
              <p className="checkout-section__note">
                Det finns inget betalsätt för det här leveranssättet. Välj att hämta i butik.
              </p>
            )}
            {payment === 'invoice' && trade ? (
              <InvoiceDetails
                address={trade.invoiceAddress}
                terms={
                  trade.cartStoreExternalId === cart.store.external_id
                    ? (trade.credit?.payment_terms_days ?? null)
                    : null
                }
                credit={credit}
                refusal={invoiceRefusal}
              />
            ) : null}
            {payment === 'invoice' ? (
              <div className="field">
                <label className="field__label" htmlFor="checkout-reference">
                  Er referens / märkning
                </label>
                <input
                  id="checkout-reference"
                  className="field__input"
                  maxLength={100}
                  value={reference}
                  onChange={(event) => setReference(event.currentTarget.value)}
                />
              </div>
            ) : null}
          </section>
        </div>

        <aside className="checkout__aside" aria-labelledby="summary-heading">
          <div className="checkout-summary">
            <h2 id="summary-heading" className="checkout-section__title">
              Sammanfattning
            </h2>
            <OrderSummary cart={cart} display={display} />
            <div className={`field field--check${errorOf('acceptTerms') ? ' field--invalid' : ''}`}>
              <input
                id={fieldId('acceptTerms')}
                type="checkbox"
                checked={values.acceptTerms}
                aria-invalid={errorOf('acceptTerms') ? true : undefined}
                aria-describedby={errorOf('acceptTerms') ? 'checkout-terms-error' : undefined}
                onChange={(event) => {
                  const checked = event.currentTarget.checked;
                  setValues((current) => ({ ...current, acceptTerms: checked }));
                  touch('acceptTerms');
                }}
              />
              <label htmlFor={fieldId('acceptTerms')}>
                Jag godkänner köpvillkoren och att uppgifterna används för att hantera ordern
                <span className="field__required" aria-hidden="true">
                  {' '}
                  *
                </span>
              </label>
              {errorOf('acceptTerms') ? (
                <p className="field__error" id="checkout-terms-error">
                  {errorOf('acceptTerms')}
                </p>
              ) : null}
            </div>
            <button
              type="submit"
              className="button button--primary button--block checkout__submit"
              aria-disabled={busy || undefined}
              aria-describedby="checkout-to-pay"
            >
              {placing ? 'Skickar beställningen …' : 'Slutför beställning'}
            </button>
            <p className="checkout-summary__note" id="checkout-to-pay">
              Att betala: {formatPrice(cart.summary.to_pay)}
              {payment === 'pay_in_store'
                ? ', i butiken när du hämtar.'
                : payment === 'card'
                  ? ', med kort i nästa steg.'
                  : '.'}
            </p>
          </div>
        </aside>
      </form>
    </div>
  );
}

/** Which store the order is picked up in; the cart is priced for that store. */
function PickupStoreChoice({
  stores,
  current,
  locked,
  disabled,
  onChange,
}: {
  stores: PickupStore[];
  current: Cart['store'];
  locked: boolean;
  disabled: boolean;
  onChange: (storeId: number) => void;
}) {
  if (locked || stores.length === 0) {
    return <p className="checkout-section__note">Hämtas i: {current.name}</p>;
  }
  const options = stores.some((store) => store.id === current.id)
    ? stores
    : [{ id: current.id, name: current.name }, ...stores];
  return (
    <div className="field">
      <label className="field__label" htmlFor="checkout-pickup-store">
        Butik att hämta i
      </label>
      <p className="field__hint" id="checkout-pickup-store-hint">
        Priser och lagersaldo gäller den valda butiken.
      </p>
      <select
        id="checkout-pickup-store"
        className="field__input"
        value={current.id}
        disabled={disabled}
        aria-describedby="checkout-pickup-store-hint"
        onChange={(event) => onChange(Number(event.currentTarget.value))}
      >
        {options.map((store) => (
          <option key={store.id} value={store.id}>
            {store.name}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * Where the invoice goes and how much the company may still buy on invoice in this store
 * (issue 17): an order past the credit limit is refused, and said so here before ordering.
 */
function InvoiceDetails({
  address,
  terms,
  credit,
  refusal,
}: {
  address: TradeCheckout['invoiceAddress'];
  terms: number | null;
  credit: ReturnType<typeof invoiceCredit> | null;
  refusal: string | null;
}) {
  return (
    <div className="invoice-details" id="checkout-invoice-details">
      {address ? (
        <p className="checkout-section__note">
          Fakturan skickas till: {address.street}, {address.postcode} {address.city}
        </p>
      ) : null}
      {terms !== null ? (
        <p className="checkout-section__note">Betalningsvillkor: {terms} dagar netto</p>
      ) : null}
      {credit && (credit.kind === 'fits' || credit.kind === 'exceeds') ? (
        <p className="checkout-section__note">
          Kvar att handla för på faktura i butiken: {formatPrice(credit.availableOre)}
        </p>
      ) : null}
      {refusal ? (
        <p className="checkout-error invoice-details__refusal" role="status">
          {refusal}
        </p>
      ) : null}
    </div>
  );
}
