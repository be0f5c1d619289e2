import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorSchema } from '@bygg/contracts/common';
import { OrganisationSchema } from '@bygg/contracts/organisations';
import { DEFAULT_CACHE_SECONDS, setPublicCache } from '../../../plugins/cache-control.ts';
import type { OrganisationService } from './service.ts';

export const organisationRoutes: FastifyPluginAsyncZod<{ service: OrganisationService }> = async (
  app,
  { service },
) => {
  app.get(
    '/api/v2.0/organisation/',
    {
      schema: {
        tags: ['organisation'],
        summary: 'The organisation named by the x-organisation header, with its feature flags',
        response: { 200: OrganisationSchema, 400: ApiErrorSchema, 404: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      setPublicCache(reply, DEFAULT_CACHE_SECONDS);
      return service.get(request.organisation);
    },
  );
};
