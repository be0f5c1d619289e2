import type { FastifyInstance } from 'fastify';
import { type DatabaseHandle, queryRows } from '@bygg/db/client';
import { sql } from '@bygg/db/orm';

/** Concurrent requests per round: enough to check out every pooled connection. */
const DEFAULT_CONCURRENCY = 10;
const ROUNDS = 3;

export type WarmUpReport = { ms: number; requests: number; failed: number };

/**
 * Sends a few real catalogue requests through the app before it takes traffic (server.ts,
 * before the start gate opens; the latency benchmark does the same after building its app).
 * Without it the first visitors pay for what is built lazily: each pooled PostgreSQL
 * connection's first statements (a new backend loads its catalogue caches and plans cold,
 * 20–300 ms), the search vocabulary, the route serialisers and V8's first compilation of the
 * request paths. The requests go out in rounds of `concurrency` at a time so that the pool
 * opens all its connections now and each runs the search and article statements once.
 * Failures are counted, not thrown: a warm-up never stops a start.
 */
export async function warmUp(
  app: FastifyInstance,
  database: DatabaseHandle,
  concurrency = DEFAULT_CONCURRENCY,
): Promise<WarmUpReport> {
  const started = performance.now();
  let requests = 0;
  let failed = 0;
  const urls = await warmUpUrls(database).catch(() => []);
  if (urls.length === 0) return { ms: performance.now() - started, requests, failed };
  for (let round = 0; round < ROUNDS; round++) {
    const batch = Array.from(
      { length: concurrency },
      (_, i) => urls[(round * concurrency + i) % urls.length] as string,
    );
    await Promise.all(
      batch.map(async (url) => {
        requests++;
        const res = await app.inject({ url }).catch(() => null);
        if (!res || res.statusCode >= 500) failed++;
      }),
    );
  }
  return { ms: performance.now() - started, requests, failed };
}

/**
 * Grouped searches for the first word of some product titles, and those products' articles:
 * URLs that exist in any catalogue, taken from the highest article ids so that the replies
 * they leave in the micro-cache are rarely the ones visitors ask for first.
 */
async function warmUpUrls(database: DatabaseHandle): Promise<string[]> {
  const rows = await queryRows<{ title: string; article_id: number }>(
    database.db,
    sql`select p.title, a.id as article_id from products p
      join articles a on a.product_id = p.id
      order by a.id desc limit 10`,
  );
  const urls: string[] = [];
  for (const row of rows) {
    const word = row.title.split(/\s+/)[0] ?? '';
    if (word) urls.push(`/api/v2.0/search/?q=${encodeURIComponent(word)}&count=3`);
    urls.push(`/api/v2.0/articles/${row.article_id}/`);
  }
  return urls;
}
