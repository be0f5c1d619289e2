import { useRef } from 'react';
import type { RefObject } from 'react';

/** What Radix Dialog.Content's focus callbacks receive. */
type FocusEvent = { preventDefault(): void };

/**
 * Focus for a controlled Radix dialog (Drawer, Modal) that has no Radix trigger: on opening,
 * remember the control that had focus and move focus to `initialFocus` when given; on closing,
 * give focus back to that control, or to `finalFocus` when none had it (or it is gone).
 */
export function useFocusReturn(
  initialFocus?: RefObject<HTMLElement | null>,
  finalFocus?: RefObject<HTMLElement | null>,
) {
  const returnFocusTo = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus(event: FocusEvent) {
      returnFocusTo.current =
        document.activeElement instanceof HTMLElement && document.activeElement !== document.body
          ? document.activeElement
          : null;
      if (initialFocus?.current) {
        event.preventDefault();
        initialFocus.current.focus();
      }
    },
    onCloseAutoFocus(event: FocusEvent) {
      event.preventDefault();
      const target = returnFocusTo.current?.isConnected
        ? returnFocusTo.current
        : finalFocus?.current;
      target?.focus();
      returnFocusTo.current = null;
    },
  };
}
