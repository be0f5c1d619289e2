import {
  MAX_CART_LINES,
  MAX_LINE_QUANTITY,
  VOUCHER_MESSAGES,
  type AddCartItemBody,
  type Cart,
  type CartValidation,
  type UpdateShippingBody,
} from '@bygg/contracts/cart';
import type { Database } from '@bygg/db/client';
import { giftCardUnusableMessage } from '@bygg/domain/giftcard';
import { TOO_MANY_PRODUCTS_MESSAGE } from '@bygg/domain/quantity';
import { ORGANISATIONS } from '@bygg/domain/organisations';
import { STOCK_FAILURE_MESSAGES } from '@bygg/domain/stock';
import type { ShippingType } from '@bygg/domain/shipping';
import { BadRequestError, NotFoundError } from '../../../kernel/errors.ts';
import type { CardPaymentProvider } from '../payments/provider.ts';
import { newCartToken, type CartIdentity } from './identity.ts';
import {
  buildCart,
  cartChecksum,
  cartFailures,
  cartTotals,
  priceLine,
  voucherDiscount,
  type PricingInput,
} from '../../pricing/index.ts';
import type {
  AppliedGiftCardRow,
  CartLineRow,
  CartRepository,
  CartRow,
  CartStoreRow,
} from './repository.ts';
import type { ArticlePrice } from '@bygg/domain/pricing';

export const MERGED_MESSAGE = 'Varorna från din tidigare varukorg har lagts till i din varukorg.';

/** A cart reply plus the token the route must (re)set as the cart cookie. */
export type CartResult = { cart: Cart; token: string };

/**
 * The cart of a browser or trade user (issue 5): find or create it, merge an anonymous cart
 * at login, change lines, shipping and gift cards, and price it for its store.
 */
export class CartService {
  constructor(
    private readonly repository: CartRepository,
    private readonly options: {
      clock?: (() => Date) | undefined;
      card?: CardPaymentProvider | null | undefined;
    } = {},
  ) {}

  private now(): Date {
    return this.options.clock ? this.options.clock() : new Date();
  }

  /** The card provider when the organisation has card checkout and one is configured. */
  cardFor(identity: CartIdentity): CardPaymentProvider | null {
    const card = this.options.card ?? null;
    if (!card) return null;
    return ORGANISATIONS[identity.organisation].flags.includes('cardCheckout') ? card : null;
  }

  /**
   * The request's cart, or null. For a logged-in user: their cart, after merging the
   * browser's anonymous cart into it (or handing it over when they had none). An anonymous
   * request never sees a user's cart, even with that cart's cookie (after logout).
   * `cookieCart`: the cookie's cart when the caller read it already (null: there is none).
   */
  async find(
    identity: CartIdentity,
    cookieCart?: CartRow | null,
  ): Promise<{ cart: CartRow; messages: string[] } | null> {
    const { organisation, token, user } = identity;
    if (cookieCart === undefined) {
      cookieCart = token ? await this.repository.byToken(organisation, token) : null;
    }
    if (!user) {
      return cookieCart && cookieCart.userId === null ? { cart: cookieCart, messages: [] } : null;
    }
    const userCart = await this.repository.byUser(organisation, user.id);
    const anonymous = cookieCart && cookieCart.userId === null ? cookieCart : null;
    if (!anonymous) return userCart ? { cart: userCart, messages: [] } : null;
    if (!userCart) {
      if (await this.repository.claim(anonymous.id, user.id)) {
        return { cart: { ...anonymous, userId: user.id }, messages: [] };
      }
      // A parallel request gave the user a cart first: merge into that one below.
      const created = await this.repository.byUser(organisation, user.id);
      if (!created) return null;
      await this.repository.merge(anonymous.id, created.id, MAX_LINE_QUANTITY);
      return { cart: created, messages: [MERGED_MESSAGE] };
    }
    await this.repository.merge(anonymous.id, userCart.id, MAX_LINE_QUANTITY);
    return { cart: userCart, messages: [MERGED_MESSAGE] };
  }

  private async storeFor(identity: CartIdentity): Promise<number> {
    if (
      identity.chosenStoreId !== null &&
      (await this.repository.storeBelongsTo(identity.chosenStoreId, identity.organisation))
    ) {
      return identity.chosenStoreId;
    }
    const fallback = await this.repository.defaultStoreId(identity.organisation);
    if (fallback === null) throw new NotFoundError('Organisationen har inga butiker');
    return fallback;
  }

