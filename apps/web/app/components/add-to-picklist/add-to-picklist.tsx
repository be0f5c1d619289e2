import { lazy, Suspense } from 'react';
import type { AddToPicklistProps } from './add-to-picklist-button.tsx';
import './add-to-picklist.css';

// Issue 3 (first-load JavaScript, ADR 016): the button and the picklist store it writes to are
// a chunk of their own. The server renders the button as before (disabled until hydrated);
// the browser hydrates it once the chunk, asked for as the page hydrates, has arrived.
const AddToPicklistButton = lazy(() =>
  import('./add-to-picklist-button.tsx').then((module) => ({ default: module.AddToPicklist })),
);

/**
 * 'Till plocklistan' (storefront spec §2, §4): adds one of the article to the picklist in local
 * storage and opens the mini picklist, unless on the picklist page. Shown only where the
 * picklist exists: not central, not for a proffs user, and with the picklist flag of the root
 * or store context on.
 */
export function AddToPicklist(props: AddToPicklistProps) {
  return (
    <Suspense fallback={null}>
      <AddToPicklistButton {...props} />
    </Suspense>
  );
}
