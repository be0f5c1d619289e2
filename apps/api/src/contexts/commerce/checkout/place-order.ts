import { randomBytes } from 'node:crypto';
import { VOUCHER_MESSAGES, type CheckoutBody, type StockFailure } from '@bygg/contracts/cart';
import type { OrganisationId } from '@bygg/contracts/common';
import type { Database } from '@bygg/db/client';
import { GIFT_CARD_VALIDITY_YEARS } from '@bygg/domain/giftcard';
import { STOCK_FAILURE_MESSAGES } from '@bygg/domain/stock';
import { BadRequestError, DomainError, NotFoundError } from '../../../kernel/errors.ts';
import {
  amountsOf,
  cartChecksum,
  cartFailures,
  cartTotals,
  giftCardAllocation,
  paymentMethods,
  priceLine,
  voucherDiscount,
  type CartTotals,
  type PricedLine,
  type PricingInput,
} from '../../pricing/index.ts';
import type { OrderPlacedHook, PlacedTradeOrder } from '../../trade/index.ts';
import type { CartIdentity } from '../cart/identity.ts';
import type { CartRow } from '../cart/repository.ts';
import type { CartService } from '../cart/service.ts';
import type { GiftCardService } from '../giftcards/service.ts';
import type { OrderViewInput } from './order-view.ts';
import type { CartToLock, CheckoutRepository, NewOrder, NewOrderLine } from './repository.ts';

/** 409: the order cannot be placed as the cart is; the body lists why (`failures`). */
export class CheckoutConflictError extends DomainError {
  readonly statusCode = 409;
  readonly error = 'Conflict';
  constructor(
    message: string,
    readonly failures: StockFailure[],
  ) {
    super(message);
    this.name = 'CheckoutConflictError';
  }

  override extraBody(): Record<string, unknown> {
    return { failures: this.failures };
  }
}

/** 400 for a project sent by someone who is no trade user of a company. */
const CHECKOUT_PROJECT_MESSAGE = 'Bara en inloggad proffskund kan välja projekt';

/** The key was committed by another request: the caller reads its order instead. */
export class KeyTaken extends Error {}

/** What the use case works with; CheckoutService builds it once. */
export type PlaceOrderDeps = {
  repository: CheckoutRepository;
  carts: CartService;
  giftCards: GiftCardService;
  now: () => Date;
  /** The trade context's hook for an order of a trade user with a company (events, invoice). */
  onTradeOrder: OrderPlacedHook | undefined;
};

/** One request to place the order of a cart, under an idempotency key. */
export type PlaceOrderCommand = {
  identity: CartIdentity;
  /** The cart: by id when the caller found it, else an anonymous browser's by its token. */
  cart: CartToLock;
  body: CheckoutBody;
  /** scope (the cart's owner), the client's Idempotency-Key and the hash of the body. */
  claim: { scope: string; key: string; requestHash: string };
};

export type PlacedOrder = { orderId: number; publicId: string; view: OrderViewInput };

/** One placement in progress: what every step works with. */
type Placement = { deps: PlaceOrderDeps; tx: Database; command: PlaceOrderCommand };

/** A cart that passed validation: its lines priced, its totals, how it is paid. */
type ValidCart = {
  /** The locked cart's id (the order removes it). */
  cartId: number;
  input: PricingInput;
  lines: PricedLine[];
  totals: CartTotals;
};

type Redemption = OrderViewInput['redemptions'][number];

/**
 * Place order (issue 5), inside the one transaction the caller opens. Each step is a named
 * function below; a step that fails throws and the transaction rolls back, so nothing of the
 * order is stored. After the commit the caller sends the confirmation (or starts the card
 * payment): an e-mail must never go out for an order that was rolled back.
 *
 * The database round trips are the ones of the statement-count tests (cart/statements.test.ts,
 * checkout tests): the order, its lines, redemptions, key and cart removal and the stock are
 * ONE statement (writeOrderAndReserveStock), so the stock rows (the hottest rows of the shop)
 * stay locked only until the commit, a round trip or two later.
 */