  private async findOrCreate(
    identity: CartIdentity,
  ): Promise<{ cart: CartRow; messages: string[] }> {
    const found = await this.find(identity);
    if (found) return found;
    const storeId = await this.storeFor(identity);
    for (let attempt = 0; attempt < 3; attempt++) {
      const created = await this.repository.create({
        token: newCartToken(),
        organisation: identity.organisation,
        userId: identity.user?.id ?? null,
        storeId,
      });
      if (created) return { cart: created, messages: [] };
      // Only a user's cart can collide (one per user): another request made it; use it.
      const again = await this.find(identity);
      if (again) return again;
    }
    throw new Error('Could not create a cart');
  }

  /** The store chosen in the header prices the cart: follow it when it changed. */
  private async followChosenStore(identity: CartIdentity, cart: CartRow): Promise<CartRow> {
    const chosen = identity.chosenStoreId;
    if (chosen === null || chosen === cart.storeId) return cart;
    if (!(await this.repository.storeBelongsTo(chosen, identity.organisation))) return cart;
    await this.repository.setStore(cart.id, chosen);
    return { ...cart, storeId: chosen };
  }

  /** Everything pricing needs, read with `executor` (the checkout passes its transaction). */
  async pricingInput(
    identity: CartIdentity,
    cart: CartRow,
    executor?: Database,
    preloaded?: CartStoreRow,
  ): Promise<PricingInput> {
    const store =
      preloaded && preloaded.id === cart.storeId
        ? preloaded
        : await this.repository.store(cart.storeId, executor);
    if (!store) throw new NotFoundError('Butiken finns inte');
    const now = this.now();
    const { lines, prices, giftCards } = await this.repository.pricedLines(
      cart.id,
      store.warehouseId,
      {
        organisation: identity.organisation,
        storeId: store.id,
        companyId: identity.user?.companyId ?? null,
        now,
      },
      executor,
    );
    return this.pricingFor(identity, cart, store, lines, executor, { prices, now, giftCards });
  }

  /**
   * The pricing input for lines read with their prices (a trade user's net prices included)
   * and the cart's gift cards (`read`, at its `now`): only an applied code is still to be read.
   */
  private async pricingFor(
    identity: CartIdentity,
    cart: CartRow,
    store: CartStoreRow,
    lines: CartLineRow[],
    executor: Database | undefined,
    read: { now: Date; prices: Map<number, ArticlePrice>; giftCards: AppliedGiftCardRow[] },
  ): Promise<PricingInput> {
    const { now, prices, giftCards } = read;
    const companyId = identity.user?.companyId ?? null;
    const voucher =
      cart.voucherId === null ? null : await this.repository.voucherById(cart.voucherId, executor);
    const card = this.cardFor(identity);
    return {
      organisation: identity.organisation,
      store,
      shippingType: cart.shippingType === 2 ? 2 : 1,
      lines,
      prices,
      giftCards,
      voucher,
      now,
      hasTradeAccount: companyId !== null,
      card: card ? { provider: card.name, publishableKey: card.publishableKey } : null,
    };
  }

  private async reply(
    identity: CartIdentity,
    cart: CartRow,
    messages: readonly string[] = [],
    store?: CartStoreRow,
  ): Promise<CartResult> {
    const input = await this.pricingInput(identity, cart, undefined, store);
    return { cart: buildCart(input, messages), token: cart.token };
  }

  /** GET cart/current/: null (404) when the request has no cart. */
  async current(identity: CartIdentity): Promise<CartResult | null> {
    const found = await this.find(identity);
    if (!found) return null;
    const cart = await this.followChosenStore(identity, found.cart);
    return this.reply(identity, cart, found.messages);
  }

  /** The existing cart, or 404 (the mutations of an existing line need one). */
  private async existing(identity: CartIdentity): Promise<{ cart: CartRow; messages: string[] }> {
    const found = await this.find(identity);
    if (!found) throw new NotFoundError('Det finns ingen varukorg');
    return { cart: await this.followChosenStore(identity, found.cart), messages: found.messages };
  }

