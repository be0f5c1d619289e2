import { useEffect, useId, useRef, useState } from 'react';
import { Form, Link, useNavigation } from 'react-router';
import type { ClientOffer } from '@bygg/contracts/trade/client-offers';
import { formatPrice } from '@bygg/domain/money';
import { OfferCustomerView } from '~/components/offer/offer-customer-view.tsx';
import { formatDate } from '~/lib/format.ts';
import { customerProjectPath } from '~/lib/paths.ts';
import './approval.css';

export type ApprovalActionData = { ok: boolean; message: string };

/**
 * /kund/{storeslug}/dashboard/projekt/{id}/offert/{offerId}/ (trade-area §2, issue 19): the
 * offer as the end customer sees it, the terms checkbox, "Godkänn offerten" and "Avböj", and
 * the confirmation. The link's offer_hash rides along in a hidden field.
 */
export function OfferApprovalPage({
  offer,
  storeSlug,
  projectId,
  offerHash,
  result,
}: {
  offer: ClientOffer;
  storeSlug: string;
  projectId: number;
  offerHash: string | null;
  result: ApprovalActionData | undefined;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  const outcome = useRef<HTMLDivElement>(null);
  const termsId = useId();
  const [declining, setDeclining] = useState(false);
  useEffect(() => {
    if (result) outcome.current?.focus();
  }, [result]);
  const open = offer.status === 'sent';
  const projectPath = customerProjectPath(storeSlug, projectId);
  return (
    <div className="container customer-offer">
      <p>
        <Link to={projectPath}>Tillbaka till projektet</Link>
      </p>
      <h1 className="customer-offer__title">Offert {offer.number}</h1>
      <div ref={outcome} tabIndex={-1} className="customer-offer__outcome">
        {result ? (
          <p
            className={result.ok ? 'customer-offer__ok' : 'customer-offer__problem'}
            role={result.ok ? 'status' : 'alert'}
          >
            {result.message}
          </p>
        ) : null}
      </div>
      <OfferCustomerView offer={offer} headingId="kundoffert-rubrik" />
      <section aria-labelledby="beslut" className="customer-offer__decision">
        <h2 id="beslut">Ditt svar</h2>
        {offer.status === 'approved' ? (
          <p role="status" className="customer-offer__ok">
            Offerten är godkänd
            {offer.approved_at ? ` ${formatDate(offer.approved_at)}` : ''}
            {offer.approved_by_name ? ` av ${offer.approved_by_name}` : ''}. Att betala:{' '}
            {formatPrice(offer.totals.to_pay_ore)}. {offer.company.name} har fått besked.
          </p>
        ) : null}
        {offer.status === 'declined' ? (
          <p role="status">
            Du har avböjt offerten
            {offer.declined_at ? ` ${formatDate(offer.declined_at)}` : ''}.
          </p>
        ) : null}
        {offer.status === 'expired' ? (
          <p role="status">
            Offerten gällde till och med {formatDate(offer.valid_until)} och kan inte längre
            godkännas. Kontakta {offer.company.name} om du vill ha en ny offert.
          </p>
        ) : null}
        {open && !offerHash ? (
          <p role="alert">
            Länken saknar sin kod. Öppna offerten från länken i e-postmeddelandet för att svara.
          </p>
        ) : null}
        {open && offerHash ? (
          <>
            <Form method="post" className="customer-offer__form">
              <input type="hidden" name="offer_hash" value={offerHash} />
              {offer.terms_accepted ? (
                <p>Du har godkänt villkoren för projektet.</p>
              ) : (
                <div className="customer-offer__terms">
                  <input
                    id={termsId}
                    type="checkbox"
                    name="accept_terms"
                    value="1"
                    required
                    aria-describedby={`${termsId}-hint`}
                  />
                  <label htmlFor={termsId}>
                    Jag har läst och godkänner villkoren<span aria-hidden="true"> *</span>
                  </label>
                  <p id={`${termsId}-hint`} className="customer-offer__hint">
                    Villkoren finns på <Link to={`${projectPath}#villkor`}>projektets sida</Link>.
                  </p>
                </div>
              )}
              <button
                type="submit"
                name="intent"
                value="approve"
                className="button button--primary"
                disabled={busy}
              >
                Godkänn offerten
              </button>
            </Form>
            {declining ? (
              <Form method="post" className="customer-offer__form" aria-labelledby="avboj-fraga">
                <input type="hidden" name="offer_hash" value={offerHash} />
                <p id="avboj-fraga">Vill du avböja offerten? Det går inte att ångra.</p>
                <button
                  type="submit"
                  name="intent"
                  value="decline"
                  className="button"
                  disabled={busy}
                >
                  Ja, avböj offerten
                </button>{' '}
                <button type="button" className="button" onClick={() => setDeclining(false)}>
                  Avbryt
                </button>
              </Form>
            ) : (
              <p>
                <button type="button" className="button" onClick={() => setDeclining(true)}>
                  Avböj
                </button>
              </p>
            )}
          </>
        ) : null}
      </section>
    </div>
  );
}

/** The page when the project link no longer works (no or an expired token). */
export function OfferLinkProblem({ message }: { message: string }) {
  return (
    <div className="container customer-offer">
      <h1 className="customer-offer__title">Offert</h1>
      <p role="alert">{message}</p>
    </div>
  );
}
