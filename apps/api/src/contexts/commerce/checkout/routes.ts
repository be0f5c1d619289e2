import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CheckoutBodySchema,
  CheckoutConflictSchema,
  IDEMPOTENCY_HEADER,
  IdempotencyKeySchema,
} from '@bygg/contracts/cart';
import { ApiErrorSchema } from '@bygg/contracts/common';
import {
  OrderParamsSchema,
  OrderSchema,
  PaymentWebhookHeadersSchema,
  PaymentWebhookParamsSchema,
  PaymentWebhookReplySchema,
} from '@bygg/contracts/orders';
import { z } from 'zod';
import { BadRequestError, ForbiddenError } from '../../../kernel/errors.ts';
import { WebhookSignatureError } from '../payments/provider.ts';
import { rateLimited, type RateLimitSettings } from '../../../plugins/rate-limit.ts';
import { cartIdentity } from '../cart/identity.ts';
import type { CheckoutService } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The order service (tests wait for confirmation e-mails with checkout.settle()). */
    checkout: CheckoutService;
  }
}

/**
 * POST /api/v1.0/cart/current/checkout/ places the order of the current cart (201 with the
 * order, 409 with the stock-failure reasons) and GET /api/v1.0/orders/{id}/ reads a receipt.
 * The Idempotency-Key header is required: a retry with the same key returns the same order.
 */
export const checkoutRoutes: FastifyPluginAsyncZod<{
  service: CheckoutService;
  rateLimits: RateLimitSettings | false;
  /** PUBLIC_URL: the receipt links of e-mails, never built from Host or X-Forwarded-Host. */
  publicUrl: string;
  /** Punch-out mode (issue 22): the cart goes back to the purchasing system, never here. */
  checkoutClosed?: (request: FastifyRequest) => Promise<string | null>;
}> = async (app, { service, rateLimits, publicUrl, checkoutClosed }) => {
  app.post(
    '/api/v1.0/cart/current/checkout/',
    {
      config: rateLimited(rateLimits, 'checkout'),
      schema: {
        tags: ['checkout'],
        summary: 'Place the order (Idempotency-Key header): 201 order, 409 stock failures',
        headers: z.object({ [IDEMPOTENCY_HEADER]: IdempotencyKeySchema }),
        body: CheckoutBodySchema,
        response: {
          201: OrderSchema,
          400: ApiErrorSchema,
          403: ApiErrorSchema,
          404: ApiErrorSchema,
          409: CheckoutConflictSchema,
          422: ApiErrorSchema,
          428: ApiErrorSchema,
          503: ApiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const closed = checkoutClosed ? await checkoutClosed(request) : null;
      if (closed) throw new ForbiddenError(closed);
      const identity = cartIdentity(request);
      // A cart that cannot be ordered as it is throws CheckoutConflictError: 409 with failures.
      const { order, replayed } = await service.checkout(
        identity,
        request.body,
        request.headers[IDEMPOTENCY_HEADER],
        publicUrl,
      );
      // The cart row is gone but the cookie stays: it scopes the idempotency key, so a
      // retry whose first reply was lost still finds its order. The next add makes a new cart.
      if (replayed) reply.header('Idempotent-Replayed', 'true');
      return reply.code(201).send(order);
    },
  );

  app.get(
    '/api/v1.0/orders/:id/',
    {
      schema: {
        tags: ['checkout'],
        summary: 'An order receipt by its unguessable id (/kvitto/visa/{id})',
        params: OrderParamsSchema,
        response: { 200: OrderSchema, 400: ApiErrorSchema, 404: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'private, no-store');
      return service.receipt(request.organisation, request.params.id, publicUrl);
    },
  );

  await app.register(paymentWebhookRoutes, { service, publicUrl });
};

/**
 * POST /api/v1.0/payments/stripe/webhook/ (issue 5). In a plugin of its own, because the
 * signature covers the exact bytes sent: here JSON bodies stay raw Buffers, for every other
 * route they are parsed as usual.
 */
const paymentWebhookRoutes: FastifyPluginAsyncZod<{
  service: CheckoutService;
  publicUrl: string;
}> = async (app, { service, publicUrl }) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );
  app.post(
    '/api/v1.0/payments/:provider/webhook/',
    {
      schema: {
        tags: ['checkout'],
        summary: 'Card provider webhook (signed): 200 handled or ignored, 400 bad signature',
        params: PaymentWebhookParamsSchema,
        headers: PaymentWebhookHeadersSchema,
        response: { 200: PaymentWebhookReplySchema, 400: ApiErrorSchema, 404: ApiErrorSchema },
      },
    },
    async (request) => {
      const body = request.body;
      if (!Buffer.isBuffer(body)) {
        const message = 'Händelsen ska skickas som JSON';
        throw new BadRequestError(message, [{ path: 'body', message }]);
      }
      try {
        return await service.cards.webhook(
          request.params.provider,
          body,
          request.headers['stripe-signature'],
          publicUrl,
        );
      } catch (error) {
        if (error instanceof WebhookSignatureError) {
          const message = 'Ogiltig signatur';
          throw new BadRequestError(message, [{ path: 'headers.stripe-signature', message }]);
        }
        throw error;
      }
    },
  );
};
