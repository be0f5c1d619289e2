/**
 * The quote cart as the browser keeps it (trade-area spec §3, §4): lines per store, each a
 * reference (the article's name plus the warehouse) and a quantity, and the chosen project
 * per store. A zero or negative resulting quantity removes the line; clearing empties all.
 * Kept in localStorage; a read failure is logged and gives an empty cart (spec §8).
 */

export type QuoteCartLine = { article_id: number; reference: string; quantity: number };
export type QuoteCartState = {
  lines: QuoteCartLine[];
  projectId: number | null;
  /** The chosen project's number and name, as the quote that chose it showed them. */
  projectLabel: string | null;
};

export const EMPTY_QUOTE_CART: QuoteCartState = { lines: [], projectId: null, projectLabel: null };

const key = (eid: string) => `bygg.offertkorg.${eid}`;

function isLine(value: unknown): value is QuoteCartLine {
  const line = value as QuoteCartLine | null;
  return (
    typeof line?.article_id === 'number' &&
    typeof line.reference === 'string' &&
    typeof line.quantity === 'number'
  );
}

function parse(raw: string | null): QuoteCartState {
  try {
    if (!raw) return EMPTY_QUOTE_CART;
    const parsed = JSON.parse(raw) as {
      lines?: unknown;
      projectId?: unknown;
      projectLabel?: unknown;
    };
    return {
      lines: Array.isArray(parsed.lines) ? parsed.lines.filter(isLine) : [],
      projectId: typeof parsed.projectId === 'number' ? parsed.projectId : null,
      projectLabel: typeof parsed.projectLabel === 'string' ? parsed.projectLabel : null,
    };
  } catch (error) {
    console.error('Could not read the quote cart:', error);
    return EMPTY_QUOTE_CART;
  }
}

function rawCart(eid: string): string | null {
  try {
    return window.localStorage.getItem(key(eid));
  } catch (error) {
    console.error('Could not read the quote cart:', error);
    return null;
  }
}

export function readQuoteCart(eid: string): QuoteCartState {
  return parse(rawCart(eid));
}

const listeners = new Set<() => void>();
let snapshot: { eid: string; raw: string | null; cart: QuoteCartState } | null = null;

/** For useSyncExternalStore: changes in this tab (writeQuoteCart) and in other tabs. */
export function subscribeQuoteCart(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

/** The cart of the store, the same object while it is unchanged. */
export function quoteCartSnapshot(eid: string): QuoteCartState {
  const raw = rawCart(eid);
  if (snapshot?.eid !== eid || snapshot.raw !== raw) snapshot = { eid, raw, cart: parse(raw) };
  return snapshot.cart;
}

export function writeQuoteCart(eid: string, cart: QuoteCartState): void {
  try {
    if (cart.lines.length === 0 && cart.projectId === null) {
      window.localStorage.removeItem(key(eid));
    } else {
      window.localStorage.setItem(key(eid), JSON.stringify(cart));
    }
  } catch (error) {
    console.error('Could not store the quote cart:', error);
  }
  for (const listener of listeners) listener();
}

/** Sets a line's quantity; zero or less removes it. */
export function setQuantity(
  cart: QuoteCartState,
  articleId: number,
  quantity: number,
): QuoteCartState {
  const lines =
    quantity <= 0
      ? cart.lines.filter((l) => l.article_id !== articleId)
      : cart.lines.map((l) => (l.article_id === articleId ? { ...l, quantity } : l));
  return { ...cart, lines };
}

/** Adds lines (a quote's): quantities of an article already in the cart are added up. */
export function addLines(
  cart: QuoteCartState,
  added: readonly QuoteCartLine[],
  project: { id: number; label: string } | null,
): QuoteCartState {
  const lines = [...cart.lines];
  for (const line of added) {
    const existing = lines.findIndex((l) => l.article_id === line.article_id);
    if (existing >= 0) {
      const before = lines[existing] as QuoteCartLine;
      lines[existing] = { ...before, quantity: before.quantity + line.quantity };
    } else lines.push(line);
  }
  return project
    ? { lines, projectId: project.id, projectLabel: project.label }
    : { ...cart, lines };
}
