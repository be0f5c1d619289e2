import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorSchema } from '@bygg/contracts/common';
import { EidParamsSchema } from '@bygg/contracts/trade/common';
import {
  AcceptTermsReplySchema,
  EndCustomerAttachmentQuerySchema,
  EndCustomerCreateSchema,
  EndCustomerDetailSchema,
  EndCustomerFileListSchema,
  EndCustomerListQuerySchema,
  EndCustomerPageSchema,
  EndCustomerParamsSchema,
  EndCustomerPatchSchema,
  EndCustomerProjectFileParamsSchema,
  EndCustomerProjectParamsSchema,
  EndCustomerProjectViewSchema,
  ProjectInviteReplySchema,
  ProjectInviteRevokeReplySchema,
} from '@bygg/contracts/trade/end-customers';
import { ProjectParamsSchema } from '@bygg/contracts/trade/projects';
import { requires, tradeAccess } from '../store-access/guard.ts';
import { endCustomerOf } from './project-token.ts';
import type { EndCustomerService } from './service.ts';

const errors = {
  400: ApiErrorSchema,
  401: ApiErrorSchema,
  403: ApiErrorSchema,
  404: ApiErrorSchema,
};

/**
 * The register (issue 19, trade-area spec §7 "End customers"): {eid}/end-customer/ list and
 * create, {eid}/end-customer/{id}/ GET and PATCH, for users with the projects or offers
 * work (the projects right); another company's customer is 404. And the invitation of a
 * project's end customer: POST {eid}/project/{id}/invite/ (mails the link), DELETE revokes.
 */
export const endCustomerRoutes: FastifyPluginAsyncZod<{ service: EndCustomerService }> = async (
  app,
  { service },
) => {
  const right = requires('projects');

  app.get(
    '/end-customer/',
    {
      config: right,
      schema: {
        tags: ['trade'],
        summary: "The company's customers by name, with search (name, e-mail, phone, address)",
        params: EidParamsSchema,
        querystring: EndCustomerListQuerySchema,
        response: { 200: EndCustomerPageSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return service.list(tradeAccess(request), request.query, request.url);
    },
  );

  app.post(
    '/end-customer/',
    {
      config: right,
      schema: {
        tags: ['trade'],
        summary: 'Add a customer (a private person or a company)',
        params: EidParamsSchema,
        body: EndCustomerCreateSchema,
        response: { 201: EndCustomerDetailSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await service.create(tradeAccess(request), request.body)),
  );

  app.get(
    '/end-customer/:id/',
    {
      config: right,
      schema: {
        tags: ['trade'],
        summary: 'A customer with their projects (personal identity number masked)',
        params: EndCustomerParamsSchema,
        response: { 200: EndCustomerDetailSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return service.get(tradeAccess(request), request.params.id);
    },
  );

  app.patch(
    '/end-customer/:id/',
    {
      config: right,
      schema: {
        tags: ['trade'],
        summary: "Change some of a customer's fields",
        params: EndCustomerParamsSchema,
        body: EndCustomerPatchSchema,
        response: { 200: EndCustomerDetailSchema, ...errors },
      },
    },
    async (request) => service.patch(tradeAccess(request), request.params.id, request.body),
  );

  app.post(
    '/project/:id/invite/',
    {
      config: right,
      schema: {
        tags: ['trade'],
        summary: "E-mail the project's end customer a link to the project (earlier links stop)",
        params: ProjectParamsSchema,
        response: { 201: ProjectInviteReplySchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await service.invite(tradeAccess(request), request.params.id)),
  );

  app.delete(
    '/project/:id/invite/',
    {
      config: right,
      schema: {
        tags: ['trade'],
        summary: "Revoke the project's links: the end customer no longer sees it",
        params: ProjectParamsSchema,
        response: { 200: ProjectInviteRevokeReplySchema, ...errors },
      },
    },
    async (request) => service.revoke(tradeAccess(request), request.params.id),
  );
};

/**
 * The end customer's view (trade-area spec §7 "End-customer project"), under
 * api/proffs/end-customer/ behind the project token: the project, its images and documents
 * (files only with the token), and the acceptance of the terms. Another project: 404.
 */
export const endCustomerProjectRoutes: FastifyPluginAsyncZod<{
  service: EndCustomerService;
}> = async (app, { service }) => {
  app.get(
    '/project/:id/',
    {
      schema: {
        tags: ['end-customer'],
        summary: "The project: name, address, the end customer and the trade customer's logo",
        params: EndCustomerProjectParamsSchema,
        response: { 200: EndCustomerProjectViewSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return service.projectView(endCustomerOf(request), request.params.id);
    },
  );

  app.get(
    '/project/:id/images/',
    {
      schema: {
        tags: ['end-customer'],
        summary: "The project's images, newest first",
        params: EndCustomerProjectParamsSchema,
        response: { 200: EndCustomerFileListSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return service.files(endCustomerOf(request), request.params.id, 'image');
    },
  );

  app.get(
    '/project/:id/attachments/',
    {
      schema: {
        tags: ['end-customer'],
        summary: "The project's documents, newest first (search: in the file names)",
        params: EndCustomerProjectParamsSchema,
        querystring: EndCustomerAttachmentQuerySchema,
        response: { 200: EndCustomerFileListSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return service.files(
        endCustomerOf(request),
        request.params.id,
        'document',
        request.query.search,
      );
    },
  );

  app.get(
    '/project/:id/file/:file_id/',
    {
      schema: {
        tags: ['end-customer'],
        summary: 'A file of the project (images inline, documents as a download)',
        params: EndCustomerProjectFileParamsSchema,
        response: { 200: z.any(), ...errors },
      },
    },
    async (request, reply) =>
      service.sendFile(
        endCustomerOf(request),
        reply,
        request.params.id,
        request.params.file_id,
        false,
      ),
  );

  app.get(
    '/project/:id/file/:file_id/thumbnail/',
    {
      schema: {
        tags: ['end-customer'],
        summary: "An image's thumbnail (WebP)",
        params: EndCustomerProjectFileParamsSchema,
        response: { 200: z.any(), ...errors },
      },
    },
    async (request, reply) =>
      service.sendFile(
        endCustomerOf(request),
        reply,
        request.params.id,
        request.params.file_id,
        true,
      ),
  );

  app.put(
    '/project/:id/accept_terms/',
    {
      schema: {
        tags: ['end-customer'],
        summary: "Accept the project's terms (the first acceptance's time is kept)",
        params: EndCustomerProjectParamsSchema,
        response: { 200: AcceptTermsReplySchema, ...errors },
      },
    },
    async (request) => service.acceptTerms(endCustomerOf(request), request.params.id),
  );
};
