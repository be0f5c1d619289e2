import { describe, expect, it } from 'vitest';
import * as limits from './limits.ts';

describe('limits', () => {
  it('keeps the spec values', () => {
    expect(limits.PAGE_SIZE).toBe(5);
    expect(limits.PRODUCT_COUNT_CAP).toBe(10_000);
    expect(limits.STORE_SELECTOR_RESULTS).toBe(5);
    expect(limits.STORE_SELECTOR_QUERY_COUNT).toBe(9001);
    expect(limits.STORE_DRAWER_QUERY_COUNT).toBe(10_000);
    expect(limits.SEARCH_DEBOUNCE_MS).toBe(300);
    expect(limits.LOADING_INDICATOR_DELAY_MS).toBe(300);
    expect(limits.RESULT_CACHE_ENTRIES).toBe(100);
    expect(limits.RESULT_CACHE_TTL_MS).toBe(300_000);
    expect(limits.NEWSLETTER_DELAY_MS).toBe(60_000);
    expect(limits.SWIPE_THRESHOLD).toBe(0.1);
    expect(limits.ITEM_ERROR_CLEAR_MS).toBe(1500);
    expect(limits.ANIMATION_MS).toBe(200);
    expect(limits.MOBILE_BREAKPOINT_PX).toBe(599);
    expect(limits.DRAWER_BREAKPOINT_PX).toBe(900);
    expect(limits.NAV_MAX_WIDTH_PX).toBe(1275);
    expect(limits.MENU_HOVER_DELAY_MS).toBe(60);
    expect(limits.POPOVER_HOVER_TOLERANCE_PX).toBe(50);
    expect(limits.CAROUSEL_VISIBLE_PRODUCTS).toBe(4);
    expect([
      limits.NOT_FOUND_RECOMMENDATIONS_NARROW,
      limits.NOT_FOUND_RECOMMENDATIONS_WIDE,
    ]).toEqual([2, 5]);
    expect(limits.MAP_DEFAULT_CENTER).toEqual({ lat: 62.88, lon: 15.29 });
    expect(limits.MAP_DEFAULT_ZOOM).toBe(4);
    expect([limits.DATA_PAGE_POLL_MS, limits.SHARED_POLL_MS]).toEqual([5000, 60_000]);
    expect(limits.PREFETCH_MARGIN_PX).toBe(200);
    expect(limits.TOAST_DURATION_MS).toBe(5000);
    expect(limits.NOTIFICATIONS_POLL_MS).toBe(60_000);
    expect(limits.MESSAGES_POLL_MS).toBe(30_000);
    expect(limits.CONVERSATION_LIST_PAGE_SIZE).toBe(200);
    expect(limits.CONVERSATION_DEFAULT_SIZE).toBe(15);
  });
});
