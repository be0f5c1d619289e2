/**
 * Where the checkout and the receipt live for the page the visitor is on (storefront spec §2):
 * /kassa, the store-prefixed /butiker/{slug}/kassa, the central /rikskund/kassa, and
 * /foretag/kassa in business mode; the receipt is kvitto/visa/{id} under the same prefix.
 */

const STORE_PREFIX = /^\/butiker\/([^/]+)(?=\/|$)/;

/** The path prefix of the current area: '/butiker/{slug}', '/rikskund', '/foretag' or ''. */
export function areaPrefix(pathname: string): string {
  const store = STORE_PREFIX.exec(pathname);
  if (store) return store[0];
  if (pathname === '/rikskund' || pathname.startsWith('/rikskund/')) return '/rikskund';
  if (pathname === '/foretag' || pathname.startsWith('/foretag/')) return '/foretag';
  return '';
}

export function checkoutPathFor(pathname: string): string {
  return `${areaPrefix(pathname)}/kassa`;
}

export function receiptPathFor(pathname: string, orderId: string | number): string {
  return `${areaPrefix(pathname)}/kvitto/visa/${encodeURIComponent(String(orderId))}`;
}

export function productBaseFor(pathname: string): string {
  return `${areaPrefix(pathname)}/produkt`;
}

/** Spec §2: the mini cart is not shown on the checkout page (under any prefix). */
export function isCheckoutPath(pathname: string): boolean {
  return /(^|\/)kassa\/?$/.test(pathname);
}
