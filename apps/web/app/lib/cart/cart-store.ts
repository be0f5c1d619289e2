import type {
  AddGiftCardBody,
  Cart,
  CartLine,
  CheckoutBody,
  StockFailure,
  UpdateShippingBody,
} from '@bygg/contracts/cart';
import type { GiftCardBalance } from '@bygg/contracts/giftcards';
import { quantityChangeIntent } from '@bygg/domain/quantity';
import type { EcommerceEvent } from '~/lib/analytics/ecommerce-events.ts';
import { addEvent, lineChangeEvent } from './cart-analytics.ts';
import { CartRequestError } from './cart-client.ts';
import type { CartClient, PlacedOrder } from './cart-client.ts';
import {
  addFailedMessage,
  CART_ERROR_CLEAR_MS,
  CART_LOAD_FAILED_MESSAGE,
  CONSENT_REQUIRED_MESSAGE,
  GIFT_CARD_TOO_MANY_TRIES_MESSAGE,
  TOO_MANY_PRODUCTS_MESSAGE,
  TOO_MANY_REQUESTS_MESSAGE,
  updateFailedMessage,
} from './cart-messages.ts';

/**
 * The visitor's cart in the browser, shared by the add-to-cart buttons, the mini cart and the
 * checkout (storefront spec §4 "Cart"). Each action sets a loading flag, replaces the cart
 * with the server's reply on success, and on failure leaves an error that clears itself.
 * Framework-free, so its rules are tested without React; `use-cart.ts` binds it to React.
 */

export type CartStatus = 'idle' | 'loading' | 'ready' | 'failed';

/** Where an error belongs: next to an add button, a cart line, or the cart as a whole. */
export type CartErrorKey =
  `article:${number}` | `item:${number}` | 'cart' | 'shipping' | 'giftcard';

export type CartSnapshot = {
  status: CartStatus;
  /** null: no cart (yet), which shows as an empty cart. */
  cart: Cart | null;
  /** Articles being added: their buttons show a spinner (spec §4 loading flags). */
  adding: ReadonlySet<number>;
  /** Cart lines being updated or removed. */
  updating: ReadonlySet<number>;
  shippingPending: boolean;
  giftCardPending: boolean;
  errors: Readonly<Partial<Record<CartErrorKey, string>>>;
  /** Spec §6: no cart until the cookie question is answered; the mini cart says so. */
  consentRequired: boolean;
  /** The last successful add, confirmed at the top of the mini cart. */
  lastAdded: { articleId: number; title: string; quantity: number } | null;
};

/** How placing an order ended (POST cart/current/checkout/). */
export type PlaceOrderResult =
  | { kind: 'placed'; order: PlacedOrder }
  /** 409: stock ran out or the cart changed; the cart is read again. */
  | { kind: 'conflict'; failures: readonly StockFailure[]; message: string | null }
  /** 400: the body names the fields. */
  | {
      kind: 'invalid';
      fields: ReadonlyArray<{ path: string; message: string }>;
      message: string | null;
    }
  | { kind: 'rate-limited' }
  /** Network or server failure: the same attempt may be retried with the same key. */
  | { kind: 'failed' };

export type CartStoreOptions = {
  client: CartClient;
  /** Spec §4: after a successful add or update, and on 428; the host skips it on /kassa. */
  openMiniCart: () => void;
  /** Sends an ecommerce event (only with marketing consent; see trackEcommerce). */
  track: (event: EcommerceEvent) => void;
  /** Spec §6: the cart is used only once the cookie question is answered. */
  allowed: boolean;
  /** Shown until the first read, e.g. the cart the checkout page loaded on the server. */
  initialCart?: Cart | null;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
};

const EMPTY = new Set<number>();

function withItem(set: ReadonlySet<number>, id: number): ReadonlySet<number> {
  return new Set(set).add(id);
}

function withoutItem(set: ReadonlySet<number>, id: number): ReadonlySet<number> {
  const next = new Set(set);
  next.delete(id);
  return next.size === 0 ? EMPTY : next;
}

