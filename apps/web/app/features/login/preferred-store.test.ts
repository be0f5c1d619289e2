import { describe, expect, it } from 'vitest';
import { preferredStore } from './preferred-store.ts';

const store = (id: number, slug: string, extra: { central?: boolean; proffs?: boolean } = {}) => ({
  id,
  external_id: String(1000 + id),
  slug,
  name: `Timmerkedjan ${slug}`,
  is_central: extra.central ?? false,
  proffs_enabled: extra.proffs ?? true,
});

const stockholm = store(1, 'stockholm');
const goteborg = store(2, 'goteborg');
const rikslager = store(3, 'rikslager', { central: true });

describe('preferredStore (trade-area spec §4)', () => {
  it('takes the host store of the page logged in to, when the user belongs to it', () => {
    const stores = [stockholm, goteborg, rikslager];
    expect(preferredStore(stores, { next: '/butiker/goteborg/produkter', chosenStoreId: 1 })).toBe(
      goteborg,
    );
    expect(preferredStore(stores, { next: '/rikskund/dashboard', chosenStoreId: 1 })).toBe(
      rikslager,
    );
  });

  it('keeps the last choice when the host store is not one of theirs', () => {
    expect(
      preferredStore([stockholm, goteborg], { next: '/butiker/malmo', chosenStoreId: 2 }),
    ).toBe(goteborg);
  });

  it('else takes the first store with trade accounts, else the first', () => {
    const closed = store(4, 'kiruna', { proffs: false });
    expect(preferredStore([closed, goteborg], { next: '/', chosenStoreId: 99 })).toBe(goteborg);
    expect(preferredStore([closed], { next: '/', chosenStoreId: null })).toBe(closed);
    expect(preferredStore([], { next: '/', chosenStoreId: null })).toBeNull();
  });
});
