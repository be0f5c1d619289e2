import { Form, useLocation } from 'react-router';
import { MODE_LABELS } from '@bygg/domain/vat-display';
import type { Mode } from '@bygg/domain/vat-display';

export const MODE_ACTION_PATH = '/resurser/kundlage';
export const SET_MODE_INTENT = 'set-mode';

/**
 * 'Privat' / 'Företag' (spec §2). A plain POST form to the mode resource route, which
 * writes the B2B/B2C cookie and redirects to the same page in the other mode.
 */
export function ModeToggle({ mode }: { mode: Mode }) {
  const location = useLocation();
  const modes: Mode[] = ['B2C', 'B2B'];
  return (
    <Form method="post" action={MODE_ACTION_PATH} className="mode-toggle">
      <input type="hidden" name="intent" value={SET_MODE_INTENT} />
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      <div role="group" aria-label="Kundtyp" className="mode-toggle__group">
        {modes.map((value) => (
          <button
            key={value}
            type="submit"
            name="mode"
            value={value}
            className="mode-toggle__option"
            aria-pressed={mode === value}
          >
            {MODE_LABELS[value]}
          </button>
        ))}
      </div>
    </Form>
  );
}
