import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { Link, useFetcher, useLocation, useNavigate } from 'react-router';
import { Modal } from '~/components/ui/modal.tsx';
import { useAfterIdle } from '~/lib/use-after-idle.ts';
import { CONSENT_PATH, REOPEN_QUERY, isConsentHiddenPath } from './consent-model.ts';
import type { ConsentState } from './consent-model.ts';
import './consent.css';

export const CONSENT_TITLE = 'Vi använder cookies';

// The link is a module of its own (issue 3): root.tsx loads this dialog as a lazy chunk.
export { CookieSettingsLink } from './cookie-settings-link.tsx';
const PRIVACY_POLICY_PATH = '/integritetspolicy';

type ConsentDialogProps = {
  consent: ConsentState;
  /** Runs as a choice is saved, before the server answers (the consent-mode update). */
  onConsentChange: (marketing: boolean) => void;
};

function withoutReopenQuery(search: string): string {
  const params = new URLSearchParams(search);
  params.delete(REOPEN_QUERY);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}

/**
 * Spec §2/§4 cookie consent: shown on every page until answered, except the privacy pages,
 * and again from a `?cookie-installningar` link. Closing it without a choice (Escape, 'Stäng')
 * is no answer: it comes back on the next page. Choices post to the consent resource route.
 * On its own it opens once the page has hydrated and the browser is idle (ADR 052): opening
 * a modal locks the page's scroll, hides the rest from assistive technology and moves focus,
 * work that made hydration's long task longer on a first visit. No cookie is set before the
 * answer either way, and the consent-mode defaults (head script) are in place from the start.
 */
export function ConsentDialog({ consent, onConsentChange }: ConsentDialogProps) {
  const location = useLocation();
  const navigate = useNavigate();
  const fetcher = useFetcher();
  // Answered on this page already, before the root loader has revalidated.
  const [savedHere, setSavedHere] = useState(false);
  const [dismissedOn, setDismissedOn] = useState<string | null>(null);
  const reopened = new URLSearchParams(location.search).has(REOPEN_QUERY);
  const answered = consent.answered || savedHere;
  const idle = useAfterIdle();
  const open =
    reopened ||
    (idle &&
      !answered &&
      !isConsentHiddenPath(location.pathname) &&
      dismissedOn !== location.pathname);

  const close = () => {
    if (reopened) {
      void navigate(
        { pathname: location.pathname, search: withoutReopenQuery(location.search) },
        { replace: true, preventScrollReset: true },
      );
    } else {
      setDismissedOn(location.pathname);
    }
  };

  const save = (marketing: boolean, intent: 'accept-all' | 'save-choices') => {
    setSavedHere(true);
    onConsentChange(marketing);
    void fetcher.submit(
      { intent, marketing: String(marketing) },
      { method: 'post', action: CONSENT_PATH },
    );
    if (reopened) close();
  };

  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!next) close();
      }}
      title={CONSENT_TITLE}
    >
      <ConsentChoices
        // A fresh set of choices each time the dialog opens.
        key={`${location.pathname}${location.search}`}
        initialMarketing={consent.marketing}
        initialView={reopened ? 'details' : 'summary'}
        redirectTo={`${location.pathname}${withoutReopenQuery(location.search)}`}
        onSave={save}
      />
    </Modal>
  );
}

type ConsentChoicesProps = {
  initialMarketing: boolean;
  initialView: 'summary' | 'details';
  redirectTo: string;
  onSave: (marketing: boolean, intent: 'accept-all' | 'save-choices') => void;
};

function ConsentChoices({
  initialMarketing,
  initialView,
  redirectTo,
  onSave,
}: ConsentChoicesProps) {
  const [view, setView] = useState(initialView);
  const [marketing, setMarketing] = useState(initialMarketing);
  const marketingBox = useRef<HTMLInputElement>(null);
  const [adjusting, setAdjusting] = useState(false);

  // 'Anpassa val' disappears as the choices appear: focus moves on to the first choice.
  useEffect(() => {
    if (adjusting) marketingBox.current?.focus();
  }, [adjusting]);

  // A plain form posts (and redirects back) when scripts have not started; with them the
  // choice goes through a fetcher and the page stays.
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const intent = submitter instanceof HTMLButtonElement ? submitter.value : '';
    if (intent === 'accept-all') onSave(true, 'accept-all');
    else onSave(marketing, 'save-choices');
  };

  return (
    <form method="post" action={CONSENT_PATH} className="consent" onSubmit={onSubmit}>
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <p className="consent__text">
        Vi använder cookies för att webbplatsen ska fungera och, om du godkänner det, för
        marknadsföring och statistik. Läs mer i vår{' '}
        <Link to={PRIVACY_POLICY_PATH}>integritetspolicy</Link>.
      </p>
      {view === 'details' ? (
        <fieldset className="consent__choices">
          <legend className="visually-hidden">Välj cookies</legend>
          <div className="consent__choice">
            <input type="checkbox" id="consent-necessary" checked disabled readOnly />
            <div>
              <label htmlFor="consent-necessary" className="consent__label">
                Nödvändiga cookies
              </label>
              <p className="consent__hint" id="consent-necessary-hint">
                Krävs för att webbplatsen ska fungera, till exempel vald butik och varukorg. De kan
                inte stängas av.
              </p>
            </div>
          </div>
          <div className="consent__choice">
            <input
              type="checkbox"
              ref={marketingBox}
              id="consent-marketing"
              name="marketing"
              value="true"
              checked={marketing}
              onChange={(event) => setMarketing(event.target.checked)}
              aria-describedby="consent-marketing-hint"
            />
            <div>
              <label htmlFor="consent-marketing" className="consent__label">
                Marknadsföring och statistik
              </label>
              <p className="consent__hint" id="consent-marketing-hint">
                Låter oss mäta hur webbplatsen används och visa relevant marknadsföring.
              </p>
            </div>
          </div>
        </fieldset>
      ) : null}
      <div className="consent__actions">
        {view === 'details' ? (
          <button
            // Distinct keys: the submit button must be a new element, not 'Anpassa val' reused.
            key="save-choices"
            type="submit"
            name="intent"
            value="save-choices"
            className="button button--secondary"
          >
            Spara mina val
          </button>
        ) : (
          <button
            key="adjust"
            type="button"
            className="button button--secondary"
            onClick={() => {
              setView('details');
              setAdjusting(true);
            }}
          >
            Anpassa val
          </button>
        )}
        <button type="submit" name="intent" value="accept-all" className="button button--primary">
          Acceptera alla
        </button>
      </div>
    </form>
  );
}
