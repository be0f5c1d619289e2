import { createNodeBatcher, type NodeBatcher } from './batch.ts';
import { NodeCache } from './node-cache.ts';

type Listener = (uri: string, value: string | null) => void;

/**
 * The browser's node values: one same-origin batcher and a cache without expiry (trade-area
 * spec §9: "unlimited in the browser"). The editor overlay writes a published value here so
 * every node display of it updates at once.
 */
class BrowserNodes {
  private readonly cache = new NodeCache(Number.POSITIVE_INFINITY);
  private readonly listeners = new Set<Listener>();
  private batcher: NodeBatcher | null = null;

  peek(uri: string): string | null | undefined {
    return this.cache.get(uri);
  }

  async load(uri: string, defaultValue: string | null): Promise<string | null> {
    const cached = this.cache.get(uri);
    if (cached !== undefined) return cached;
    this.batcher ??= createNodeBatcher();
    const value = await this.batcher.get(uri, defaultValue);
    this.cache.set(uri, value);
    return value;
  }

  /** Seeds values the server rendered, so the browser does not ask for them again. */
  seed(values: Record<string, string | null>): void {
    for (const [uri, value] of Object.entries(values)) {
      if (this.cache.get(uri) === undefined) this.cache.set(uri, value);
    }
  }

  publish(uri: string, value: string | null): void {
    this.cache.set(uri, value);
    for (const listener of this.listeners) listener(uri, value);
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

export const browserNodes = new BrowserNodes();