export async function placeOrder(
  deps: PlaceOrderDeps,
  tx: Database,
  command: PlaceOrderCommand,
): Promise<PlacedOrder> {
  const run: Placement = { deps, tx, command };
  const cart = await claimKeyAndLockCart(run);
  const valid = await validateCart(run, cart);
  const now = deps.now();
  const redeemed = await redeemGiftCards(run, valid, now);
  const order = orderRecord(command, valid);
  const lines = orderLines(valid);
  const written = await writeOrderAndReserveStock(run, valid, order, lines, redeemed);
  await ensureStockTaken(run, valid, written.taken);
  const issued = await issueBoughtGiftCards(run, written.id, valid.lines, now);
  await countVoucherUse(run, valid, now);
  await tellTrade(run, valid, order, lines, { id: written.id, createdAt: written.createdAt });
  return {
    orderId: written.id,
    publicId: order.publicId,
    view: {
      order: {
        ...order,
        id: written.id,
        providerPaymentId: null,
        confirmationSentAt: null,
        createdAt: written.createdAt,
      },
      lines,
      store: valid.input.store,
      redemptions: redeemed.map((r) => r.redemption),
      issued,
      clientSecret: null,
    },
  };
}

/**
 * Step 1. Claims the idempotency key and locks the cart row in one statement. A key already
 * committed by a parallel request: KeyTaken (the caller answers with that order); a cart
 * gone meanwhile was ordered by a parallel request with another key.
 */
async function claimKeyAndLockCart({ deps, tx, command }: Placement): Promise<CartRow> {
  const { claimed, cart } = await deps.repository.claimKeyAndLockCart(
    tx,
    command.claim,
    command.cart,
  );
  if (!claimed) throw new KeyTaken();
  if (!cart) {
    throw new NotFoundError(
      'id' in command.cart ? 'Varukorgen är redan beställd' : 'Det finns ingen varukorg',
    );
  }
  return cart;
}

/**
 * Step 2. Re-prices the locked cart and checks it can be ordered as the shopper saw it: not
 * empty, every line in stock and sellable, the checksum of what was shown unchanged, the
 * payment method offered, a discount code still applying (else 409: the order would cost
 * more than the cart showed, so the shopper reviews it first).
 */
async function validateCart({ deps, tx, command }: Placement, cart: CartRow): Promise<ValidCart> {
  const { body } = command;
  const base = await deps.carts.pricingInput(command.identity, cart, tx);
  const input = { ...base, shippingType: body.shipping.type };
  if (input.lines.length === 0) {
    throw new BadRequestError('Varukorgen är tom', [
      { path: 'cart', message: 'Varukorgen är tom' },
    ]);
  }
  const lines = input.lines.map((row) => priceLine(input, row));
  const failures = cartFailures(input, lines);
  if (body.checksum !== undefined && body.checksum !== cartChecksum(base, lines)) {
    failures.push(checksumFailure(STOCK_FAILURE_MESSAGES.INVALID_CHECKSUM));
  }
  if (failures.length > 0) throw new CheckoutConflictError(failures[0]?.message ?? '', failures);

  const methods = paymentMethods(input).map((m) => m.id);
  if (!methods.includes(body.payment.method)) {
    const message = 'Betalsättet går inte att välja för den här beställningen';
    throw new BadRequestError(message, [{ path: 'body.payment.method', message }]);
  }

  const totals = cartTotals(input, lines);
  const voucherProblem = voucherDiscount(input, totals.itemsOre).problem;
  if (input.voucher && voucherProblem) throw conflict(voucherProblem);
  return { cartId: cart.id, input, lines, totals };
}

const GIFT_CARD_CHANGED =
  'Presentkortets saldo har ändrats. Kontrollera varukorgen och försök igen.';

/**
 * Step 3. Takes the gift cards' share of the total, each with a conditional update (the
 * balance must still be there). A card in the cart with nothing left to use was spent or
 * expired since the shopper saw it: the order would silently cost more, so 409.
 */
async function redeemGiftCards(
  { deps, tx }: Placement,
  valid: ValidCart,
  now: Date,
): Promise<Array<{ giftCardId: number; amountOre: number; redemption: Redemption }>> {
  const allocation = giftCardAllocation(valid.input.giftCards, valid.totals.totalOre, now);
  const redeemed: Array<{ giftCardId: number; amountOre: number; redemption: Redemption }> = [];
  for (const a of allocation) {
    const spent = a.card.balanceOre <= 0 || a.card.expiresAt <= now;
    const left =
      a.amountOre === 0
        ? a.card.balanceOre
        : await deps.repository.spendGiftCard(tx, a.card.id, a.amountOre, now);
    if (a.amountOre > 0 && left !== null) {
      redeemed.push({
        giftCardId: a.card.id,
        amountOre: a.amountOre,
        redemption: { number: a.card.number, balanceOre: left, amountOre: a.amountOre },
      });
    }
    if (spent || left === null) throw conflict(GIFT_CARD_CHANGED);
  }
  return redeemed;
}

