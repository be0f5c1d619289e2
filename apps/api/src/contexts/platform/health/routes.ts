import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HealthSchema, OrganisationIdSchema, type Health } from '@bygg/contracts/common';
import type { SeedState } from '../../../plugins/startup.ts';
import type { OrganisationsRepository } from '../organisation/repository.ts';

/**
 * GET /api/health: 200 once the database is migrated and seeded, 503 before (and when the
 * database stops answering), so a load balancer or `npm start` waiter can poll it.
 */
export const healthRoutes: FastifyPluginAsyncZod<{
  seedState: SeedState;
  organisations: OrganisationsRepository;
}> = async (app, { seedState, organisations }) => {
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Readiness: 200 when migrated and seeded, 503 before',
        response: { 200: HealthSchema, 503: HealthSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { phase } = seedState;
      if (phase !== 'ready') {
        const database = phase === 'failed' ? 'unavailable' : phase;
        return reply.code(503).send({ status: 'starting', database, organisations: [] });
      }
      let ids: string[];
      try {
        ids = await organisations.ids();
      } catch (err) {
        request.log.error({ err }, 'health check query failed');
        return reply
          .code(503)
          .send({ status: 'starting', database: 'unavailable', organisations: [] });
      }
      const body: Health = {
        status: 'ok',
        database: 'ready',
        organisations: ids.filter(
          (id) => OrganisationIdSchema.safeParse(id).success,
        ) as Health['organisations'],
      };
      return body;
    },
  );
};
