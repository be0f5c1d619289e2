import type { EventEmitter } from 'node:events';
import { CONTENT_CHANGED_EVENT } from '@bygg/contracts/cms';
import type { InvalidationBus, Topic } from '../../../lib/invalidation-bus.ts';

/**
 * "Content changed" after an editor's publish (issue 6): every server-side copy of content
 * (the CMS menu and footer here, the web app's node cache) is dropped, in this process and,
 * through the invalidation bus, in every other one.
 *
 * Each process also emits CONTENT_CHANGED_EVENT on `process` for every change it hears, which
 * the web app's server code (rendered in this process by host.ts, but bundled separately)
 * listens for.
 */
export type ContentChange = { organisation: string; uris: string[] };

export const CONTENT_CHANGED: Topic<ContentChange> = {
  name: 'content-changed',
  accepts: (value): value is ContentChange => {
    if (typeof value !== 'object' || value === null) return false;
    const m = value as Record<string, unknown>;
    return (
      typeof m.organisation === 'string' &&
      Array.isArray(m.uris) &&
      m.uris.every((uri) => typeof uri === 'string')
    );
  },
};

export class ContentChanges {
  constructor(private readonly bus: InvalidationBus) {
    // process is this process's one shared event emitter; its types only list Node's events.
    bus.subscribe(CONTENT_CHANGED, (change) =>
      (process as unknown as EventEmitter).emit(CONTENT_CHANGED_EVENT, change),
    );
  }

  onChange(listener: (change: ContentChange) => void): () => void {
    return this.bus.subscribe(CONTENT_CHANGED, listener);
  }

  /** Drops this process's copies now; tells the other processes through Redis when set. */
  publish(change: ContentChange): void {
    this.bus.publish(CONTENT_CHANGED, change);
  }
}
