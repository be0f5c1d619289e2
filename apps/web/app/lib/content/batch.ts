import { ContentFetchError, FETCH_ERROR, missingResult } from './errors.ts';

/** Spec §7/§9: node fetches are batched within a 10 ms interval. */
export const BATCH_INTERVAL_MS = 10;

export type NodeRequest = { uri: string; defaultValue: string | null };

type Waiter = { resolve: (value: string | null) => void; reject: (error: unknown) => void };

type BatcherOptions = {
  /** POST {base}/nodes/ (default the same-origin /djedi/nodes/). */
  endpoint?: string;
  fetch?: typeof fetch;
  intervalMs?: number;
  /** Extra headers (the server side adds the organisation and the visitor's cookie). */
  headers?: Record<string, string>;
};

/**
 * Collects node requests for `intervalMs` and asks for all of them in one POST {base}/nodes/
 * (uri → default in, uri → value out). Each caller gets its own node's value, or an error:
 * the status and text for a reply outside 200–399, 'fetch error' (status -1) when the request
 * itself failed, 'Missing result for node' when the reply lacks the uri.
 */
export function createNodeBatcher(options: BatcherOptions = {}) {
  const endpoint = options.endpoint ?? '/djedi/nodes/';
  const intervalMs = options.intervalMs ?? BATCH_INTERVAL_MS;
  let pending = new Map<string, { defaultValue: string | null; waiters: Waiter[] }>();
  let timer: ReturnType<typeof setTimeout> | null = null;

  async function flush(): Promise<void> {
    const batch = pending;
    pending = new Map();
    timer = null;
    const body = Object.fromEntries([...batch].map(([uri, entry]) => [uri, entry.defaultValue]));
    const settle = (each: (uri: string, waiter: Waiter) => void) => {
      for (const [uri, entry] of batch) for (const waiter of entry.waiters) each(uri, waiter);
    };
    let response: Response;
    try {
      response = await (options.fetch ?? fetch)(endpoint, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          ...options.headers,
        },
        body: JSON.stringify(body),
        credentials: 'include',
      });
    } catch {
      const error = new ContentFetchError(FETCH_ERROR, -1);
      settle((_uri, waiter) => waiter.reject(error));
      return;
    }
    if (response.status < 200 || response.status > 399) {
      const text = await response.text().catch(() => '');
      const error = new ContentFetchError(text || response.statusText, response.status);
      settle((_uri, waiter) => waiter.reject(error));
      return;
    }
    let reply: unknown;
    try {
      reply = await response.json();
    } catch {
      reply = null;
    }
    // Spec §7: a non-object response is an error.
    if (typeof reply !== 'object' || reply === null || Array.isArray(reply)) {
      const error = new ContentFetchError('Invalid content response', response.status);
      settle((_uri, waiter) => waiter.reject(error));
      return;
    }
    const values = reply as Record<string, unknown>;
    settle((uri, waiter) => {
      const value = values[uri];
      if (value === undefined) waiter.reject(missingResult(uri));
      else waiter.resolve(typeof value === 'string' ? value : null);
    });
  }

  return {
    /** The node's value (its default when nothing is stored), from the next batch. */
    get(uri: string, defaultValue: string | null = null): Promise<string | null> {
      return new Promise((resolve, reject) => {
        const entry = pending.get(uri);
        if (entry) entry.waiters.push({ resolve, reject });
        else pending.set(uri, { defaultValue, waiters: [{ resolve, reject }] });
        timer ??= setTimeout(() => void flush(), intervalMs);
      });
    },
  };
}

export type NodeBatcher = ReturnType<typeof createNodeBatcher>;
