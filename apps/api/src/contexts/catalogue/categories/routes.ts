import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CampaignListSchema,
  CampaignSchema,
  CategoryTreeSchema,
  PingSchema,
  SlugParamsSchema,
  SupplierSchema,
} from '@bygg/contracts/catalog';
import { ApiErrorSchema } from '@bygg/contracts/common';
import { setCatalogueCache } from '../shared/cache-headers.ts';
import type { CatalogService } from './service.ts';

export const catalogRoutes: FastifyPluginAsyncZod<{ service: CatalogService }> = async (
  app,
  { service },
) => {
  app.get(
    '/api/v2.0/category_tree/',
    {
      config: { responseCache: true },
      schema: {
        tags: ['catalog'],
        summary: 'The three-level category tree with product counts per node',
        response: { 200: CategoryTreeSchema, 400: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      setCatalogueCache(request, reply, 'catalogue');
      return service.categoryTree(request.organisation);
    },
  );

  app.get(
    '/api/v2.0/campaigns/',
    {
      schema: {
        tags: ['catalog'],
        summary: 'The campaigns running now (their products: products/?campaign={slug})',
        response: { 200: CampaignListSchema, 400: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      setCatalogueCache(request, reply, 'catalogue');
      return service.campaigns(request.organisation);
    },
  );

  app.get(
    '/api/v2.0/campaigns/:slug/',
    {
      schema: {
        tags: ['catalog'],
        summary: 'One campaign by slug, running or not',
        params: SlugParamsSchema,
        response: { 200: CampaignSchema, 400: ApiErrorSchema, 404: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const campaign = await service.campaign(request.organisation, request.params.slug);
      setCatalogueCache(request, reply, 'catalogue');
      return campaign;
    },
  );

  app.get(
    '/api/v2.0/suppliers/:slug/',
    {
      schema: {
        tags: ['catalog'],
        summary: 'A supplier by slug (its products: products/?supplier_ids={id})',
        params: SlugParamsSchema,
        response: { 200: SupplierSchema, 400: ApiErrorSchema, 404: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const supplier = await service.supplier(request.organisation, request.params.slug);
      setCatalogueCache(request, reply, 'catalogue');
      return supplier;
    },
  );

  // The benchmark's baseline (npm run bench): a JSON reply that reads nothing, so the listing's
  // throughput and latency can be compared with the same process's floor.
  app.get(
    '/api/v2.0/ping/',
    {
      schema: {
        tags: ['catalog'],
        summary: 'A JSON reply that reads no database (benchmark baseline, liveness)',
        response: { 200: PingSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { ok: true as const };
    },
  );
};
