import { useState } from 'react';
import { CloseIcon } from '~/components/ui/icons.tsx';
import './notices.css';

/** Spec §2, §8: the technical-problems notice has a fixed text. */
export const TECHNICAL_PROBLEMS_TEXT =
  'Vi har just nu tekniska problem med sök och produktvisning. Kontakta din lokala butik för hjälp.';

/**
 * Shown when the API reports trouble with the catalogue (the category tree, which search and
 * product display share, could not be loaded for this page). It stays until closed (spec §4).
 */
export function TechnicalProblemsNotice({ show }: { show: boolean }) {
  const [closed, setClosed] = useState(false);
  if (!show || closed) return null;
  return (
    <div className="notice notice--warning" role="status">
      <div className="container notice__inner">
        <p className="notice__text">{TECHNICAL_PROBLEMS_TEXT}</p>
        <button
          type="button"
          className="icon-button notice__close"
          aria-label="Stäng meddelandet"
          onClick={() => setClosed(true)}
        >
          <CloseIcon />
        </button>
      </div>
    </div>
  );
}
