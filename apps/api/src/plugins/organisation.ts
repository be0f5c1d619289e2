import type { FastifyInstance } from 'fastify';
import {
  DEFAULT_ORGANISATION,
  ORGANISATION_HEADER,
  OrganisationIdSchema,
  type OrganisationId,
} from '@bygg/contracts/common';
import { BadRequestError } from '../kernel/errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Which organisation the request is for, from the organisation header (default store chain). */
    organisation: OrganisationId;
  }
}

/** Reads the organisation header once per request; an unknown value is a 400 naming the header. */
export function registerOrganisation(app: FastifyInstance): void {
  app.decorateRequest('organisation', DEFAULT_ORGANISATION);
  app.addHook('onRequest', async (request) => {
    const raw = request.headers[ORGANISATION_HEADER];
    if (raw === undefined || raw === '') return;
    const parsed = OrganisationIdSchema.safeParse(Array.isArray(raw) ? raw[0] : raw);
    if (!parsed.success) {
      const message = `Okänd organisation, ange ${OrganisationIdSchema.options.join(' eller ')}`;
      throw new BadRequestError(message, [{ path: `headers.${ORGANISATION_HEADER}`, message }]);
    }
    request.organisation = parsed.data;
  });
}
