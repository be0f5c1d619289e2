import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AddCartItemBodySchema,
  AddGiftCardBodySchema,
  ApplyVoucherBodySchema,
  CartItemParamsSchema,
  CartSchema,
  CartValidationSchema,
  RemoveGiftCardBodySchema,
  UpdateCartItemBodySchema,
  UpdateShippingBodySchema,
  ValidateCartBodySchema,
} from '@bygg/contracts/cart';
import { ApiErrorSchema } from '@bygg/contracts/common';
import { NotFoundError } from '../../../kernel/errors.ts';
import { rateLimited, type RateLimitSettings } from '../../../plugins/rate-limit.ts';
import type { GiftCardService } from '../giftcards/service.ts';
import { cartIdentity, setCartCookie, setStoreCookie, type CartIdentity } from './identity.ts';
import type { CartResult, CartService } from './service.ts';

/** 400 bodies may carry the stock-failure reason (INVALID_CHECKSUM for a gift card number). */
const BadRequestSchema = ApiErrorSchema.extend({ reason: z.string().optional() });
const errors = { 400: BadRequestSchema, 404: ApiErrorSchema, 428: ApiErrorSchema };

function send(request: FastifyRequest, reply: FastifyReply, result: CartResult, status = 200) {
  setCartCookie(request, reply, result.token);
  return reply.code(status).send(result.cart);
}

/**
 * The cart under /api/v1.0/cart/current/ (storefront spec §7 "Cart (v1.0)") and
 * /api/v2.0/cart/validate/. Every change answers with the whole cart; see contracts/cart.ts.
 */
export const cartRoutes: FastifyPluginAsyncZod<{
  service: CartService;
  giftCards: GiftCardService;
  rateLimits: RateLimitSettings | false;
}> = async (app, { service, giftCards, rateLimits }) => {
  const addGiftCard = async (identity: CartIdentity, body: { number: string; pin: string }) => {
    const card = await giftCards.verify(
      identity.organisation,
      body.number,
      body.pin,
      'body.number',
    );
    return service.addGiftCard(identity, card);
  };
  const cartLimit = rateLimited(rateLimits, 'cart');
  const giftcardLimit = rateLimited(rateLimits, 'giftcard');

  app.get(
    '/api/v1.0/cart/current/',
    {
      schema: {
        tags: ['cart'],
        summary: 'The current cart (404 when there is none)',
        response: { 200: CartSchema, ...errors },
      },
    },
    async (request, reply) => {
      const result = await service.current(cartIdentity(request));
      if (!result) throw new NotFoundError('Det finns ingen varukorg');
      return send(request, reply, result);
    },
  );

  app.post(
    '/api/v1.0/cart/current/item/',
    {
      config: cartLimit,
      schema: {
        tags: ['cart'],
        summary: 'Add an article (creates the cart and its cookie when needed)',
        body: AddCartItemBodySchema,
        response: { 200: CartSchema, ...errors },
      },
    },
    async (request, reply) =>
      send(request, reply, await service.addItem(cartIdentity(request), request.body)),
  );

  app.patch(
    '/api/v1.0/cart/current/item/:id/',
    {
      config: cartLimit,
      schema: {
        tags: ['cart'],
        summary: 'Set a line quantity (0 removes the line)',
        params: CartItemParamsSchema,
        body: UpdateCartItemBodySchema,
        response: { 200: CartSchema, ...errors },
      },
    },
    async (request, reply) =>
      send(
        request,
        reply,
        await service.updateItem(cartIdentity(request), request.params.id, request.body.quantity),
      ),
  );

  app.delete(
    '/api/v1.0/cart/current/item/:id/',
    {
      config: cartLimit,
      schema: {
        tags: ['cart'],
        summary: 'Remove a line',
        params: CartItemParamsSchema,
        response: { 200: CartSchema, ...errors },
      },
    },
    async (request, reply) =>
      send(request, reply, await service.removeItem(cartIdentity(request), request.params.id)),
  );

  app.patch(
    '/api/v1.0/cart/current/shipping/',
    {
      config: cartLimit,
      schema: {
        tags: ['cart'],
        summary: 'Shipping type and pickup store: 200 changed, 202 nothing to change',
        body: UpdateShippingBodySchema,
        response: { 200: CartSchema, 202: CartSchema, ...errors },
      },
    },
    async (request, reply) => {
      const result = await service.updateShipping(cartIdentity(request), request.body);
      if (request.body.store_id !== undefined) setStoreCookie(request, reply, result.storeId);
      return send(request, reply, result, result.changed ? 200 : 202);
    },
  );

  app.post(
    '/api/v1.0/cart/current/giftcard/',
    {
      config: giftcardLimit,
      schema: {
        tags: ['cart'],
        summary: 'Apply a gift card (number and PIN)',
        body: AddGiftCardBodySchema,
        response: { 200: CartSchema, ...errors },
      },
    },
    // A wrong check digit is a GiftCardChecksumError: 400 with its reason (errors.ts).
    async (request, reply) =>
      send(request, reply, await addGiftCard(cartIdentity(request), request.body)),
  );

  app.delete(
    '/api/v1.0/cart/current/giftcard/',
    {
      config: cartLimit,
      schema: {
        tags: ['cart'],
        summary: 'Remove an applied gift card (by its last four digits)',
        body: RemoveGiftCardBodySchema,
        response: { 200: CartSchema, ...errors },
      },
    },
    async (request, reply) =>
      send(request, reply, await service.removeGiftCard(cartIdentity(request), request.body.last4)),
  );

  app.post(
    '/api/v1.0/cart/current/voucher/',
    {
      // Limited like gift cards: codes must not be found by trying.
      config: giftcardLimit,
      schema: {
        tags: ['cart'],
        summary: 'Apply a discount code (400 naming body.code when it does not apply)',
        body: ApplyVoucherBodySchema,
        response: { 200: CartSchema, ...errors },
      },
    },
    async (request, reply) =>
      send(request, reply, await service.applyVoucher(cartIdentity(request), request.body.code)),
  );

  app.delete(
    '/api/v1.0/cart/current/voucher/',
    {
      config: cartLimit,
      schema: {
        tags: ['cart'],
        summary: 'Remove the discount code (404 when none is applied)',
        response: { 200: CartSchema, ...errors },
      },
    },
    async (request, reply) =>
      send(request, reply, await service.removeVoucher(cartIdentity(request))),
  );

  app.post(
    '/api/v2.0/cart/validate/',
    {
      config: cartLimit,
      schema: {
        tags: ['cart'],
        summary: 'What would stop the order now (stock-failure reasons with Swedish messages)',
        // An empty POST is fine: the body only carries the optional checksum.
        body: ValidateCartBodySchema.nullish(),
        response: { 200: CartValidationSchema, ...errors },
      },
    },
    async (request) => service.validate(cartIdentity(request), request.body?.checksum),
  );
};
