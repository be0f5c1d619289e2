import type { Cart } from '@bygg/contracts/cart';
import type { CartSnapshot, CartStore } from './cart-store.ts';

/** What the cart hooks use of a store: its public methods (the lazy facade has the same). */
export type CartStoreApi = { [K in keyof CartStore]: CartStore[K] };

const NONE: ReadonlySet<number> = new Set();

/**
 * The shell's cart store, loaded on first use (issue 3: the store, its API client and its
 * analytics are some 5 KiB gzip that no page needs before the first cart action). Until the
 * chunk arrives it shows the store's initial snapshot; an action made before then (an early
 * click on 'Lägg i varukorg') waits for the chunk and then runs, so it is never lost, and an
 * add shows its loading state at once. Afterwards every call goes straight to the real store.
 */
export class LazyCartStore implements CartStoreApi {
  private real: CartStore | null = null;
  private loading: Promise<CartStore> | null = null;
  private readonly listeners = new Set<() => void>();
  private snapshot: CartSnapshot;
  private openMiniCart: () => void = () => {};
  private allowed: boolean;
  private seeded: { cart: Cart | null } | null = null;

  constructor(
    private readonly create: (allowed: boolean) => Promise<CartStore>,
    allowed: boolean,
  ) {
    this.allowed = allowed;
    this.snapshot = {
      status: 'idle',
      cart: null,
      adding: NONE,
      updating: NONE,
      shippingPending: false,
      giftCardPending: false,
      errors: {},
      consentRequired: !allowed,
      lastAdded: null,
    };
  }

  /** The real store, importing and creating it on the first call. */
  ready(): Promise<CartStore> {
    this.loading ??= this.create(this.allowed).then((store) => {
      store.setMiniCartOpener(() => this.openMiniCart());
      store.setAllowed(this.allowed);
      if (this.seeded) store.replace(this.seeded.cart);
      this.real = store;
      store.subscribe(() => this.notify());
      this.notify();
      return store;
    });
    // A failed import (the network) may be retried by the next action.
    this.loading.catch(() => {
      this.loading = null;
    });
    return this.loading;
  }

  private notify(): void {
    for (const listener of this.listeners) listener();
  }

  private set(patch: Partial<CartSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...patch };
    this.notify();
  }

  /** Runs `call` on the real store, once it has arrived. */
  private async later<T>(call: (store: CartStore) => Promise<T>): Promise<T> {
    return call(this.real ?? (await this.ready()));
  }

  getSnapshot = (): CartSnapshot => (this.real ? this.real.getSnapshot() : this.snapshot);

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  setMiniCartOpener(open: () => void): void {
    this.openMiniCart = open;
  }

  setAllowed(allowed: boolean): void {
    this.allowed = allowed;
    if (this.real) this.real.setAllowed(allowed);
    else if (this.snapshot.consentRequired === allowed) this.set({ consentRequired: !allowed });
  }

  dismissError(...args: Parameters<CartStore['dismissError']>): void {
    // Errors come from the real store only: before it exists there is none to dismiss.
    this.real?.dismissError(...args);
  }

  load(): Promise<void> {
    // Without consent the store asks nothing, so its code is not needed either.
    if (!this.real && !this.allowed) return Promise.resolve();
    // As the store's own load, this never rejects: a failed fetch of its code is logged.
    return this.later((store) => store.load()).catch((error: unknown) => {
      console.error('Could not load the cart:', error);
    });
  }

  async add(...args: Parameters<CartStore['add']>): Promise<boolean> {
    if (this.real) return this.real.add(...args);
    const [article] = args;
    if (this.snapshot.adding.has(article.id)) return false;
    // The button's spinner while the store's code arrives; the real store then takes over.
    this.set({ adding: new Set(this.snapshot.adding).add(article.id) });
    try {
      const store = await this.ready();
      return await store.add(...args);
    } catch (error) {
      // The store's code did not arrive: the button becomes usable again for another try.
      console.error('Could not load the cart:', error);
      const adding = new Set(this.snapshot.adding);
      adding.delete(article.id);
      this.set({ adding });
      return false;
    }
  }

  update(...args: Parameters<CartStore['update']>): Promise<boolean> {
    return this.later((store) => store.update(...args));
  }

  remove(...args: Parameters<CartStore['remove']>): Promise<boolean> {
    return this.later((store) => store.remove(...args));
  }

  setShipping(...args: Parameters<CartStore['setShipping']>): Promise<boolean> {
    return this.later((store) => store.setShipping(...args));
  }

  addGiftCard(...args: Parameters<CartStore['addGiftCard']>): Promise<boolean> {
    return this.later((store) => store.addGiftCard(...args));
  }

  removeGiftCard(...args: Parameters<CartStore['removeGiftCard']>): Promise<boolean> {
    return this.later((store) => store.removeGiftCard(...args));
  }

  placeOrder(...args: Parameters<CartStore['placeOrder']>): ReturnType<CartStore['placeOrder']> {
    return this.later((store) => store.placeOrder(...args));
  }

  giftCardBalance(
    ...args: Parameters<CartStore['giftCardBalance']>
  ): ReturnType<CartStore['giftCardBalance']> {
    return this.later((store) => store.giftCardBalance(...args));
  }

  /** A cart read on the server shows at once; the real store takes it when it arrives. */
  replace(cart: Cart | null): void {
    if (this.real) return this.real.replace(cart);
    this.seeded = { cart };
    this.set({ cart, status: 'ready' });
    void this.ready();
  }

  clear(): void {
    this.replace(null);
  }
}
