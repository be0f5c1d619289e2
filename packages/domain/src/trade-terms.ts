/**
 * The stores' terms for trade customers (trade-area spec §5: the contact-details check fails
 * when the terms object is missing or any value is false). One version for every store
 * today; a new version makes every company accept again.
 */
export const STORE_TERMS = {
  version: '2026-01',
  /** The conditions a company accepts, each a key of the terms object. */
  conditions: ['terms_of_sale', 'credit_check', 'privacy_policy'] as const,
  text:
    'Köp på kredit följer butikens allmänna försäljningsvillkor för företag. Butiken får ' +
    'göra en kreditupplysning på företaget. Uppgifter om företaget och dess användare ' +
    'behandlas enligt integritetspolicyn.',
};

/** The terms object of a company that accepted every condition. */
export function acceptedTerms(): Record<string, boolean> {
  return Object.fromEntries(STORE_TERMS.conditions.map((c) => [c, true]));
}

/** The contact-details check of §5: terms present and no value false. */
export function termsAccepted(terms: Record<string, boolean> | null | undefined): boolean {
  if (!terms) return false;
  return (
    STORE_TERMS.conditions.every((c) => terms[c] === true) && !Object.values(terms).includes(false)
  );
}
