import type {
  AddCartItemBody,
  AddGiftCardBody,
  Cart,
  CheckoutBody,
  RemoveGiftCardBody,
  StockFailure,
  UpdateShippingBody,
} from '@bygg/contracts/cart';
import type { OrganisationId } from '@bygg/contracts/common';
import type { GiftCardBalance } from '@bygg/contracts/giftcards';

/**
 * The browser's calls to the cart API (storefront spec §7 "Cart (v1.0)"), same origin, so the
 * API's HttpOnly cart cookie is set and sent by the browser itself. Only types come from the
 * contracts: their zod schemas would add the validator to every page's JavaScript, and the API
 * already serialises every reply through the same schemas.
 */

const CART_BASE = '/api/v1.0/cart/current';
// Header names as in contracts/cart.ts and contracts/common.ts (values not imported, see above).
const ORGANISATION_HEADER = 'x-organisation';
const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/** A non-2xx reply; `message` is the API's (Swedish for validation errors), `fields` name inputs. */
export class CartRequestError extends Error {
  readonly status: number;
  readonly apiMessage: string | null;
  readonly fields: ReadonlyArray<{ path: string; message: string }>;
  /** 409 of checkout: the stock failures per line. */
  readonly failures: readonly StockFailure[];

  constructor(
    status: number,
    body: { message?: unknown; fields?: unknown; failures?: unknown } | null,
  ) {
    super(`Cart request failed with status ${status}`);
    this.name = 'CartRequestError';
    this.status = status;
    this.apiMessage = typeof body?.message === 'string' ? body.message : null;
    this.fields = Array.isArray(body?.fields)
      ? (body.fields as { path: string; message: string }[])
      : [];
    this.failures = Array.isArray(body?.failures) ? (body.failures as StockFailure[]) : [];
  }
}

/** The order the checkout answers with (201); only the id is needed to show the receipt. */
export type PlacedOrder = { id: string | number } & Record<string, unknown>;

export type CartClient = {
  /** null: there is no cart yet (404, spec §4). */
  current(): Promise<Cart | null>;
  addItem(body: AddCartItemBody): Promise<Cart>;
  updateItem(id: number, quantity: number): Promise<Cart>;
  removeItem(id: number): Promise<Cart>;
  /** 200 → the changed cart; 202 → nothing changed (spec §4). */
  updateShipping(body: UpdateShippingBody): Promise<Cart | 'unchanged'>;
  addGiftCard(body: AddGiftCardBody): Promise<Cart>;
  removeGiftCard(body: RemoveGiftCardBody): Promise<Cart>;
  /** 201 → the order; 409 → CartRequestError with failures. */
  checkout(body: CheckoutBody, idempotencyKey: string): Promise<PlacedOrder>;
  /** GET giftcards/{number}/balance/?pin= (rate limited by the API: 428 when over). */
  giftCardBalance(number: string, pin: string): Promise<GiftCardBalance>;
};

async function errorBody(response: Response) {
  try {
    return (await response.json()) as Record<string, unknown>;
  } catch {
    return null;
  }
}

export function createCartClient(options: {
  organisation: OrganisationId;
  fetch?: typeof fetch;
}): CartClient {
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));

  async function send(
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    path: string,
    body?: unknown,
    extraHeaders: Record<string, string> = {},
  ): Promise<Response> {
    const headers: Record<string, string> = {
      accept: 'application/json',
      [ORGANISATION_HEADER]: options.organisation,
      ...extraHeaders,
    };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await doFetch(path, {
      method,
      headers,
      credentials: 'same-origin',
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new CartRequestError(response.status, await errorBody(response));
    return response;
  }

  const cart = async (response: Response) => (await response.json()) as Cart;

  return {
    current: async () => {
      try {
        return await cart(await send('GET', `${CART_BASE}/`));
      } catch (error) {
        if (error instanceof CartRequestError && error.status === 404) return null;
        throw error;
      }
    },
    addItem: async (body) => cart(await send('POST', `${CART_BASE}/item/`, body)),
    updateItem: async (id, quantity) =>
      cart(await send('PATCH', `${CART_BASE}/item/${id}/`, { quantity })),
    removeItem: async (id) => cart(await send('DELETE', `${CART_BASE}/item/${id}/`)),
    updateShipping: async (body) => {
      const response = await send('PATCH', `${CART_BASE}/shipping/`, body);
      return response.status === 202 ? 'unchanged' : cart(response);
    },
    addGiftCard: async (body) => cart(await send('POST', `${CART_BASE}/giftcard/`, body)),
    removeGiftCard: async (body) => cart(await send('DELETE', `${CART_BASE}/giftcard/`, body)),
    checkout: async (body, idempotencyKey) =>
      (await (
        await send('POST', `${CART_BASE}/checkout/`, body, {
          [IDEMPOTENCY_HEADER]: idempotencyKey,
        })
      ).json()) as PlacedOrder,
    giftCardBalance: async (number, pin) =>
      (await (
        await send(
          'GET',
          `/api/v1.0/giftcards/${encodeURIComponent(number)}/balance/?pin=${encodeURIComponent(pin)}`,
        )
      ).json()) as GiftCardBalance,
  };
}
