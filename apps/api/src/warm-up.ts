import type { FastifyInstance } from 'fastify';

/** Concurrent requests per round: enough to check out every pooled connection. */
const DEFAULT_CONCURRENCY = 10;
const ROUNDS = 3;

export type WarmUpReport = { ms: number; requests: number; failed: number };

/**
 * Sends a few real catalogue requests through the app as it starts taking traffic (server.ts,
 * right after the start gate opens; the latency benchmark does the same after building its app).
 * Without it the first visitors pay for what is built lazily: each pooled PostgreSQL
 * connection's first statements (a new backend loads its catalogue caches and plans cold,
 * 20–300 ms), the search vocabulary, the route serialisers and V8's first compilation of the
 * request paths. The requests go out in rounds of `concurrency` at a time so that the pool
 * opens all its connections now and each runs the search and article statements once.
 * Failures (any reply of 400 or more) are counted, not thrown: a warm-up never stops a start.
 */
export async function warmUp(
  app: FastifyInstance,
  concurrency = DEFAULT_CONCURRENCY,
): Promise<WarmUpReport> {
  const started = performance.now();
  let requests = 0;
  let failed = 0;
  const urls = await warmUpUrls(app).catch(() => []);
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
        if (!res || res.statusCode >= 400) failed++;
      }),
    );
  }
  return { ms: performance.now() - started, requests, failed };
}

/**
 * Grouped searches for the first word of some product titles, and those products' articles,
 * taken from the products listing itself: only products this organisation shows and sells,
 * so every warm-up request runs the same statements a visitor's would (not a 404).
 */
async function warmUpUrls(app: FastifyInstance): Promise<string[]> {
  const res = await app.inject({ url: '/api/v2.0/products/?page_size=10' });
  if (res.statusCode !== 200) return [];
  const page = res.json<{ results: { title: string; article_id: number }[] }>();
  const urls: string[] = [];
  for (const product of page.results) {
    const word = product.title.split(/\s+/)[0] ?? '';
    if (word) urls.push(`/api/v2.0/search/?q=${encodeURIComponent(word)}&count=3`);
    urls.push(`/api/v2.0/articles/${product.article_id}/`);
  }
  return urls;
}