  /**
   * POST cart/current/item/: adds to the article's line, creating the cart when needed.
   * Round trips, when the chosen store is known: the cart and the article with its price (one
   * statement for an anonymous cart, two in parallel for a user's); then the add with the
   * lines, prices and gift cards read back in one statement.
   */
  async addItem(identity: CartIdentity, body: AddCartItemBody): Promise<CartResult> {
    const chosen =
      identity.chosenStoreId === null ? null : await this.repository.store(identity.chosenStoreId);
    const chosenStore = chosen && chosen.organisationId === identity.organisation ? chosen : null;
    // An anonymous cart is read with the article (one statement); a user's needs find().
    const fused = chosenStore && !identity.user && identity.token !== null;
    const [found, early] = fused
      ? await this.probe(identity, chosenStore, body.article_id, true).then(
          async (probe) => [await this.find(identity, probe.cart), probe] as const,
        )
      : await Promise.all([
          this.find(identity),
          chosenStore ? this.probe(identity, chosenStore, body.article_id) : null,
        ]);
    const existing = found ? await this.followChosenStore(identity, found.cart) : null;
    const storeId = existing?.storeId ?? (await this.storeFor(identity));
    const store =
      chosenStore && chosenStore.id === storeId
        ? chosenStore
        : await this.repository.store(storeId);
    if (!store) throw new NotFoundError('Butiken finns inte');
    // The article is checked before any cart is made: a refused add leaves nothing behind.
    const probe =
      early && store.id === chosenStore?.id
        ? early
        : await this.probe(identity, store, body.article_id);
    this.assertSellable(store, existing?.shippingType ?? 1, probe);
    const cart = existing ?? (await this.findOrCreate(identity)).cart;
    const now = this.now();
    // The add, the lines read back, their prices and the gift cards: one statement.
    const { outcome, lines, prices, giftCards } = await this.repository.addItemAndLines(
      cart.id,
      body.article_id,
      body.quantity,
      MAX_LINE_QUANTITY,
      MAX_CART_LINES,
      store.warehouseId,
      {
        organisation: identity.organisation,
        storeId: store.id,
        companyId: identity.user?.companyId ?? null,
        now,
      },
    );
    if (outcome === 'too-many-lines') throw tooMany('body.article_id');
    if (outcome === 'too-many-units') throw tooMany('body.quantity');
    const priced = { ...cart, storeId: store.id };
    const input = await this.pricingFor(identity, priced, store, lines, undefined, {
      now,
      prices,
      giftCards,
    });
    return { cart: buildCart(input, found?.messages ?? []), token: cart.token };
  }

  /**
   * The article as a would-be line in `store`, with its price there (one round trip); with
   * `withCookieCart` also the cart of the request's cookie token (in the same statement).
   */
  private async probe(
    identity: CartIdentity,
    store: CartStoreRow,
    articleId: number,
    withCookieCart = false,
  ): Promise<
    Pick<PricingInput, 'organisation' | 'store' | 'prices' | 'now'> & {
      articleId: number;
      line: CartLineRow | null;
      cart?: CartRow | null;
    }
  > {
    const now = this.now();
    const { organisation, token } = identity;
    const { line, prices, cart } = await this.repository.probeLine(
      articleId,
      store.warehouseId,
      { organisation, storeId: store.id, companyId: identity.user?.companyId ?? null, now },
      withCookieCart && token ? { organisation, token } : undefined,
    );
    return { organisation, store, prices, now, articleId, line, cart };
  }

  /**
   * An article that cannot be sold in the cart's store (hidden, no price, not sellable) is
   * refused at once with the spec's 'Tyvärr är artikeln ej tillgänglig', one the organisation
   * does not sell with 'Ogitlig artikelreferens', an unknown one with 404. Stock shortages are
   * not refused here but shown as messages, and checked again at checkout.
   */
  private assertSellable(
    store: CartStoreRow,
    shippingType: ShippingType,
    probe: Awaited<ReturnType<CartService['probe']>>,
  ): void {
    const { line } = probe;
    if (!line) throw new NotFoundError(`Artikeln ${probe.articleId} finns inte`);
    const input: PricingInput = {
      organisation: probe.organisation,
      store,
      shippingType,
      lines: [line],
      prices: probe.prices,
      giftCards: [],
      voucher: null,
      now: probe.now,
      hasTradeAccount: false,
      card: null,
    };
    const failure = cartFailures(input, [priceLine(input, line)]).find(
      (f) => f.reason === 'UNAVAILABLE' || f.reason === 'INVALID_REFERENCE',
    );
    if (failure) {
      throw new BadRequestError(failure.message, [
        { path: 'body.article_id', message: failure.message },
      ]);
    }
  }

  /** PATCH cart/current/item/{id}/: sets the quantity; 0 removes the line. */
  async updateItem(identity: CartIdentity, itemId: number, quantity: number): Promise<CartResult> {
    const { cart, messages } = await this.existing(identity);
    const changed =
      quantity <= 0
        ? await this.repository.deleteItem(cart.id, itemId)
        : await this.repository.setQuantity(cart.id, itemId, quantity);
    if (!changed) throw new NotFoundError('Raden finns inte i varukorgen');
    await this.repository.touch(cart.id);
    return this.reply(identity, cart, messages);
  }

  async removeItem(identity: CartIdentity, itemId: number): Promise<CartResult> {
    return this.updateItem(identity, itemId, 0);
  }

