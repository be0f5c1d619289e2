/**
 * Dialogs that open by themselves (the store selector, the newsletter modal) take turns, so
 * two never stack (issue 22). Spec §4: no newsletter while the store selector is open; the
 * selector claims its turn as soon as it has decided to open (before its short delay), and
 * keeps it until it closes. Browser-only state, one value per page (no React).
 */
let selectorClaimed = false;

/** The store selector is about to open or is open. */
export function claimForStoreSelector(): void {
  selectorClaimed = true;
}

/** The store selector has closed (or will not open after all). */
export function releaseStoreSelector(): void {
  selectorClaimed = false;
}

export function isStoreSelectorClaimed(): boolean {
  return selectorClaimed;
}

/** Any open modal dialog (the store selector, the consent dialog, a drawer, the lightbox …). */
export function isModalDialogOpen(): boolean {
  return (
    document.querySelector('[role="dialog"][data-state="open"], [role="alertdialog"]') !== null
  );
}

/** Whether a dialog that opens by itself must wait: another one is open or has claimed its turn. */
export function mustWaitForOtherDialog(): boolean {
  return selectorClaimed || isModalDialogOpen();
}
