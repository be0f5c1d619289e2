import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { NodeBatcher } from './batch.ts';
import { CONTENT_CHANGED_EVENT } from '@bygg/contracts/cms';
import { invalidateNode, loadNodes, resetNodeCache } from './nodes.server.ts';

function fakeBatcher(values: Record<string, string | null>) {
  const get = vi.fn(async (uri: string, fallback: string | null = null) =>
    uri in values ? (values[uri] ?? null) : fallback,
  );
  return { batcher: { get } satisfies NodeBatcher, get };
}

const options = (batcher: NodeBatcher) => ({ batcher, organisation: 'store-chain' });

describe('loadNodes (server)', () => {
  beforeEach(() => resetNodeCache());

  it('asks the content service once, then serves the cached value', async () => {
    const { batcher, get } = fakeBatcher({ 'i18n://sv-se@header/a.txt': 'Etikett' });
    const uri = 'i18n://sv-se@header/a.txt';
    expect(await loadNodes({ [uri]: 'Standard' }, options(batcher))).toEqual({ [uri]: 'Etikett' });
    expect(await loadNodes({ [uri]: 'Standard' }, options(batcher))).toEqual({ [uri]: 'Etikett' });
    expect(get).toHaveBeenCalledTimes(1);
  });

  it('asks again after a publish dropped the node, whichever spelling was published', async () => {
    const values: Record<string, string | null> = { 'i18n://sv-se@header/a.txt': 'Gammal' };
    const { batcher, get } = fakeBatcher(values);
    const uri = 'i18n://sv-se@header/a.txt';
    await loadNodes({ [uri]: null }, options(batcher));
    values[uri] = 'Ny';
    invalidateNode('header/a');
    expect(await loadNodes({ [uri]: null }, options(batcher))).toEqual({ [uri]: 'Ny' });
    expect(get).toHaveBeenCalledTimes(2);
  });

  it('leaves out a node that failed to load, so the caller shows its default', async () => {
    const batcher: NodeBatcher = {
      get: async () => {
        throw new Error('fetch error');
      },
    };
    const error = vi.mocked(console.error);
    expect(await loadNodes({ 'header/b': 'Standard' }, options(batcher))).toEqual({});
    expect(error).toHaveBeenCalled();
    error.mockClear();
  });
});

describe('content changes told by the API in this process', () => {
  beforeEach(() => resetNodeCache());

  it('drop the changed label, and every label when the change names none', async () => {
    const values: Record<string, string | null> = {
      'i18n://sv-se@header/a.txt': 'A1',
      'i18n://sv-se@header/b.txt': 'B1',
    };
    const { batcher, get } = fakeBatcher(values);
    const defaults = { 'i18n://sv-se@header/a.txt': null, 'i18n://sv-se@header/b.txt': null };
    await loadNodes(defaults, options(batcher));
    values['i18n://sv-se@header/a.txt'] = 'A2';
    values['i18n://sv-se@header/b.txt'] = 'B2';
    const emit = (change: unknown) =>
      (process as unknown as { emit(event: string, change: unknown): boolean }).emit(
        CONTENT_CHANGED_EVENT,
        change,
      );
    emit({ organisation: 'store-chain', uris: ['i18n://sv-se@header/a.txt'] });
    expect(await loadNodes(defaults, options(batcher))).toEqual({
      'i18n://sv-se@header/a.txt': 'A2',
      'i18n://sv-se@header/b.txt': 'B1',
    });
    emit({ organisation: 'store-chain', uris: [] });
    expect(await loadNodes(defaults, options(batcher))).toEqual({
      'i18n://sv-se@header/a.txt': 'A2',
      'i18n://sv-se@header/b.txt': 'B2',
    });
    expect(get).toHaveBeenCalledTimes(5);
  });
});
