import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CmsMenuQuerySchema,
  CmsPagesQuerySchema,
  CmsPagesResponseSchema,
  FooterSchema,
  MainMenuSchema,
} from '@bygg/contracts/cms';
import { ApiErrorSchema } from '@bygg/contracts/common';
import { DEFAULT_CACHE_SECONDS, setPublicCache } from '../../../plugins/cache-control.ts';
import type { CmsService } from './service.ts';

/** CMS pages, the main menu and the footer (storefront spec §7, CMS). */
export const cmsRoutes: FastifyPluginAsyncZod<{ service: CmsService }> = async (
  app,
  { service },
) => {
  app.post(
    '/api/djedi_pages/nodes/',
    {
      schema: {
        tags: ['cms'],
        summary: 'CMS nodes filtered by path, namespace and type; optionally with children',
        body: CmsPagesQuerySchema,
        response: { 200: CmsPagesResponseSchema, 400: ApiErrorSchema },
      },
    },
    async (request) => ({ nodes: await service.nodes(request.organisation, request.body) }),
  );

  app.get(
    '/api/djedi_pages/menu/',
    {
      schema: {
        tags: ['cms'],
        summary: "A CMS menu (the web app adds 'Hem' and 'Sortiment')",
        querystring: CmsMenuQuerySchema,
        response: { 200: MainMenuSchema, 400: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      setPublicCache(reply, DEFAULT_CACHE_SECONDS);
      return { items: await service.menu(request.organisation, request.query.namespace) };
    },
  );

  app.get(
    '/api/djedi_pages/footer/',
    {
      schema: {
        tags: ['cms'],
        summary: 'The footer: link columns, contact text and legal line',
        response: { 200: FooterSchema, 400: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      setPublicCache(reply, DEFAULT_CACHE_SECONDS);
      return service.footer(request.organisation);
    },
  );
};