/** The order row as it will be written (contact and address trimmed, amounts in öre). */
function orderRecord(command: PlaceOrderCommand, valid: ValidCart): NewOrder {
  const { body, identity } = command;
  const { totals } = valid;
  const voucher = valid.input.voucher;
  const method = body.payment.method;
  const paymentStatus =
    totals.toPayOre === 0
      ? 'paid'
      : method === 'pay_in_store'
        ? 'pay_at_pickup'
        : method === 'invoice'
          ? 'invoiced'
          : 'pending';
  return {
    publicId: randomBytes(18).toString('base64url'),
    organisation: identity.organisation,
    storeId: valid.input.store.id,
    userId: identity.user?.id ?? null,
    status: paymentStatus === 'pending' ? 'awaiting_payment' : 'placed',
    paymentMethod: method,
    paymentStatus,
    paymentReference: method === 'invoice' ? (body.payment.reference ?? null) : null,
    contact: {
      first_name: body.contact.first_name.trim(),
      last_name: body.contact.last_name.trim(),
      email: body.contact.email.trim(),
      phone: body.contact.phone.trim(),
      company: body.contact.company?.trim() || null,
    },
    shippingType: body.shipping.type,
    shippingAddress:
      body.shipping.type === 2 && body.shipping.address
        ? {
            street: body.shipping.address.street.trim(),
            postcode: body.shipping.address.postcode.replace(/\s/g, ''),
            city: body.shipping.address.city.trim(),
          }
        : null,
    shippingOre: totals.shippingOre,
    itemsOre: totals.itemsOre,
    totalOre: totals.totalOre,
    vatOre: totals.vatOre,
    giftCardOre: totals.giftCardOre,
    discountOre: totals.discountOre,
    voucherId: voucher?.id ?? null,
    voucherCode: voucher?.code ?? null,
    toPayOre: totals.toPayOre,
    message: body.message?.trim() || null,
  };
}

/** The order's lines: price, sum and VAT per line, and the warehouse that gives the stock. */
export function orderLines(valid: Pick<ValidCart, 'input' | 'lines'>): NewOrderLine[] {
  const { store } = valid.input;
  return valid.lines.map((line, position) => {
    const amounts = amountsOf(line);
    return {
      position,
      articleId: line.row.articleId,
      title: line.row.title,
      brand: line.row.brand,
      category: line.row.category,
      options: line.row.options,
      quantity: line.row.quantity,
      unit: line.row.unit,
      priceOre: amounts.unitOre,
      sumOre: amounts.totalOre,
      vatOre: amounts.vatOre,
      vatRateBp: line.row.vatRateBp,
      warehouseCode: store.warehouseCode,
      warehouseName: store.warehouseName,
      stockWarehouseId: line.decrementsStock ? store.warehouseId : null,
      isGiftCard: line.row.giftCardValueOre !== null,
    };
  });
}

/**
 * Step 4. Writes the order, its lines and redemptions, points the key at it, removes the cart
 * and takes the stock of every stocked line: one statement (repository.writeOrder). Stock is
 * taken only where enough is on hand; `taken` says which lines got theirs.
 */
function writeOrderAndReserveStock(
  { deps, tx, command }: Placement,
  valid: ValidCart,
  order: NewOrder,
  lines: readonly NewOrderLine[],
  redeemed: ReadonlyArray<{ giftCardId: number; amountOre: number }>,
): Promise<{ id: number; createdAt: Date; taken: Map<number, number | null> }> {
  const { store } = valid.input;
  return deps.repository.writeOrder(
    tx,
    order,
    lines,
    redeemed.map((r) => ({ giftCardId: r.giftCardId, amountOre: r.amountOre })),
    { scope: command.claim.scope, key: command.claim.key, cartId: valid.cartId },
    {
      warehouseId: store.warehouseId,
      wanted: valid.lines
        .filter((line) => line.decrementsStock)
        .map((line) => ({ articleId: line.row.articleId, quantity: line.row.quantity })),
    },
  );
}

/**
 * Step 5. Lines whose stock could not be taken (sold meanwhile): 409 with each line's reason
 * and what is left, so the shopper can change the quantity. The order statement rolls back.
 */
export async function ensureStockTaken(
  { deps, tx }: { deps: Pick<PlaceOrderDeps, 'repository'>; tx: Database },
  valid: Pick<ValidCart, 'input' | 'lines'>,
  taken: ReadonlyMap<number, number | null>,
): Promise<void> {
  const { warehouseId } = valid.input.store;
  const stockLines = valid.lines.filter((line) => line.decrementsStock);
  const failures: StockFailure[] = [];
  for (const line of [...stockLines].sort((a, b) => a.row.articleId - b.row.articleId)) {
    const { row } = line;
    if ((taken.get(row.articleId) ?? null) !== null) continue;
    const onHand = await deps.repository.stockOnHand(tx, row.articleId, warehouseId);
    const reason = onHand <= 0 ? 'OUT_OF_STOCK' : 'INSUFFICIENT_STOCK';
    failures.push({
      reason,
      message: STOCK_FAILURE_MESSAGES[reason],
      item_id: row.id,
      article_id: row.articleId,
      available_quantity: onHand,
    });
  }
  if (failures.length > 0) throw new CheckoutConflictError(failures[0]?.message ?? '', failures);
}

