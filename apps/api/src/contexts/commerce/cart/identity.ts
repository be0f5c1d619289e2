import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CART_COOKIE } from '@bygg/contracts/cart';
import {
  COOKIE_NAMES,
  PREFERENCE_COOKIE_MAX_AGE_S,
  StoreCookieSchema,
} from '@bygg/contracts/cookies';
import type { OrganisationId } from '@bygg/contracts/common';

/** Who asks for a cart: the browser's cart token, the logged-in user and the chosen store. */
export type CartIdentity = {
  organisation: OrganisationId;
  /** The random value of the signed cart cookie; null without a valid cookie. */
  token: string | null;
  user: { id: number; companyId: number | null } | null;
  /** The `bygg_store` cookie: the store the shopper chose. */
  chosenStoreId: number | null;
};

/** 90 days: a cart outlives a browser session, like most Swedish shops' carts. */
export const CART_COOKIE_MAX_AGE_S = 90 * 24 * 60 * 60;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** 32 random bytes, base64url: a cart cannot be found by guessing its cookie. */
export function newCartToken(): string {
  return randomBytes(32).toString('base64url');
}

export function cartIdentity(request: FastifyRequest): CartIdentity {
  let token: string | null = null;
  const raw = request.cookies[CART_COOKIE];
  if (raw) {
    // Signed with the session secret (@fastify/cookie), so a forged or edited value is ignored.
    const unsigned = request.unsignCookie(raw);
    if (unsigned.valid && unsigned.value && TOKEN_PATTERN.test(unsigned.value)) {
      token = unsigned.value;
    }
  }
  const store = StoreCookieSchema.safeParse(request.cookies[COOKIE_NAMES.store]);
  const user = request.sessionUser;
  return {
    organisation: request.organisation,
    token,
    user: user ? { id: user.id, companyId: user.companyId } : null,
    chosenStoreId: store.success ? store.data : null,
  };
}

function secure(request: FastifyRequest): boolean {
  return request.protocol === 'https';
}

/** (Re)sets the HttpOnly cart cookie, so an active cart keeps living 90 days. */
export function setCartCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  reply.setCookie(CART_COOKIE, token, {
    signed: true,
    httpOnly: true,
    sameSite: 'lax',
    secure: secure(request),
    path: '/',
    maxAge: CART_COOKIE_MAX_AGE_S,
  });
}

/** The pickup store chosen at checkout becomes the shopper's store everywhere. */
export function setStoreCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  storeId: number,
): void {
  reply.setCookie(COOKIE_NAMES.store, String(storeId), {
    httpOnly: false,
    sameSite: 'lax',
    secure: secure(request),
    path: '/',
    maxAge: PREFERENCE_COOKIE_MAX_AGE_S,
  });
}
