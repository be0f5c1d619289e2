import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorSchema } from '@bygg/contracts/common';
import { EidParamsSchema } from '@bygg/contracts/trade/common';
import {
  OfferCreateBodySchema,
  OfferDeductionBodySchema,
  OfferFromOrderBodySchema,
  OfferFromQuoteBodySchema,
  OfferIdParamsSchema,
  OfferItemAddBodySchema,
  OfferItemUpdateBodySchema,
  OfferLineParamsSchema,
  OfferListQuerySchema,
  OfferPageSchema,
  OfferPatchBodySchema,
  OfferRowBodySchema,
  OfferSchema,
  OfferSendBodySchema,
  OfferSurchargeBodySchema,
  OfferWorkBodySchema,
} from '@bygg/contracts/trade/offers';
import { requires, tradeAccess } from '../store-access/guard.ts';
import { renderOfferPdf } from './pdf.ts';
import type { OfferService } from './service.ts';

const errors = {
  400: ApiErrorSchema,
  401: ApiErrorSchema,
  403: ApiErrorSchema,
  404: ApiErrorSchema,
  409: ApiErrorSchema,
};
const offersRight = requires('offers');
const tags = ['trade'];

/**
 * {eid}/offer/… (trade-area spec §7 "Offers", issue 19): the offers right, and a project the
 * user cannot see hides its offers (404). The table of calls is in contracts/trade/offers.ts.
 */