/** The API's 400 names the quantity with the spec's text when a line would hold too many. */
function isTooMany(error: unknown): boolean {
  return (
    error instanceof CartRequestError &&
    error.status === 400 &&
    (error.apiMessage?.includes(TOO_MANY_PRODUCTS_MESSAGE) === true ||
      error.fields.some((field) => field.message === TOO_MANY_PRODUCTS_MESSAGE))
  );
}

function isRateLimited(error: unknown): boolean {
  return error instanceof CartRequestError && error.status === 428;
}

export class CartStore {
  private snapshot: CartSnapshot;
  private readonly listeners = new Set<() => void>();
  private readonly timers = new Map<CartErrorKey, unknown>();
  private readonly options: CartStoreOptions;
  // Every reply is the whole cart; a reply to an older request must not undo a newer one.
  private sequence = 0;
  private appliedSequence = 0;

  constructor(options: CartStoreOptions) {
    this.options = options;
    const initial = options.initialCart;
    this.snapshot = {
      status: initial === undefined ? 'idle' : 'ready',
      cart: initial ?? null,
      adding: EMPTY,
      updating: EMPTY,
      shippingPending: false,
      giftCardPending: false,
      errors: {},
      consentRequired: !options.allowed,
      lastAdded: null,
    };
  }

  // --- subscription (useSyncExternalStore) ---

