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
    /** Which organisation the request is for: the organisation header, else the deployment's. */
    organisation: OrganisationId;
  }
}

/**
 * Reads the organisation header once per request; an unknown value is a 400 naming the header.
 * Without the header the request is for the deployment's organisation (ORGANISATION; issue 22:
 * it was always the store chain).
 */
export function registerOrganisation(
  app: FastifyInstance,
  deploymentOrganisation: OrganisationId = DEFAULT_ORGANISATION,
): void {
  app.decorateRequest('organisation', DEFAULT_ORGANISATION);
  app.addHook('onRequest', async (request) => {
    const raw = request.headers[ORGANISATION_HEADER];
    if (raw === undefined || raw === '') {
      request.organisation = deploymentOrganisation;
      return;
    }
    const parsed = OrganisationIdSchema.safeParse(Array.isArray(raw) ? raw[0] : raw);
    if (!parsed.success) {
      const message = `Okänd organisation, ange ${OrganisationIdSchema.options.join(' eller ')}`;
      throw new BadRequestError(message, [{ path: `headers.${ORGANISATION_HEADER}`, message }]);
    }
    request.organisation = parsed.data;
  });
}
