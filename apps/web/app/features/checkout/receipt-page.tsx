import { useEffect, useState } from 'react';
import { Link, useRevalidator } from 'react-router';
import type { Order } from '@bygg/contracts/orders';
import { exclVat, formatPrice } from '@bygg/domain/money';
import { formatPostcode } from '@bygg/domain/postcode';
import { SHIPPING_TYPES } from '@bygg/domain/shipping';
import { formatDateTime } from '~/lib/format.ts';
import './checkout.css';

export type ReceiptPageData = {
  order: Order;
  /** Where 'Fortsätt handla' goes: the listing of this area. */
  shopPath: string;
  /** The visitor sees prices excl. VAT (a trade user, a business path). */
  exclVat?: boolean;
};

const PAYMENT_STATUS_TEXT: Record<Order['payment']['status'], string> = {
  pay_at_pickup: 'Betalas i butiken när du hämtar',
  invoiced: 'Faktureras',
  pending: 'Väntar på betalning',
  paid: 'Betald',
  failed: 'Betalningen misslyckades',
};

/** '1234567812345678' → '1234 5678 1234 5678'. */
function groupDigits(number: string): string {
  return number.replace(/(\d{4})(?=\d)/g, '$1 ');
}

function vatPercent(rate: number): string {
  return `${Math.round(rate * 100)} %`;
}

/** The VAT of the lines per rate (öre), e.g. 25 % and 12 % on one order. */
function vatByRate(order: Order): Array<{ rate: number; vat: number }> {
  const byRate = new Map<number, number>();
  for (const line of order.lines)
    byRate.set(line.vat_rate, (byRate.get(line.vat_rate) ?? 0) + line.vat);
  return [...byRate].map(([rate, vat]) => ({ rate, vat })).sort((a, b) => b.rate - a.rate);
}

/** Shipping is sold at the standard rate (domain/checkout SHIPPING_VAT_RATE). */
const SHIPPING_VAT_RATE = 0.25;

/**
 * The receipt's sums excl. VAT, as a Swedish invoice has them (issue 17): the goods, the
 * shipping and the discount excl. VAT add up exactly to the order's total excl. VAT (the
 * discount's share takes the rounding), then the VAT, then the total incl. VAT.
 */
export function exclVatTotals(order: Order): {
  itemsOre: number;
  shippingOre: number;
  discountOre: number;
} {
  const itemsOre = order.lines.reduce((sum, line) => sum + line.sum - line.vat, 0);
  const totalExcl = order.summary.price_excl_vat;
  if (order.summary.discount === 0) {
    return { itemsOre, shippingOre: totalExcl - itemsOre, discountOre: 0 };
  }
  const shippingOre = exclVat(order.summary.shipping_price, SHIPPING_VAT_RATE);
  return { itemsOre, shippingOre, discountOre: itemsOre + shippingOre - totalExcl };
}

/** A line's unit price and sum excl. VAT (the sum exactly: the line's sum less its VAT). */
function lineExclVat(line: Order['lines'][number]): { price: number; sum: number } {
  return { price: exclVat(line.price, line.vat_rate), sum: line.sum - line.vat };
}

/** How a card payment stands, as the receipt tells it (issue 5). */
export type CardPaymentState = 'processing' | 'paid' | 'failed';

export function cardPaymentState(order: Order): CardPaymentState | null {
  if (order.payment.method !== 'card') return null;
  if (order.payment.status === 'paid') return 'paid';
  if (order.payment.status === 'failed' || order.status === 'cancelled') return 'failed';
  return 'processing';
}

/** How often, and how many times, a receipt waiting for a card payment reads the order again. */
export const PAYMENT_POLL_MS = 3000;
export const PAYMENT_POLL_LIMIT = 20;

/**
 * While a card payment is being processed the receipt reads the order again now and then
 * (the API asks the provider too), until it is paid or failed or the limit is reached.
 */
function usePaymentPolling(active: boolean): boolean {
  const revalidator = useRevalidator();
  const [polls, setPolls] = useState(0);
  const waiting = active && polls < PAYMENT_POLL_LIMIT;
  useEffect(() => {
    if (!waiting || revalidator.state !== 'idle') return;
    const timer = setTimeout(() => {
      setPolls((n) => n + 1);
      void revalidator.revalidate();
    }, PAYMENT_POLL_MS);
    return () => clearTimeout(timer);
  }, [waiting, revalidator]);
  return waiting;
}

/**
 * /kvitto/visa/{id} (storefront spec §2, issue 5): the receipt of a placed order — number,
 * lines, VAT, totals, pickup store or address, payment — laid out to print on one A4 page.
 */
