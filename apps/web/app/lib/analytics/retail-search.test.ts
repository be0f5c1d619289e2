import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyMarketingConsent } from './consent-mode.ts';
import {
  resetRetailSearchForTests,
  setUpRetailSearch,
  trackSearchCart,
  trackSearchClick,
  trackSearchPageView,
} from './retail-search.ts';

type TestWindow = Window & Record<string, unknown>;
const w = window as unknown as TestWindow;

function queue(): unknown[] {
  return (w.retailSearchQueue as unknown[] | undefined) ?? [];
}

afterEach(() => {
  resetRetailSearchForTests();
  for (const key of ['dataLayer', 'gtag', '__byggMarketingConsent', '__byggAnalyticsInitialised'])
    delete w[key];
  vi.restoreAllMocks();
});

describe('retail-search tracker (spec §4, §7)', () => {
  it('is set up with the website id, opted out and without an automatic page view', () => {
    setUpRetailSearch('site-42');
    expect(queue()).toEqual([
      ['setup', { websiteId: 'site-42', optOut: true, autoPageView: false }],
    ]);
  });

  it('sends nothing about the visitor without marketing consent', () => {
    setUpRetailSearch('site-42');
    trackSearchClick('product:1', 'skruv');
    trackSearchPageView('/sok?q=skruv', 'skruv');
    trackSearchCart([{ articleId: '1234567', quantity: 2 }]);
    expect(queue()).toHaveLength(1);
  });

  it('opts in with "opt-out false" and "reload" once marketing is granted, then tracks', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    setUpRetailSearch('site-42');
    applyMarketingConsent(true, null);
    trackSearchClick('product:1', 'skruv');
    trackSearchPageView('/sok?q=skruv', 'skruv');
    trackSearchCart([{ articleId: '1234567', quantity: 2 }]);
    expect(queue().slice(1)).toEqual([
      ['optOut', false],
      ['reload'],
      ['click', { trackingCode: 'product:1', query: 'skruv' }],
      ['pageView', { url: '/sok?q=skruv', query: 'skruv' }],
      ['setCart', { items: [{ articleId: '1234567', quantity: 2 }] }],
    ]);
  });

  it('stops tracking when marketing is withdrawn again', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    setUpRetailSearch('site-42');
    applyMarketingConsent(true, null);
    trackSearchClick('product:1', 'skruv');
    applyMarketingConsent(false, null);
    trackSearchClick('product:2', 'skruv');
    expect(queue().at(-1)).toEqual(['click', { trackingCode: 'product:1', query: 'skruv' }]);
  });

  it('logs the commands instead when no website id is configured', () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    setUpRetailSearch(null);
    trackSearchClick('store:3', 'uppsala');
    expect(queue()).toEqual([]);
    expect(info).toHaveBeenCalledWith('[retail-search]', 'click', {
      trackingCode: 'store:3',
      query: 'uppsala',
    });
  });
});
