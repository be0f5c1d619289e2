import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode, RefObject } from 'react';
import { useFocusReturn } from './focus-return.ts';
import { CloseIcon } from './icons/close-icon.tsx';
import './modal.css';

type ModalProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The dialog's accessible name, shown as its heading. */
  title: string;
  /** A line under the title, read out as the dialog's description. */
  description?: string;
  /** The control that gets focus on opening (otherwise the first one in the dialog). */
  initialFocus?: RefObject<HTMLElement | null>;
  /** Where focus goes on closing when no control had it as the dialog opened (it opened by itself). */
  finalFocus?: RefObject<HTMLElement | null>;
  children: ReactNode;
};

/**
 * A centred modal dialog (Radix Dialog: focus trap, Escape, inert page). Controlled, like the
 * drawer, because it can open by itself (the store selector); focus returns to the control
 * that had it, or stays on the page when nothing had it.
 */
export function Modal({
  open,
  onOpenChange,
  title,
  description,
  initialFocus,
  finalFocus,
  children,
}: ModalProps) {
  const focus = useFocusReturn(initialFocus, finalFocus);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="modal-overlay" />
        <Dialog.Content
          className="modal"
          // Without a description Radix must be told there is none (it warns otherwise).
          {...(description ? {} : { 'aria-describedby': undefined })}
          {...focus}
        >
          <div className="modal__header">
            <Dialog.Title className="modal__title">{title}</Dialog.Title>
            <Dialog.Close className="icon-button modal__close" aria-label="Stäng">
              <CloseIcon />
            </Dialog.Close>
          </div>
          {description ? (
            <Dialog.Description className="modal__description">{description}</Dialog.Description>
          ) : null}
          <div className="modal__body">{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