export const offerRoutes: FastifyPluginAsyncZod<{ service: OfferService }> = async (
  app,
  { service },
) => {
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', 'private, no-store');
    return payload;
  });

  app.get(
    '/offer/',
    {
      config: offersRight,
      schema: {
        tags,
        summary:
          "The company's offers in the store, latest version each (project_id, search, status)",
        params: EidParamsSchema,
        querystring: OfferListQuerySchema,
        response: { 200: OfferPageSchema, ...errors },
      },
    },
    async (request) => service.list(tradeAccess(request), request.query, request.url),
  );

  app.post(
    '/offer/',
    {
      config: offersRight,
      schema: {
        tags,
        summary: 'A new draft offer',
        params: EidParamsSchema,
        body: OfferCreateBodySchema,
        response: { 201: OfferSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await service.create(tradeAccess(request), request.body)),
  );

  app.post(
    '/offer/from_quote/',
    {
      config: offersRight,
      schema: {
        tags,
        summary: "A new draft offer with a store quote's lines as items",
        params: EidParamsSchema,
        body: OfferFromQuoteBodySchema,
        response: { 201: OfferSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await service.fromQuote(tradeAccess(request), request.body)),
  );

  app.post(
    '/offer/from_order/',
    {
      config: offersRight,
      schema: {
        tags,
        summary: "A new draft offer with an order's lines as items",
        params: EidParamsSchema,
        body: OfferFromOrderBodySchema,
        response: { 201: OfferSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await service.fromOrder(tradeAccess(request), request.body)),
  );

  app.get(
    '/offer/:id/',
    {
      config: offersRight,
      schema: {
        tags,
        summary: 'One offer with its lines and totals',
        params: OfferIdParamsSchema,
        response: { 200: OfferSchema, ...errors },
      },
    },
    async (request) => service.get(tradeAccess(request), request.params.id),
  );

  app.patch(
    '/offer/:id/',
    {
      config: offersRight,
      schema: {
        tags,
        summary:
          'Change the head (title, recipient, validity, message); project_id moves the offer to a project',
        params: OfferIdParamsSchema,
        body: OfferPatchBodySchema,
        response: { 200: OfferSchema, ...errors },
      },
    },
    async (request) => service.patch(tradeAccess(request), request.params.id, request.body),
  );

  app.delete(
    '/offer/:id/',
    {
      config: offersRight,
      schema: {
        tags,
        summary: 'Delete an offer (not an approved one)',
        params: OfferIdParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await service.remove(tradeAccess(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.put(
    '/offer/:id/surcharge/',
    {
      config: offersRight,
      schema: {
        tags,
        summary: 'Set the surcharge: none, a percentage (basis points) or an amount (öre)',
        params: OfferIdParamsSchema,
        body: OfferSurchargeBodySchema,
        response: { 200: OfferSchema, ...errors },
      },
    },
    async (request) => service.setSurcharge(tradeAccess(request), request.params.id, request.body),
  );

  app.post(
    '/offer/:id/send/',
    {
      config: offersRight,
      schema: {
        tags,
        summary: 'Send the offer to the end customer (e-mail with the approval link)',
        params: OfferIdParamsSchema,
        body: OfferSendBodySchema.optional(),
        response: { 200: OfferSchema, ...errors, 503: ApiErrorSchema },
      },
    },
    async (request) => service.send(tradeAccess(request), request.params.id, request.body ?? {}),
  );

  app.get(
    '/offer/:id/pdf/',
    {
      config: offersRight,
      schema: {
        tags,
        summary: "The offer as a PDF with the company's logo (attachment)",
        params: OfferIdParamsSchema,
        response: { 200: z.any(), ...errors },
      },
    },
    async (request, reply) => {
      const access = tradeAccess(request);
      const offer = await service.get(access, request.params.id);
      const company = await service.companyOf(access);
      const pdf = await renderOfferPdf(offer, company);
      return reply
        .header('content-type', 'application/pdf')
        .header(
          'content-disposition',
          `attachment; filename="offert-${offer.number}-v${offer.version}.pdf"`,
        )
        .send(Buffer.from(pdf));
    },
  );

  // Lines: POST offer/{id}/<kind>/ creates; PUT and DELETE offer/{id}/<kind>/{line_id}/.
  const lineRoutes = <B extends z.ZodType>(
    kind: 'item' | 'work' | 'row' | 'deduction',
    label: string,
    addBody: B,
    add: (access: ReturnType<typeof tradeAccess>, id: number, body: z.infer<B>) => Promise<unknown>,
  ) => {
    app.post(
      `/offer/:id/${kind}/`,
      {
        config: offersRight,
        schema: {
          tags,
          summary: `Add ${label} (an offer that was sent gets a new version)`,
          params: OfferIdParamsSchema,
          body: addBody,
          response: { 201: OfferSchema, ...errors },
        },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send(
            (await add(
              tradeAccess(request),
              request.params.id,
              request.body as z.infer<B>,
            )) as z.infer<typeof OfferSchema>,
          ),
    );
    app.delete(
      `/offer/:id/${kind}/:line_id/`,
      {
        config: offersRight,
        schema: {
          tags,
          summary: `Remove ${label}`,
          params: OfferLineParamsSchema,
          response: { 200: OfferSchema, ...errors },
        },
      },
      async (request) =>
        service.deleteLine(tradeAccess(request), request.params.id, kind, request.params.line_id),
    );
  };

  lineRoutes('item', 'an article', OfferItemAddBodySchema, (a, id, b) => service.addItem(a, id, b));
  lineRoutes('work', 'a work row', OfferWorkBodySchema, (a, id, b) => service.addWork(a, id, b));
  lineRoutes('row', 'a free row', OfferRowBodySchema, (a, id, b) => service.addRow(a, id, b));
  lineRoutes('deduction', 'a ROT/RUT deduction', OfferDeductionBodySchema, (a, id, b) =>
    service.addDeduction(a, id, b),
  );

  app.put(
    '/offer/:id/item/:line_id/',
    {
      config: offersRight,
      schema: {
        tags,
        summary: "Change an article's title, quantity or sale price (or markup)",
        params: OfferLineParamsSchema,
        body: OfferItemUpdateBodySchema,
        response: { 200: OfferSchema, ...errors },
      },
    },
    async (request) =>
      service.updateItem(
        tradeAccess(request),
        request.params.id,
        request.params.line_id,
        request.body,
      ),
  );
  app.put(
    '/offer/:id/work/:line_id/',
    {
      config: offersRight,
      schema: {
        tags,
        summary: 'Change a work row',
        params: OfferLineParamsSchema,
        body: OfferWorkBodySchema,
        response: { 200: OfferSchema, ...errors },
      },
    },
    async (request) =>
      service.updateWork(
        tradeAccess(request),
        request.params.id,
        request.params.line_id,
        request.body,
      ),
  );
  app.put(
    '/offer/:id/row/:line_id/',
    {
      config: offersRight,
      schema: {
        tags,
        summary: 'Change a free row',
        params: OfferLineParamsSchema,
        body: OfferRowBodySchema,
        response: { 200: OfferSchema, ...errors },
      },
    },
    async (request) =>
      service.updateRow(
        tradeAccess(request),
        request.params.id,
        request.params.line_id,
        request.body,
      ),
  );
  app.put(
    '/offer/:id/deduction/:line_id/',
    {
      config: offersRight,
      schema: {
        tags,
        summary: 'Change a ROT/RUT deduction',
        params: OfferLineParamsSchema,
        body: OfferDeductionBodySchema,
        response: { 200: OfferSchema, ...errors },
      },
    },
    async (request) =>
      service.updateDeduction(
        tradeAccess(request),
        request.params.id,
        request.params.line_id,
        request.body,
      ),
  );
};
