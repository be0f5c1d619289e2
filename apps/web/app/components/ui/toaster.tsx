import { Toaster as Sonner, toast } from 'sonner';

/**
 * Storefront spec §2/§9: toasts at bottom-right; trade-area spec §9: top-right in the trade
 * area. Both close after 5000 ms; sonner lets them be swiped away.
 */
export const TOAST_DURATION_MS = 5000;

export function Toaster({ tradeArea = false }: { tradeArea?: boolean }) {
  return (
    <Sonner
      position={tradeArea ? 'top-right' : 'bottom-right'}
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
