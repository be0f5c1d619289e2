/** Spec §2: the mini cart is not shown on the checkout page (under any prefix). */
export function isCheckoutPath(pathname: string): boolean {
  return /(^|\/)kassa\/?$/.test(pathname);
}