/** Step 6. One card per gift-card unit bought, valid GIFT_CARD_VALIDITY_YEARS from now. */
async function issueBoughtGiftCards(
  { deps, tx, command }: Placement,
  orderId: number,
  lines: readonly PricedLine[],
  now: Date,
): Promise<Array<{ number: string; valueOre: number; pin: string }>> {
  const organisation: OrganisationId = command.identity.organisation;
  const { giftCards } = deps;
  const cards: Array<{ number: string; valueOre: number; pin: string }> = [];
  const expiresAt = new Date(now);
  expiresAt.setUTCFullYear(expiresAt.getUTCFullYear() + GIFT_CARD_VALIDITY_YEARS);
  for (const line of lines) {
    const valueOre = line.row.giftCardValueOre;
    if (valueOre === null) continue;
    for (let i = 0; i < line.row.quantity; i++) {
      let issued = false;
      // Random, shown in the order reply and sent in the confirmation; then only its hash stays.
      const pin = giftCards.newPin();
      while (!issued) {
        const number = giftCards.newNumber();
        issued = await deps.repository.issueGiftCard(tx, {
          organisation,
          number,
          pinHash: giftCards.pinHash(number, pin),
          pinSealed: giftCards.sealPin(pin),
          valueOre,
          expiresAt,
          orderId,
        });
        if (issued) cards.push({ number, valueOre, pin });
      }
    }
  }
  return cards;
}

/**
 * Step 7. Counts the discount code's use, last: a popular code's row is a hot row, and the
 * conditional update refuses a code whose uses ran out meanwhile (409, the order rolls back).
 */
async function countVoucherUse(
  { deps, tx }: Placement,
  valid: ValidCart,
  now: Date,
): Promise<void> {
  const voucher = valid.input.voucher;
  if (voucher && !(await deps.repository.useVoucher(tx, voucher.id, now))) {
    throw conflict(VOUCHER_MESSAGES.usedUp);
  }
}

/**
 * Step 8. An order of a trade user with a company is the trade context's business too: its
 * hook writes the "order placed" event and, paid by invoice, the invoice, in this
 * transaction (nothing for anyone else, and no statement).
 */
async function tellTrade(
  { deps, tx, command }: Placement,
  valid: ValidCart,
  order: NewOrder,
  lines: readonly NewOrderLine[],
  written: { id: number; createdAt: Date },
): Promise<void> {
  const user = command.identity.user;
  const projectId = command.body.project_id ?? null;
  if (!deps.onTradeOrder || !user || user.companyId === null) {
    if (projectId !== null) {
      throw new BadRequestError(CHECKOUT_PROJECT_MESSAGE, [
        { path: 'body.project_id', message: CHECKOUT_PROJECT_MESSAGE },
      ]);
    }
    return;
  }
  await deps.onTradeOrder(tx, {
    orderId: written.id,
    organisation: command.identity.organisation,
    storeId: valid.input.store.id,
    storeName: valid.input.store.name,
    user: { id: user.id, companyId: user.companyId },
    paymentStatus: order.paymentStatus,
    createdAt: written.createdAt,
    lines: hookLines(lines),
    shippingOre: order.shippingOre,
    discountOre: order.discountOre,
    voucherCode: order.voucherCode,
    giftCardOre: order.giftCardOre,
    totalOre: order.totalOre,
    projectId,
  });
}

/** The order's lines as the trade hook takes them. */
export function hookLines(lines: readonly NewOrderLine[]): PlacedTradeOrder['lines'] {
  return lines.map((line) => ({
    articleId: line.articleId,
    title: line.title,
    quantity: line.quantity,
    unit: line.unit,
    priceOre: line.priceOre,
    sumOre: line.sumOre,
    vatRateBp: line.vatRateBp,
  }));
}

function checksumFailure(message: string): StockFailure {
  return {
    reason: 'INVALID_CHECKSUM',
    message,
    item_id: null,
    article_id: null,
    available_quantity: null,
  };
}

/** A 409 whose one failure tells the shopper to review the cart (INVALID_CHECKSUM). */
function conflict(message: string): CheckoutConflictError {
  return new CheckoutConflictError(message, [checksumFailure(message)]);
}
