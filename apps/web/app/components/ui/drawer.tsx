import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode, RefObject } from 'react';
import { useFocusReturn } from './focus-return.ts';
import { CloseIcon } from './icons/close-icon.tsx';

export type DrawerProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The dialog's accessible name, shown as its heading. */
  title: string;
  side: 'left' | 'right';
  /** Content above the scrolling body, e.g. a Back button. */
  headerStart?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  /** Where focus goes on opening (default: the first control), e.g. a confirmation to read. */
  initialFocus?: RefObject<HTMLElement | null>;
  /** Where focus goes on closing when no control had it as the drawer opened. */
  finalFocus?: RefObject<HTMLElement | null>;
};

/**
 * A modal panel that slides in from one side (Radix Dialog: focus trap, Escape, inert page).
 * Controlled, without a Radix trigger, because several buttons (header and slim navigation)
 * open the same drawer: focus returns to whichever control had it when the drawer opened.
 */
export function Drawer({
  open,
  onOpenChange,
  title,
  side,
  headerStart,
  children,
  footer,
  initialFocus,
  finalFocus,
}: DrawerProps) {
  const focus = useFocusReturn(initialFocus, finalFocus);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="drawer-overlay" />
        <Dialog.Content
          className={`drawer drawer--${side}`}
          aria-describedby={undefined}
          {...focus}
        >
          <div className="drawer__header">
            {headerStart}
            <Dialog.Title className="drawer__title">{title}</Dialog.Title>
            <Dialog.Close className="icon-button drawer__close" aria-label="Stäng">
              <CloseIcon />
            </Dialog.Close>
          </div>
          <div className="drawer__body">{children}</div>
          {footer ? <div className="drawer__footer">{footer}</div> : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
