import { Readable } from 'node:stream';
import type {
  ReadableStream as NodeReadableStream,
  ReadableStreamReadResult,
} from 'node:stream/web';

const WAIT = Symbol('wait');

/** Resolves after the I/O phase that follows: chunks queued before then arrived in one go. */
function nextMacrotask(): Promise<typeof WAIT> {
  return new Promise((resolve) => setImmediate(resolve, WAIT));
}

/**
 * A web stream as a Node stream that joins the chunks available together into one buffer.
 * React's renderer writes a page's shell as dozens of small chunks in one synchronous flush;
 * sent as they come, each is a write to the socket (a system call) or, with compression, a
 * separately flushed deflate or brotli block. Chunks that arrive before the next turn of the
 * event loop leave as one; a chunk written later (a Suspense boundary that waited for data)
 * still goes out as soon as it comes, so streaming is kept.
 */
export function coalescedReadable(body: ReadableStream<Uint8Array>): Readable {
  const reader = (body as unknown as NodeReadableStream<Uint8Array>).getReader();
  let pending: Promise<ReadableStreamReadResult<Uint8Array>> | null = null;
  let ended = false;
  return new Readable({
    async read() {
      if (ended) return;
      const chunks: Uint8Array[] = [];
      try {
        for (;;) {
          if (!pending) {
            pending = reader.read() as Promise<ReadableStreamReadResult<Uint8Array>>;
            // A read left waiting when the stream is destroyed must not reject unobserved.
            pending.catch(() => undefined);
          }
          // Wait as long as it takes for the first chunk; after it, only for what is queued.
          const next =
            chunks.length === 0 ? await pending : await Promise.race([pending, nextMacrotask()]);
          if (next === WAIT) break;
          pending = null;
          if (next.done) {
            ended = true;
            if (chunks.length > 0) this.push(Buffer.concat(chunks));
            this.push(null);
            return;
          }
          chunks.push(next.value);
        }
        this.push(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks));
      } catch (error) {
        this.destroy(error as Error);
      }
    },
    destroy(error, callback) {
      // The visitor left (or the reply failed): stop the renderer's stream as fromWeb does.
      reader.cancel(error ?? undefined).then(
        () => callback(error),
        () => callback(error),
      );
    },
  });
}