export function ReceiptPage({ data }: { data: ReceiptPageData }) {
  const { order } = data;
  const { summary } = order;
  const pickup = order.shipping.type === SHIPPING_TYPES.STORE_PICKUP;
  const rates = vatByRate(order);
  const card = cardPaymentState(order);
  const polling = usePaymentPolling(card === 'processing');
  // One way of counting, not both mixed (issue 17): a trade user or a business path sees the
  // receipt excl. VAT like an invoice, and so does every order paid by invoice.
  const excl = data.exclVat === true || order.payment.method === 'invoice';
  const exclTotals = excl ? exclVatTotals(order) : null;
  return (
    <div className="container receipt">
      <div className="receipt__head">
        <h1 className="receipt__title">
          {card === 'failed' ? 'Betalningen misslyckades' : 'Tack för din beställning!'}
        </h1>
        {card === null || card === 'paid' ? (
          <p className="receipt__lead">
            En orderbekräftelse har skickats till <strong>{order.contact.email}</strong>.
          </p>
        ) : null}
      </div>
      {card !== null ? <CardPaymentNotice state={card} polling={polling} order={order} /> : null}

      <dl className="receipt__facts">
        <div>
          <dt>Ordernummer</dt>
          <dd>{order.number}</dd>
        </div>
        <div>
          <dt>Beställd</dt>
          <dd>{formatDateTime(order.created_at)}</dd>
        </div>
        <div>
          <dt>{pickup ? 'Hämtas i butik' : 'Levereras till'}</dt>
          <dd>
            {pickup || !order.shipping.address ? (
              order.store.name
            ) : (
              <>
                {order.shipping.address.street}
                <br />
                {formatPostcode(order.shipping.address.postcode)} {order.shipping.address.city}
              </>
            )}
          </dd>
        </div>
        <div>
          <dt>Betalning</dt>
          <dd>
            {order.payment.label}
            <br />
            <span className="receipt__muted">{PAYMENT_STATUS_TEXT[order.payment.status]}</span>
            {order.payment.reference ? (
              <>
                <br />
                <span className="receipt__muted">Referens: {order.payment.reference}</span>
              </>
            ) : null}
          </dd>
        </div>
        <div>
          <dt>Kontakt</dt>
          <dd>
            {order.contact.first_name} {order.contact.last_name}
            {order.contact.company ? (
              <>
                <br />
                {order.contact.company}
              </>
            ) : null}
            <br />
            {order.contact.phone}
          </dd>
        </div>
      </dl>

      <section aria-labelledby="receipt-lines-heading">
        <h2 id="receipt-lines-heading" className="receipt__subtitle">
          Varor
        </h2>
        <table className="receipt-table">
          <thead>
            <tr>
              <th scope="col">Artikel</th>
              <th scope="col" className="receipt-table__num">
                Antal
              </th>
              <th scope="col" className="receipt-table__num">
                À-pris
                {/* Under the heading, so the column stays narrow on a phone. */}
                {excl ? <span className="receipt-table__sub"> exkl. moms</span> : null}
              </th>
              <th scope="col" className="receipt-table__num">
                Summa
                {excl ? <span className="receipt-table__sub"> exkl. moms</span> : null}
              </th>
            </tr>
          </thead>
          <tbody>
            {order.lines.map((line) => (
              <tr key={`${line.article_id}-${line.warehouse}`}>
                <th scope="row" className="receipt-table__item">
                  {line.brand ? <span className="receipt__muted">{line.brand} </span> : null}
                  {line.title}
                  <span className="receipt-table__sub">
                    Art.nr {line.article_id} · moms {vatPercent(line.vat_rate)}
                  </span>
                </th>
                <td className="receipt-table__num">
                  {line.quantity} {line.unit}
                </td>
                <td className="receipt-table__num">
                  {formatPrice(excl ? lineExclVat(line).price : line.price)}
                </td>
                <td className="receipt-table__num">
                  {formatPrice(excl ? lineExclVat(line).sum : line.sum)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {exclTotals ? (
          <ExclVatTotals order={order} totals={exclTotals} />
        ) : (
          <dl className="cart-totals receipt__totals">
            <div className="cart-totals__row">
              <dt>Varor</dt>
              <dd>{formatPrice(summary.items_price)}</dd>
            </div>
            {summary.discount > 0 ? (
              <div className="cart-totals__row">
                <dt>Rabattkod {summary.voucher_code}</dt>
                <dd>−{formatPrice(summary.discount)}</dd>
              </div>
            ) : null}
            <div className="cart-totals__row">
              <dt>{order.shipping.label}</dt>
              <dd>
                {summary.shipping_price === 0 ? 'Kostnadsfri' : formatPrice(summary.shipping_price)}
              </dd>
            </div>
            <div className="cart-totals__row cart-totals__row--total">
              <dt>Totalt</dt>
              <dd>{formatPrice(summary.price)}</dd>
            </div>
            {rates.length > 1
              ? rates.map(({ rate, vat }) => (
                  <div key={rate} className="cart-totals__row cart-totals__row--muted">
                    <dt>varav moms {vatPercent(rate)} på varor</dt>
                    <dd>{formatPrice(vat)}</dd>
                  </div>
                ))
              : null}
            <div className="cart-totals__row cart-totals__row--muted">
              <dt>varav moms</dt>
              <dd>{formatPrice(summary.vat)}</dd>
            </div>
            <div className="cart-totals__row cart-totals__row--muted">
              <dt>Totalt exkl. moms</dt>
              <dd>{formatPrice(summary.price_excl_vat)}</dd>
            </div>
            <GiftcardsAndToPay order={order} />
          </dl>
        )}
      </section>

      {order.issued_giftcards.length > 0 ? (
        <section aria-labelledby="receipt-giftcards-heading" className="receipt__giftcards">
          <h2 id="receipt-giftcards-heading" className="receipt__subtitle">
            Dina presentkort
          </h2>
          <p>Spara numret och PIN-koden: de behövs när presentkortet används.</p>
          <ul>
            {order.issued_giftcards.map((card) => (
              <li key={card.number}>
                {groupDigits(card.number)} ·{' '}
                {card.pin !== null ? `PIN ${card.pin}` : 'PIN-koden står i orderbekräftelsen'} ·
                värde {formatPrice(card.value)}
              </li>
            ))}
          </ul>
          {order.issued_giftcards.some((card) => card.pin === null) ? (
            <p>
              Av säkerhetsskäl visas PIN-koden bara tills orderbekräftelsen har skickats till{' '}
              {order.contact.email}.
            </p>
          ) : null}
        </section>
      ) : null}

      {order.message ? (
        <section aria-labelledby="receipt-message-heading">
          <h2 id="receipt-message-heading" className="receipt__subtitle">
            Ditt meddelande
          </h2>
          <p className="receipt__message">{order.message}</p>
        </section>
      ) : null}

      <div className="receipt__actions">
        <button type="button" className="button button--primary" onClick={() => window.print()}>
          Skriv ut kvittot
        </button>
        <Link className="button button--secondary" to={data.shopPath}>
          Fortsätt handla
        </Link>
      </div>
    </div>
  );
}

/** The totals excl. VAT, then the VAT, then the total incl. VAT and what is left to pay. */
function ExclVatTotals({
  order,
  totals,
}: {
  order: Order;
  totals: ReturnType<typeof exclVatTotals>;
}) {
  const { summary } = order;
  return (
    <dl className="cart-totals receipt__totals">
      <div className="cart-totals__row">
        <dt>Varor exkl. moms</dt>
        <dd>{formatPrice(totals.itemsOre)}</dd>
      </div>
      {summary.discount > 0 ? (
        <div className="cart-totals__row">
          <dt>Rabattkod {summary.voucher_code} exkl. moms</dt>
          <dd>−{formatPrice(totals.discountOre)}</dd>
        </div>
      ) : null}
      <div className="cart-totals__row">
        <dt>{order.shipping.label} exkl. moms</dt>
        <dd>{summary.shipping_price === 0 ? 'Kostnadsfri' : formatPrice(totals.shippingOre)}</dd>
      </div>
      <div className="cart-totals__row cart-totals__row--total">
        <dt>Summa exkl. moms</dt>
        <dd>{formatPrice(summary.price_excl_vat)}</dd>
      </div>
      <div className="cart-totals__row">
        <dt>Moms</dt>
        <dd>{formatPrice(summary.vat)}</dd>
      </div>
      <div className="cart-totals__row cart-totals__row--total">
        <dt>Totalt inkl. moms</dt>
        <dd>{formatPrice(summary.price)}</dd>
      </div>
      <GiftcardsAndToPay order={order} />
    </dl>
  );
}

/** The gift cards drawn on the order and what was left to pay, when a card paid part of it. */
function GiftcardsAndToPay({ order }: { order: Order }) {
  const summary = order.summary;
  if (summary.giftcard_amount <= 0) return null;
  return (
    <>
      {order.giftcards.map((card) => (
        <div key={card.last4} className="cart-totals__row">
          <dt>Presentkort •••• {card.last4}</dt>
          <dd>−{formatPrice(card.amount)}</dd>
        </div>
      ))}
      <div className="cart-totals__row cart-totals__row--total">
        <dt>Att betala</dt>
        <dd>{formatPrice(summary.to_pay)}</dd>
      </div>
    </>
  );
}

/** The card payment's state at the top of the receipt; read out when it changes. */
function CardPaymentNotice({
  state,
  polling,
  order,
}: {
  state: CardPaymentState;
  polling: boolean;
  order: Order;
}) {
  return (
    <div
      className={`receipt-payment${state === 'failed' ? ' receipt-payment--failed' : ''}`}
      role="status"
      aria-live="polite"
    >
      {state === 'processing' ? (
        <>
          <p className="receipt-payment__title">Betalningen behandlas</p>
          <p>
            Vi väntar på besked om kortbetalningen. Orderbekräftelsen skickas till{' '}
            <strong>{order.contact.email}</strong> när betalningen är klar.
            {polling ? ' Sidan uppdateras av sig själv.' : ' Ladda om sidan om en stund.'}
          </p>
        </>
      ) : state === 'paid' ? (
        <p className="receipt-payment__title">
          Betalningen är genomförd: {formatPrice(order.summary.to_pay)} med kort.
        </p>
      ) : (
        <>
          <p className="receipt-payment__title">Ordern har avbrutits.</p>
          <p>
            Kortbetalningen gick inte igenom, så inget har dragits från kortet. Lägg varorna i
            varukorgen igen för att försöka på nytt, gärna med ett annat kort.
          </p>
        </>
      )}
    </div>
  );
}
