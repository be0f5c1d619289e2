import { PassThrough } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import type { RenderToPipeableStreamOptions } from 'react-dom/server';
import { renderToPipeableStream } from 'react-dom/server';
import type { AppLoadContext, EntryContext } from 'react-router';
import { ServerRouter } from 'react-router';
import { NonceProvider } from '~/lib/nonce.ts';

/**
 * React Router's default server entry (7.x, entry.server.node.tsx), with two changes:
 * `progressiveChunkSize`, and the CSP nonce (below).
 *
 * React writes a finished Suspense boundary in place only while the boundaries written before
 * it in the same flush stay under that size (12,800 bytes by default). A larger one is
 * "outlined": a hidden copy at the end of the document and a script that moves it in. The
 * header is such a boundary (it hydrates from a chunk of its own, ADR 016), and it is large
 * with the menu bar, so it came last in the HTML: without JavaScript there was no header at
 * all, and with it the header appeared only once the whole page had arrived, pushing the page
 * down. Boundaries still waiting for data are streamed as before; only finished ones are now
 * always written in place. ADR 018.
 *
 * The nonce: the host (apps/api/src/host.ts) passes this request's Content-Security-Policy
 * nonce as the load context's `cspNonce`; React's streaming scripts, React Router's data
 * scripts and the page's own inline scripts (lib/nonce.ts) carry it. ADR 023.
 */
export const streamTimeout = 5_000;

/** Finished boundaries are written where they stand, however large (see above). */
const WRITE_FINISHED_BOUNDARIES_IN_PLACE = Number.MAX_SAFE_INTEGER;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext?: AppLoadContext,
) {
  const nonce = typeof loadContext?.cspNonce === 'string' ? loadContext.cspNonce : undefined;
  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get('user-agent');

    // Crawlers and SPA mode wait for all content before the response starts.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady';

    // Abort after streamTimeout, so the rejected boundaries still have time to flush.
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        progressiveChunkSize: WRITE_FINISHED_BOUNDARIES_IN_PLACE,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              // Clear the timeout so its closure is not kept alive.
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          const stream = createReadableStreamFromReadable(body);
          responseHeaders.set('Content-Type', 'text/html');
          pipe(body);
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors while rendering the shell reject above and are logged by React Router.
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}
