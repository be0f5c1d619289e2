import type { ClientOffer } from '@bygg/contracts/trade/client-offers';
import { DEDUCTION_TYPE_LABELS, OFFER_STATUS_LABELS } from '@bygg/contracts/trade/offers';
import { formatPrice } from '@bygg/domain/money';
import { formatDate } from '~/lib/format.ts';
import './offer.css';

/**
 * An offer as the end customer sees it (issue 19): the lines incl. VAT, the total, the
 * ROT/RUT deduction and the amount to pay after it, öresavrundning on its own line. Shown on
 * the approval page and as the trade user's "Förhandsgranska" in the editor, so both see the
 * same thing. `headingLevel` keeps the outline right in either page.
 */
export function OfferCustomerView({
  offer,
  headingId,
}: {
  offer: ClientOffer;
  /** The id of the view's own heading (the page's landmark label). */
  headingId: string;
}) {
  const hasDeduction = offer.totals.deduction_ore !== 0;
  return (
    <article className="offer-view" aria-labelledby={headingId}>
      <header className="offer-view__header">
        <p className="offer-view__from">Offert från {offer.company.name}</p>
        <h2 id={headingId} className="offer-view__title">
          {offer.title}
        </h2>
        <dl className="offer-view__facts">
          <dt>Offertnummer</dt>
          <dd>
            {offer.number}
            {offer.version > 1 ? ` (version ${offer.version})` : ''}
          </dd>
          <dt>Till</dt>
          <dd>{offer.recipient_name || '–'}</dd>
          {offer.project ? (
            <>
              <dt>Projekt</dt>
              <dd>{offer.project.name}</dd>
            </>
          ) : null}
          <dt>Giltig till och med</dt>
          <dd>{formatDate(offer.valid_until)}</dd>
          <dt>Status</dt>
          <dd>
            <OfferStatusBadge status={offer.status} />
          </dd>
        </dl>
        {offer.message ? <p className="offer-view__message">{offer.message}</p> : null}
      </header>
      <div
        className="offer-view__table-wrap"
        role="region"
        aria-label="Offertens rader"
        tabIndex={0}
      >
        <table className="offer-view__table">
          <caption className="visually-hidden">Offertens rader, priser inklusive moms</caption>
          <thead>
            <tr>
              <th scope="col">Beskrivning</th>
              <th scope="col">Antal</th>
              <th scope="col" className="offer-view__amount">
                À-pris inkl. moms
              </th>
              <th scope="col" className="offer-view__amount">
                Summa inkl. moms
              </th>
            </tr>
          </thead>
          <tbody>
            {offer.lines.map((line, index) => (
              <tr key={index}>
                <th scope="row">
                  {line.text}
                  {line.deduction_type ? (
                    <span className="offer-view__tag">
                      {' '}
                      ({DEDUCTION_TYPE_LABELS[line.deduction_type]})
                    </span>
                  ) : null}
                </th>
                <td data-label="Antal">{line.quantity || '–'}</td>
                <td className="offer-view__amount" data-label="À-pris inkl. moms">
                  {line.unit_price_incl_vat_ore === null
                    ? '–'
                    : formatPrice(line.unit_price_incl_vat_ore)}
                </td>
                <td className="offer-view__amount" data-label="Summa inkl. moms">
                  {formatPrice(line.sum_incl_vat_ore)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <dl className="offer-view__totals">
        <dt>Summa exkl. moms</dt>
        <dd>{formatPrice(offer.totals.total_excl_vat_ore)}</dd>
        <dt>Moms</dt>
        <dd>{formatPrice(offer.totals.vat_ore)}</dd>
        <dt>Summa inkl. moms</dt>
        <dd>{formatPrice(offer.totals.total_incl_vat_ore)}</dd>
        {offer.deductions.map((deduction, index) => (
          <DeductionLine key={index} {...deduction} />
        ))}
        {hasDeduction && offer.deductions.length === 0 ? (
          <>
            <dt>Skattereduktion</dt>
            <dd>−{formatPrice(offer.totals.deduction_ore)}</dd>
          </>
        ) : null}
        {offer.totals.rounding_ore !== 0 ? (
          <>
            <dt>Öresavrundning</dt>
            <dd>{formatPrice(offer.totals.rounding_ore)}</dd>
          </>
        ) : null}
        <dt className="offer-view__to-pay">Att betala</dt>
        <dd className="offer-view__to-pay">{formatPrice(offer.totals.to_pay_ore)}</dd>
      </dl>
      {hasDeduction ? (
        <p className="offer-view__note">
          Skattereduktionen (ROT/RUT) förutsätter att Skatteverket godkänner den. Får du inte hela
          avdraget betalar du mellanskillnaden.
        </p>
      ) : null}
    </article>
  );
}

function DeductionLine({
  type,
  person_name,
  amount_ore,
}: {
  type: keyof typeof DEDUCTION_TYPE_LABELS;
  person_name: string;
  amount_ore: number;
}) {
  return (
    <>
      <dt>
        {DEDUCTION_TYPE_LABELS[type]}, {person_name}
      </dt>
      <dd>−{formatPrice(amount_ore)}</dd>
    </>
  );
}

/** An offer's status as a badge with its Swedish name. */
export function OfferStatusBadge({ status }: { status: keyof typeof OFFER_STATUS_LABELS }) {
  return (
    <span className={`offer-badge offer-badge--${status}`}>{OFFER_STATUS_LABELS[status]}</span>
  );
}
