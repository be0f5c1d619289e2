import { ORGANISATION_HEADER } from '@bygg/contracts/common';
import type { FastifyReply } from 'fastify';

/**
 * The base lifetime of cacheable API replies. The spec caches the store lookup at "10 times the
 * default lifetime" without naming the base; one minute keeps edits visible quickly.
 */
export const DEFAULT_CACHE_SECONDS = 60;

/** Long-lived, content-addressed files (rendered product images, hashed web assets). */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** Replies differ per organisation, so shared caches must key on the organisation header. */
export function setPublicCache(reply: FastifyReply, seconds: number): void {
  reply.header('cache-control', `public, max-age=${seconds}`);
  reply.header('vary', ORGANISATION_HEADER);
}
