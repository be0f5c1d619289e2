import type { Order } from '@bygg/contracts/orders';
import { formatGiftCardNumber } from '@bygg/domain/giftcard';
import { formatPrice } from '@bygg/domain/money';
import { ORGANISATIONS, type OrganisationId } from '@bygg/domain/organisations';
import type { MailMessage } from '../../../lib/mail.ts';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** The order confirmation e-mail in Swedish, as text and as simple HTML. */
export function confirmationMail(
  order: Order,
  organisation: OrganisationId,
  receiptUrl: string,
): MailMessage {
  const shop = ORGANISATIONS[organisation].name;
  const kr = (ore: number) => `${formatPrice(ore)} kr`.replace(':- kr', ':-');
  const lines = order.lines.map(
    (l) => `${l.quantity} ${l.unit} ${l.title} à ${kr(l.price)} = ${kr(l.sum)}`,
  );
  const delivery =
    order.shipping.type === 1
      ? `Hämtas i butik: ${order.store.name}. Vi hör av oss när varorna är redo att hämtas.`
      : `Levereras till: ${order.shipping.address?.street}, ${order.shipping.address?.postcode} ${order.shipping.address?.city}.`;
  const cards = order.issued_giftcards.map(
    (g) =>
      `Presentkort ${formatGiftCardNumber(g.number)}, PIN ${g.pin ?? '(kontakta kundservice)'}, värde ${kr(g.value)}`,
  );
  const text = [
    `Hej ${order.contact.first_name}!`,
    '',
    `Tack för din beställning hos ${shop}. Ordernummer: ${order.number}.`,
    '',
    ...lines,
    '',
    ...(order.summary.discount > 0
      ? [`Rabattkod ${order.summary.voucher_code ?? ''}: −${kr(order.summary.discount)}`]
      : []),
    `Frakt: ${kr(order.summary.shipping_price)}`,
    ...(order.summary.giftcard_amount > 0
      ? [`Betalt med presentkort: ${kr(order.summary.giftcard_amount)}`]
      : []),
    `Totalt: ${kr(order.summary.price)} (varav moms ${kr(order.summary.vat)})`,
    `Att betala: ${kr(order.summary.to_pay)} – ${order.payment.label}`,
    '',
    delivery,
    ...(cards.length > 0 ? ['', ...cards] : []),
    '',
    `Kvittot finns här: ${receiptUrl}`,
    '',
    `Vänliga hälsningar,\n${shop}`,
  ].join('\n');
  const html = `<!doctype html><html lang="sv"><body>${text
    .split('\n')
    .map((line) => (line === '' ? '<br>' : `<p>${escapeHtml(line)}</p>`))
    .join('')}</body></html>`;
  return {
    to: order.contact.email,
    subject: `Orderbekräftelse ${order.number} – ${shop}`,
    text,
    html,
  };
}

/**
 * A new PIN for a card bought before PINs were random (issue 15): its old PIN was derived
 * from the card number with a secret that was public, so it was replaced.
 */
export function newPinMail(card: {
  organisation: OrganisationId;
  email: string;
  firstName: string;
  number: string;
  orderNumber: string;
  pin: string;
}): MailMessage {
  const shop = ORGANISATIONS[card.organisation].name;
  const paragraphs = [
    `Hej ${card.firstName}!`,
    `Av säkerhetsskäl har vi bytt PIN-koden till presentkortet ${formatGiftCardNumber(card.number)}, som du köpte hos ${shop} (order ${card.orderNumber}).`,
    `Ny PIN-kod: ${card.pin}`,
    'Den gamla PIN-koden gäller inte längre. Saldot på kortet är detsamma.',
  ];
  return {
    to: card.email,
    subject: `Ny PIN-kod för ditt presentkort från ${shop}`,
    text: paragraphs.join('\n\n'),
    html: paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n'),
  };
}
