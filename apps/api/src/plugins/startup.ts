import type { FastifyInstance } from 'fastify';
import { errorBody } from '../kernel/errors.ts';

export type StartupPhase = 'migrating' | 'seeding' | 'ready' | 'failed';

/**
 * Where the server is in its start sequence. server.ts listens first and moves the phase
 * forward as it migrates and seeds, so /api/health can answer 503 while the rest waits.
 */
export type SeedState = { phase: StartupPhase };

export const STARTING_MESSAGE = 'Butiken startar, försök igen om en stund';

/** Paths that answer while the database is not ready yet. */
const ALWAYS_OPEN = ['/api/health'];

const STARTING_PAGE = `<!doctype html>
<html lang="sv"><head><meta charset="utf-8"><meta http-equiv="refresh" content="5">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Butiken startar</title></head>
<body style="font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem">
<h1>${STARTING_MESSAGE}</h1><p>Sidan laddas om automatiskt.</p></body></html>`;

function isApiLike(url: string): boolean {
  return url.startsWith('/api/') || url.startsWith('/djedi/') || url.startsWith('/media/');
}

/** Answers 503 to everything but the health check until the phase is 'ready'. */
export function registerStartupGate(app: FastifyInstance, state: SeedState): void {
  app.addHook('onRequest', async (request, reply) => {
    if (state.phase === 'ready') return;
    const path = request.url.split('?')[0] ?? '';
    if (ALWAYS_OPEN.some((open) => path === open || path === `${open}/`)) return;
    reply.code(503).header('retry-after', '5').header('cache-control', 'no-store');
    if (isApiLike(path)) {
      return reply.send(errorBody(503, 'Service Unavailable', STARTING_MESSAGE));
    }
    return reply.type('text/html; charset=utf-8').send(STARTING_PAGE);
  });
}
