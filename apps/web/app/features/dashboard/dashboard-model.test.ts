import { describe, expect, it } from 'vitest';
import { dashboardStore } from './dashboard-model.ts';

const store = (slug: string, isCentral = false) => ({
  id: slug.length,
  external_id: `e-${slug}`,
  slug,
  name: `Timmerkedjan ${slug}`,
  is_central: isCentral,
  proffs_enabled: true,
});
const stores = [store('goteborg'), store('stockholm'), store('rikslager', true)];

describe('which store a dashboard URL is for', () => {
  it('is the store of the slug, when the user has it', () => {
    expect(dashboardStore(stores, { prefix: 'store', storeSlug: 'goteborg' })?.slug).toBe(
      'goteborg',
    );
    expect(dashboardStore([store('goteborg')], { prefix: 'store', storeSlug: 'malmo' })).toBeNull();
  });

  it('is the central store under /rikskund, and only that', () => {
    expect(dashboardStore(stores, { prefix: 'central' })?.slug).toBe('rikslager');
    expect(dashboardStore([store('goteborg')], { prefix: 'central' })).toBeNull();
    // The central store is not reached through the store prefix.
    expect(dashboardStore(stores, { prefix: 'store', storeSlug: 'rikslager' })).toBeNull();
  });

  it('is none for a user without stores or outside the trade prefixes', () => {
    expect(dashboardStore([], { prefix: 'store', storeSlug: 'goteborg' })).toBeNull();
    expect(dashboardStore(stores, { prefix: 'plain' })).toBeNull();
  });
});
