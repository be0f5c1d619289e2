import type { FastifyReply, FastifyRequest } from 'fastify';
import { ORGANISATION_HEADER } from '@bygg/contracts/common';
import { DEFAULT_CACHE_SECONDS } from '../../../plugins/cache-control.ts';

/**
 * How long a shared cache may serve a catalogue reply after it went stale while it fetches a
 * fresh one. Used for listings, product pages and the category tree, where a price or count a
 * few minutes old is harmless; never for prices, offers and stock, which the cart and the
 * stock badge show as they are (spec §3, §4).
 */
export const CATALOGUE_STALE_SECONDS = 5 * DEFAULT_CACHE_SECONDS;

export type CachePolicy = 'catalogue' | 'live';

/**
 * Cache headers of a catalogue reply. Replies to a request with a valid session are private
 * and never stored (a trade customer's net prices depend on the session); anonymous replies
 * are public and differ only per organisation header, which shared caches must key on.
 */
export function setCatalogueCache(
  request: FastifyRequest,
  reply: FastifyReply,
  policy: CachePolicy,
): void {
  if (request.sessionUser) {
    reply.header('cache-control', 'private, no-store');
    return;
  }
  reply.header(
    'cache-control',
    policy === 'catalogue'
      ? `public, max-age=${DEFAULT_CACHE_SECONDS}, stale-while-revalidate=${CATALOGUE_STALE_SECONDS}`
      : `public, max-age=${DEFAULT_CACHE_SECONDS}`,
  );
  reply.header('vary', ORGANISATION_HEADER);
}