  /**
   * PATCH cart/current/shipping/: `changed` false (202) when the cart already had that type
   * and store. A store id of another organisation is a 400 naming the field.
   */
  async updateShipping(
    identity: CartIdentity,
    body: UpdateShippingBody,
  ): Promise<CartResult & { changed: boolean; storeId: number }> {
    const { cart, messages } = await this.existing(identity);
    let changed = false;
    let storeId = cart.storeId;
    if (body.store_id !== undefined && body.store_id !== cart.storeId) {
      if (!(await this.repository.storeBelongsTo(body.store_id, identity.organisation))) {
        throw new BadRequestError('Butiken finns inte', [
          { path: 'body.store_id', message: 'Butiken finns inte' },
        ]);
      }
      await this.repository.setStore(cart.id, body.store_id);
      storeId = body.store_id;
      changed = true;
    }
    let shippingType: ShippingType = cart.shippingType;
    if (body.type !== undefined && body.type !== cart.shippingType) {
      const input = await this.pricingInput(identity, cart);
      if (body.type === 2 && !input.hasTradeAccount && input.card === null) {
        const message = 'Hemleverans går inte att välja här: betala i butik när du hämtar';
        throw new BadRequestError(message, [{ path: 'body.type', message }]);
      }
      await this.repository.setShippingType(cart.id, body.type);
      shippingType = body.type;
      changed = true;
    }
    const result = await this.reply(identity, { ...cart, storeId, shippingType }, messages);
    return { ...result, changed, storeId };
  }

  /**
   * Applies a gift card found by GiftCardService (number and PIN already checked). A card with
   * nothing left or past its date is refused here with a 400 saying so (issue 22).
   */
  async addGiftCard(
    identity: CartIdentity,
    card: { id: number; balanceOre: number; expiresAt: Date },
  ): Promise<CartResult> {
    const unusable = giftCardUnusableMessage(card, this.now());
    if (unusable) throw new BadRequestError(unusable, [{ path: 'body.number', message: unusable }]);
    const { cart, messages } = await this.existing(identity);
    await this.repository.addGiftCard(cart.id, card.id);
    return this.reply(identity, cart, messages);
  }

  async removeGiftCard(identity: CartIdentity, last4: string): Promise<CartResult> {
    const { cart, messages } = await this.existing(identity);
    if (!(await this.repository.removeGiftCard(cart.id, last4))) {
      throw new NotFoundError('Presentkortet finns inte i varukorgen');
    }
    return this.reply(identity, cart, messages);
  }

  /**
   * POST cart/current/voucher/: applies a discount code (replacing an earlier one). 400 naming
   * body.code when the organisation has no such code, it has not started, has expired, is
   * used up, or the items do not reach its minimum.
   */
  async applyVoucher(identity: CartIdentity, code: string): Promise<CartResult> {
    const { cart, messages } = await this.existing(identity);
    const [voucher, input] = await Promise.all([
      this.repository.voucherByCode(identity.organisation, code),
      this.pricingInput(identity, cart),
    ]);
    const refuse = (message: string) =>
      new BadRequestError(message, [{ path: 'body.code', message }]);
    if (!voucher) throw refuse(VOUCHER_MESSAGES.unknown);
    const withVoucher = { ...input, voucher };
    const lines = input.lines.map((row) => priceLine(input, row));
    const problem = voucherDiscount(withVoucher, cartTotals(input, lines).itemsOre).problem;
    if (problem) throw refuse(problem);
    await this.repository.setVoucher(cart.id, voucher.id);
    return { cart: buildCart(withVoucher, messages), token: cart.token };
  }

  /** DELETE cart/current/voucher/: removes the discount code; 404 when none is applied. */
  async removeVoucher(identity: CartIdentity): Promise<CartResult> {
    const { cart, messages } = await this.existing(identity);
    if (cart.voucherId === null || !(await this.repository.setVoucher(cart.id, null))) {
      throw new NotFoundError(VOUCHER_MESSAGES.none);
    }
    return this.reply(identity, { ...cart, voucherId: null }, messages);
  }

  /** POST /api/v2.0/cart/validate/: what would stop the order now. */
  async validate(identity: CartIdentity, checksum: string | undefined): Promise<CartValidation> {
    const { cart } = await this.existing(identity);
    const input = await this.pricingInput(identity, cart);
    const lines = input.lines.map((row) => priceLine(input, row));
    const failures = cartFailures(input, lines);
    const current = cartChecksum(input, lines);
    if (checksum !== undefined && checksum !== current) {
      failures.push({
        reason: 'INVALID_CHECKSUM',
        message: STOCK_FAILURE_MESSAGES.INVALID_CHECKSUM,
        item_id: null,
        article_id: null,
        available_quantity: null,
      });
    }
    return { valid: failures.length === 0, failures, checksum: current };
  }
}

function tooMany(path: string): BadRequestError {
  return new BadRequestError(TOO_MANY_PRODUCTS_MESSAGE, [
    { path, message: TOO_MANY_PRODUCTS_MESSAGE },
  ]);
}
