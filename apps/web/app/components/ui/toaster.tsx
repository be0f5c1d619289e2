import { Toaster as Sonner, toast } from 'sonner';

/** Spec §2/§9: toasts at bottom-right, closing after 5000 ms; sonner lets them be swiped away. */
export const TOAST_DURATION_MS = 5000;

export function Toaster() {
  return (
    <Sonner
      position="bottom-right"
      duration={TOAST_DURATION_MS}
      closeButton
      customAriaLabel="Aviseringar (Alt+T)"
      toastOptions={{ className: 'toast', closeButtonAriaLabel: 'Stäng aviseringen' }}
    />
  );
}

/** The one way features raise a toast. */
export const notify = {
  success: (message: string) => toast.success(message),
  error: (message: string) => toast.error(message),
  info: (message: string) => toast(message),
};
