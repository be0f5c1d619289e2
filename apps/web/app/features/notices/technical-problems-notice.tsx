import { useState } from 'react';
import { useMatches } from 'react-router';
import { CloseIcon } from '~/components/ui/icons/close-icon.tsx';
import './notices.css';

/** Spec §2, §8: the technical-problems notice has a fixed text. */
export const TECHNICAL_PROBLEMS_TEXT =
  'Vi har just nu tekniska problem med sök och produktvisning. Kontakta din lokala butik för hjälp.';

/**
 * Whether a route's loader data says its product or search calls failed: a loader sets
 * `technicalProblems: true`, or the CMS block data of the start page (`blockData`) or a CMS
 * page (`page.blockData`) says `productsUnavailable` (lib/cms-block-data.server.ts).
 */
export function reportsTechnicalProblems(data: unknown): boolean {
  if (typeof data !== 'object' || data === null) return false;
  const record = data as {
    technicalProblems?: unknown;
    blockData?: { productsUnavailable?: unknown } | null;
    page?: { blockData?: { productsUnavailable?: unknown } | null } | null;
  };
  return (
    record.technicalProblems === true ||
    record.blockData?.productsUnavailable === true ||
    record.page?.blockData?.productsUnavailable === true
  );
}

/**
 * Shown when search and product display are in trouble: the catalogue (category tree) could
 * not be loaded (`show`, from the root loader), or a loader of this page reports that its
 * product or search calls failed. (A page whose main product call fails answers 503 and says
 * the same in its body.) It stays until closed (spec §4).
 */
export function TechnicalProblemsNotice({ show }: { show: boolean }) {
  const [closed, setClosed] = useState(false);
  const matches = useMatches();
  const troubled = show || matches.some((match) => reportsTechnicalProblems(match.data));
  if (!troubled || closed) return null;
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
