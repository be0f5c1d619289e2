import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CART_COOKIE } from '@bygg/contracts/cart';
import { ApiErrorSchema } from '@bygg/contracts/common';
import { COOKIE_NAMES } from '@bygg/contracts/cookies';
import {
  PunchoutSessionSchema,
  PunchoutSetupBodySchema,
  PunchoutTransferSchema,
} from '@bygg/contracts/punchout';
import { NotFoundError } from '../../../kernel/errors.ts';
import { rateLimited, type RateLimitSettings } from '../../../plugins/rate-limit.ts';
import { cartIdentity } from '../cart/identity.ts';
import { PUNCHOUT_SESSION_HOURS, type PunchoutService } from './service.ts';

const errors = {
  400: ApiErrorSchema,
  401: ApiErrorSchema,
  403: ApiErrorSchema,
  404: ApiErrorSchema,
  409: ApiErrorSchema,
};

/** The browser's punch-out token: the signed cookie's value, null when missing or forged. */
export function punchoutToken(request: FastifyRequest): string | null {
  const raw = request.cookies[COOKIE_NAMES.punchout];
  if (!raw) return null;
  const unsigned = request.unsignCookie(raw);
  return unsigned.valid ? unsigned.value : null;
}

function clearPunchoutCookies(reply: FastifyReply): void {
  reply.clearCookie(COOKIE_NAMES.punchout, { path: '/' });
  reply.clearCookie(CART_COOKIE, { path: '/' });
}

/**
 * OCI punch-out (issue 22, ADR 043) under /api/v1.0/punchout/: setup (the purchasing system's
 * login, answered with the session cookie and a fresh, empty cart), the open session, and the
 * transfer of the cart as OCI fields (which ends the session).
 */
export const punchoutRoutes: FastifyPluginAsyncZod<{
  service: PunchoutService;
  rateLimits: RateLimitSettings | false;
}> = async (app, { service, rateLimits }) => {
  app.post(
    '/api/v1.0/punchout/setup/',
    {
      config: rateLimited(rateLimits, 'login'),
      schema: {
        tags: ['punchout'],
        summary: 'Open an OCI punch-out session (USERNAME, PASSWORD, HOOK_URL)',
        body: PunchoutSetupBodySchema,
        response: { 201: PunchoutSessionSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { token, session } = await service.setup(request.organisation, request.body);
      reply.header('cache-control', 'no-store');
      // A punch-out starts with an empty cart of its own.
      reply.clearCookie(CART_COOKIE, { path: '/' });
      reply.setCookie(COOKIE_NAMES.punchout, token, {
        signed: true,
        httpOnly: true,
        sameSite: 'lax',
        secure: request.protocol === 'https',
        path: '/',
        maxAge: PUNCHOUT_SESSION_HOURS * 3600,
      });
      return reply.code(201).send(session);
    },
  );

  app.get(
    '/api/v1.0/punchout/session/',
    {
      schema: {
        tags: ['punchout'],
        summary: "The browser's open punch-out session (404: not in punch-out mode)",
        response: { 200: PunchoutSessionSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const session = await service.session(request.organisation, punchoutToken(request));
      if (!session) throw new NotFoundError('Ingen punch-out-session');
      return session;
    },
  );

  app.post(
    '/api/v1.0/punchout/transfer/',
    {
      config: rateLimited(rateLimits, 'checkout'),
      schema: {
        tags: ['punchout'],
        summary: 'The cart as OCI NEW_ITEM fields for HOOK_URL; ends the session',
        response: { 200: PunchoutTransferSchema, ...errors },
      },
    },
    async (request, reply) => {
      const transfer = await service.transfer(cartIdentity(request), punchoutToken(request));
      reply.header('cache-control', 'no-store');
      clearPunchoutCookies(reply);
      return transfer;
    },
  );
};