  getSnapshot = (): CartSnapshot => this.snapshot;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private set(patch: Partial<CartSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...patch };
    for (const listener of this.listeners) listener();
  }

  /** The host replaces the opener as the page changes (no mini cart on the checkout page). */
  setMiniCartOpener(open: () => void): void {
    this.options.openMiniCart = open;
  }

  /** The page's consent may change while the store lives (the dialog was just answered). */
  setAllowed(allowed: boolean): void {
    this.options.allowed = allowed;
    if (this.snapshot.consentRequired === allowed) this.set({ consentRequired: !allowed });
  }

  // --- errors that clear themselves ---

  private fail(key: CartErrorKey, message: string): void {
    const { setTimer = setTimeout, clearTimer = (timer) => clearTimeout(timer as number) } =
      this.options;
    const previous = this.timers.get(key);
    if (previous !== undefined) clearTimer(previous);
    this.set({ errors: { ...this.snapshot.errors, [key]: message } });
    this.timers.set(
      key,
      setTimer(() => this.dismissError(key), CART_ERROR_CLEAR_MS),
    );
  }

  dismissError(key: CartErrorKey): void {
    this.timers.delete(key);
    if (!(key in this.snapshot.errors)) return;
    const errors = { ...this.snapshot.errors };
    delete errors[key];
    this.set({ errors });
  }

  private begin(): number {
    this.sequence += 1;
    return this.sequence;
  }

  /** Applies a reply unless a newer request's reply was applied already. */
  private accept(sequence: number, cart: Cart | null): boolean {
    if (sequence < this.appliedSequence) return false;
    this.appliedSequence = sequence;
    this.set({ cart, status: 'ready' });
    return true;
  }

  /** 428: the dedicated message, shown in the mini cart, which opens (spec §4, §8). */
  private rateLimited(): void {
    this.fail('cart', TOO_MANY_REQUESTS_MESSAGE);
    this.options.openMiniCart();
  }

  private refuseWithoutConsent(key: CartErrorKey): boolean {
    if (this.options.allowed) return false;
    this.fail(key, CONSENT_REQUIRED_MESSAGE);
    return true;
  }

  // --- actions ---

  /** GET cart/current/; a 404 is an empty cart, not an error (spec §4). */
  async load(): Promise<void> {
    if (!this.options.allowed || this.snapshot.status === 'loading') return;
    const sequence = this.begin();
    this.set({ status: 'loading' });
    try {
      this.accept(sequence, await this.options.client.current());
    } catch (error) {
      console.error('Could not load the cart:', error);
      if (sequence >= this.appliedSequence) this.set({ status: 'failed' });
    }
  }

  /** POST cart/current/item/: adds `quantity` of the article. Resolves true on success. */
  async add(article: { id: number; title?: string | null }, quantity: number): Promise<boolean> {
    const key: CartErrorKey = `article:${article.id}`;
    if (this.refuseWithoutConsent(key) || this.snapshot.adding.has(article.id)) return false;
    const sequence = this.begin();
    const before = this.snapshot.cart;
    this.dismissError(key);
    this.set({ adding: withItem(this.snapshot.adding, article.id) });
    try {
      const cart = await this.options.client.addItem({ article_id: article.id, quantity });
      this.accept(sequence, cart);
      const line = cart.items.find((item) => item.article_id === article.id);
      this.set({
        lastAdded: {
          articleId: article.id,
          title: line?.title ?? article.title ?? 'Produkten',
          quantity,
        },
      });
      const event = addEvent(before, cart, article.id);
      if (event) this.options.track(event);
      this.options.openMiniCart();
      return true;
    } catch (error) {
      if (isRateLimited(error)) this.rateLimited();
      else
        this.fail(
          key,
          isTooMany(error) ? TOO_MANY_PRODUCTS_MESSAGE : addFailedMessage(article.title),
        );
      return false;
    } finally {
      this.set({ adding: withoutItem(this.snapshot.adding, article.id) });
    }
  }

  /**
   * PATCH cart/current/item/{id}/ with a new quantity; 0 or less removes the line (spec §5).
   * An unchanged quantity sends nothing.
   */
  async update(line: CartLine, quantity: number): Promise<boolean> {
    const intent = quantityChangeIntent(line.quantity, quantity);
    if (intent === 'unchanged') return true;
    if (intent === 'delete') return this.remove(line);
    return this.changeLine(line, quantity, () => this.options.client.updateItem(line.id, quantity));
  }

  /** DELETE cart/current/item/{id}/. */
  remove(line: CartLine): Promise<boolean> {
    return this.changeLine(line, 0, () => this.options.client.removeItem(line.id));
  }

  private async changeLine(
    line: CartLine,
    quantity: number,
    request: () => Promise<Cart>,
  ): Promise<boolean> {
    const key: CartErrorKey = `item:${line.id}`;
    if (this.refuseWithoutConsent(key) || this.snapshot.updating.has(line.id)) return false;
    const sequence = this.begin();
    this.dismissError(key);
    this.set({ updating: withItem(this.snapshot.updating, line.id), lastAdded: null });
    try {
      const cart = await request();
      this.accept(sequence, cart);
      // The quantity the server settled on (it may lower a line to what is in stock).
      const after = cart.items.find((item) => item.id === line.id)?.quantity ?? 0;
      const event = lineChangeEvent(line, line.quantity, quantity === 0 ? 0 : after);
      if (event) this.options.track(event);
      this.options.openMiniCart();
      return true;
    } catch (error) {
      if (isRateLimited(error)) this.rateLimited();
      else if (error instanceof CartRequestError && error.status === 404) {
        // A stale line (removed in another tab): show the cart as it is now.
        this.fail(key, updateFailedMessage(line.title));
        void this.load();
      } else {
        this.fail(
          key,
          isTooMany(error) ? TOO_MANY_PRODUCTS_MESSAGE : updateFailedMessage(line.title),
        );
      }
      return false;
    } finally {
      this.set({ updating: withoutItem(this.snapshot.updating, line.id) });
    }
  }

  /** PATCH cart/current/shipping/: 200 replaces the cart, 202 (not changed) opens the mini cart. */
  async setShipping(body: UpdateShippingBody): Promise<boolean> {
    if (this.refuseWithoutConsent('shipping') || this.snapshot.shippingPending) return false;
    const sequence = this.begin();
    this.dismissError('shipping');
    this.set({ shippingPending: true });
    try {
      const reply = await this.options.client.updateShipping(body);
      if (reply === 'unchanged') this.options.openMiniCart();
      else this.accept(sequence, reply);
      return true;
    } catch (error) {
      if (isRateLimited(error)) this.rateLimited();
      else this.fail('shipping', 'Vi kunde tyvärr inte ändra leveranssättet. Försök igen senare.');
      return false;
    } finally {
      this.set({ shippingPending: false });
    }
  }

  /** POST cart/current/giftcard/ (number and PIN). The API's Swedish reason is shown as is. */
  addGiftCard(body: AddGiftCardBody): Promise<boolean> {
    return this.giftCardCall(
      () => this.options.client.addGiftCard(body),
      'Vi kunde tyvärr inte lägga till presentkortet. Kontrollera numret och PIN-koden.',
    );
  }

  /** DELETE cart/current/giftcard/ by the card's last four digits. */
  removeGiftCard(last4: string): Promise<boolean> {
    return this.giftCardCall(
      () => this.options.client.removeGiftCard({ last4 }),
      'Vi kunde tyvärr inte ta bort presentkortet. Försök igen senare.',
    );
  }

  private async giftCardCall(request: () => Promise<Cart>, fallback: string): Promise<boolean> {
    if (this.refuseWithoutConsent('giftcard') || this.snapshot.giftCardPending) return false;
    const sequence = this.begin();
    this.dismissError('giftcard');
    this.set({ giftCardPending: true });
    try {
      this.accept(sequence, await request());
      return true;
    } catch (error) {
      if (isRateLimited(error)) this.fail('giftcard', GIFT_CARD_TOO_MANY_TRIES_MESSAGE);
      else if (error instanceof CartRequestError && error.status >= 400 && error.status < 500) {
        // 400/404/409 carry a Swedish reason (wrong PIN, no balance, unknown card).
        this.fail('giftcard', error.fields[0]?.message ?? error.apiMessage ?? fallback);
      } else this.fail('giftcard', fallback);
      return false;
    } finally {
      this.set({ giftCardPending: false });
    }
  }

  /**
   * Places the order from the current cart. The caller keeps one Idempotency-Key per attempt,
   * so a double click or a retry after a lost reply returns the same order, never a second one.
   */
  async placeOrder(body: CheckoutBody, idempotencyKey: string): Promise<PlaceOrderResult> {
    try {
      const order = await this.options.client.checkout(body, idempotencyKey);
      // The API empties the cart with the order.
      this.clear();
      return { kind: 'placed', order };
    } catch (error) {
      if (!(error instanceof CartRequestError)) {
        console.error('Could not place the order:', error);
        return { kind: 'failed' };
      }
      if (error.status === 409) {
        void this.load();
        return { kind: 'conflict', failures: error.failures, message: error.apiMessage };
      }
      // 422: the order cannot be placed as sent (an order on invoice past the company's
      // credit limit); its Swedish message is shown like a 400's.
      if (error.status === 400 || error.status === 422) {
        return { kind: 'invalid', fields: error.fields, message: error.apiMessage };
      }
      if (error.status === 428) return { kind: 'rate-limited' };
      return { kind: 'failed' };
    }
  }

  /**
   * A gift card's balance before (or without) using it. The API answers 404 alike for an
   * unknown card and a wrong PIN, so the text does not say which was wrong.
   */
  async giftCardBalance(
    number: string,
    pin: string,
  ): Promise<{ balance: GiftCardBalance } | { error: string }> {
    try {
      return { balance: await this.options.client.giftCardBalance(number, pin) };
    } catch (error) {
      if (isRateLimited(error)) return { error: GIFT_CARD_TOO_MANY_TRIES_MESSAGE };
      if (error instanceof CartRequestError && error.status === 404) {
        return { error: 'Vi hittade inget presentkort med det numret och den PIN-koden.' };
      }
      if (error instanceof CartRequestError && error.status === 400) {
        return { error: error.fields[0]?.message ?? error.apiMessage ?? 'Kontrollera numret.' };
      }
      return { error: 'Vi kunde tyvärr inte hämta saldot. Försök igen senare.' };
    }
  }

  /** Takes a cart read elsewhere (the checkout page's server load) as the newest state. */
  replace(cart: Cart | null): void {
    this.accept(this.begin(), cart);
  }

  /** After an order: the API has emptied the cart. */
  clear(): void {
    this.replace(null);
  }

  /** The failure text to show when the first read failed. */
  static readonly loadFailedMessage = CART_LOAD_FAILED_MESSAGE;
}
