import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  LOGIN_FAILED_MESSAGE,
  LoginBodySchema,
  ProffsUserSchema,
  ResetPasswordBodySchema,
  SetUserPasswordBodySchema,
} from '@bygg/contracts/auth';
import { ApiErrorSchema } from '@bygg/contracts/common';
import { COOKIE_NAMES, SESSION_MAX_AGE_S } from '@bygg/contracts/cookies';
import { encodeSession } from '@bygg/domain/session-cookie.server';
import { BadRequestError } from '../../../kernel/errors.ts';
import { rateLimited, type RateLimitSettings } from '../../../plugins/rate-limit.ts';
import { CsrfTokens, setCsrfCookie } from './csrf.ts';
import type { PasswordLinks } from './password-links.ts';
import type { AuthService } from './service.ts';

const PREFIX = '/api/proffs/user';
/** A browser stays "known" to an account for a year after its last login there. */
const KNOWN_LOGIN_MAX_AGE_S = 365 * 24 * 60 * 60;

/** The proffs session calls (trade-area spec §7 "Session"). */
export const authRoutes: FastifyPluginAsyncZod<{
  service: AuthService;
  links: PasswordLinks;
  secret: string;
  rateLimits: RateLimitSettings | false;
  /** PUBLIC_URL: an https shop marks its cookies Secure even behind an untrusted proxy. */
  publicUrl: string;
}> = async (app, { service, links, secret, rateLimits, publicUrl }) => {
  const csrf = new CsrfTokens(secret);
  app.post(
    `${PREFIX}/login/`,
    {
      config: rateLimited(rateLimits, 'login'),
      schema: {
        tags: ['session'],
        summary: 'Log a trade user in; sets the signed, HttpOnly session cookie',
        body: LoginBodySchema,
        response: { 200: ProffsUserSchema, 400: ApiErrorSchema, 428: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const { username, password } = request.body;
      const result = await service.login({
        organisationId: request.organisation,
        username,
        password,
        previousSession: request.sessionIdHash,
        knownLogin: request.cookies[COOKIE_NAMES.knownLogin],
        clientAddress: request.clientAddress,
      });
      if (!result) throw new BadRequestError(LOGIN_FAILED_MESSAGE);
      const secure = request.protocol === 'https' || publicUrl.startsWith('https:');
      reply
        .setCookie(COOKIE_NAMES.session, encodeSession(result.session, secret), {
          path: '/',
          httpOnly: true,
          // Lax keeps the cookie off cross-site POSTs, the CSRF route into the session.
          sameSite: 'lax',
          secure,
          maxAge: SESSION_MAX_AGE_S,
        })
        // Path '/': the web app's /login passes the browser's cookies on to this call.
        .setCookie(COOKIE_NAMES.knownLogin, result.knownLogin, {
          path: '/',
          httpOnly: true,
          sameSite: 'lax',
          secure,
          maxAge: KNOWN_LOGIN_MAX_AGE_S,
        })
        .header('cache-control', 'no-store');
      setCsrfCookie(reply, csrf.forSession(result.sessionHash), secure);
      request.log.info({ userId: result.user.id }, 'trade user logged in');
      return result.user;
    },
  );

  app.get(
    `${PREFIX}/me/`,
    {
      schema: {
        tags: ['session'],
        summary: 'The logged-in trade user; 204 when nobody is logged in',
        response: { 200: ProffsUserSchema, 204: z.null() },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      if (!request.sessionUser) return reply.code(204).send(null);
      return service.profile(request.sessionUser);
    },
  );

  app.delete(
    `${PREFIX}/logout/`,
    {
      schema: {
        tags: ['session'],
        summary:
          'Log out: ends the session on the server and clears its cookies (204; 403 without the CSRF header of a live session)',
        response: { 204: z.null(), 403: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      await service.logout(request.sessionIdHash);
      return reply
        .clearCookie(COOKIE_NAMES.session, { path: '/' })
        .clearCookie(COOKIE_NAMES.csrf, { path: '/' })
        .header('cache-control', 'no-store')
        .code(204)
        .send(null);
    },
  );

  app.post(
    `${PREFIX}/reset_password/`,
    {
      config: rateLimited(rateLimits, 'passwordReset'),
      schema: {
        tags: ['session'],
        summary:
          'E-mails a link to choose a new password; the same 204 whether or not the address has an account',
        body: ResetPasswordBodySchema,
        response: { 204: z.null(), 400: ApiErrorSchema, 428: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      await links.requestReset(request.organisation, request.body.email);
      return reply.header('cache-control', 'no-store').code(204).send(null);
    },
  );

  app.post(
    `${PREFIX}/set_user_password/`,
    {
      config: rateLimited(rateLimits, 'passwordReset'),
      schema: {
        tags: ['session'],
        summary:
          "Sets the password of an e-mailed link's user (single use); ends the user's sessions",
        body: SetUserPasswordBodySchema,
        response: { 204: z.null(), 400: ApiErrorSchema, 403: ApiErrorSchema, 428: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      await links.setPassword(request.body.token, request.body.password);
      return reply.header('cache-control', 'no-store').code(204).send(null);
    },
  );
};
