/**
 * Business constants and limits, each with the spec section it comes from
 * (SF = storefront.md, TA = trade-area.md). Durations in ms, sizes in px, money in öre.
 */

// --- Paging and counts (SF §9, SF §5, TA §9) ---
/** SF §9: page or CMS size. */
export const PAGE_SIZE = 5;
/** SF §9: cart/offer limit; exact meaning not given by the spec. */
export const CART_OFFER_LIMIT_SMALL = 50;
/** SF §9: cart/offer limit; exact meaning not given by the spec. */
export const CART_OFFER_LIMIT_LARGE = 200;
/** SF §9: product count cap. */
export const PRODUCT_COUNT_CAP = 10_000;
/** SF §2, §9: the store selector modal shows at most 5 results. */
export const STORE_SELECTOR_RESULTS = 5;
/** SF §5, §9: the store selector asks for up to 9001 stores. */
export const STORE_SELECTOR_QUERY_COUNT = 9001;
/** SF §5, §9: the store drawer asks for up to 10000 stores. */
export const STORE_DRAWER_QUERY_COUNT = 10_000;
/** SF §7: the search call asks for 3 hits per kind. */
export const SEARCH_COUNT = 3;
/** SF §9: search shows 3 suggestions per group, then 'Visa alla N {group}'. */
export const SEARCH_SUGGESTIONS_PER_GROUP = 3;
/** SF §9: search preview offset. */
export const SEARCH_PREVIEW_OFFSET_PX = 105;

// --- Timing (SF §5, §9) ---
/** SF §5: store search debounce. */
export const SEARCH_DEBOUNCE_MS = 300;
/** SF §5: the loading indicator appears only after this delay. */
export const LOADING_INDICATOR_DELAY_MS = 300;
/** SF §9, TA §9: the cache unit (one minute). */
export const CACHE_UNIT_MS = 60_000;
/** SF §5, §9, TA §9: result cache of 100 entries. */
export const RESULT_CACHE_ENTRIES = 100;
/** SF §5, §9, TA §9: result cache lifetime, 5 minutes. */
export const RESULT_CACHE_TTL_MS = 5 * CACHE_UNIT_MS;
/** SF §4, §9: the newsletter modal shows after 60 s. */
export const NEWSLETTER_DELAY_MS = 60_000;
/** SF §4, §9: a swipe over 10 % of the width or height counts. */
export const SWIPE_THRESHOLD = 0.1;
/** SF §4, §9: a picklist item error clears after 1.5 s. */
export const ITEM_ERROR_CLEAR_MS = 1500;
/** SF §9: modal and drawer animation (easing out-cubic). */
export const ANIMATION_MS = 200;
/** SF §2: toasts auto-close. */
export const TOAST_DURATION_MS = 5000;
/** SF §9: menu hover delay. */
export const MENU_HOVER_DELAY_MS = 60;
/** SF §9: data-page polling default interval. */
export const DATA_PAGE_POLL_MS = 5000;
/** SF §9: the shared polling hook's default interval. */
export const SHARED_POLL_MS = 60_000;
/** SF §7: geolocation: maximum age of a cached position. */
export const GEOLOCATION_MAX_AGE_MS = 5000;
/** SF §7: geolocation timeout. */
export const GEOLOCATION_TIMEOUT_MS = 10_000;

// --- Layout (SF §9, TA §9) ---
/** SF §9, TA §9: mobile breakpoint (max-width). */
export const MOBILE_BREAKPOINT_PX = 599;
/** SF §2, §9, TA §9: slim nav and menu-drawer breakpoint (max-width). */
export const DRAWER_BREAKPOINT_PX = 900;
/** SF §9: navigation width cap is 1450px minus 175. */
export const NAV_MAX_WIDTH_PX = 1450 - 175;
/** SF §9: popover hover tolerance. */
export const POPOVER_HOVER_TOLERANCE_PX = 50;
/** SF §9: link prefetch viewport margin. */
export const PREFETCH_MARGIN_PX = 200;
/** SF §9: the recommendation carousel shows 4 products; with that many or fewer, no arrows. */
export const CAROUSEL_VISIBLE_PRODUCTS = 4;
/** SF §2, §9: 404 recommendations under 600px width. */
export const NOT_FOUND_RECOMMENDATIONS_NARROW = 2;
/** SF §2, §9: 404 recommendations otherwise. */
export const NOT_FOUND_RECOMMENDATIONS_WIDE = 5;
/** SF §9: default map centre and zoom (the middle of Sweden). */
export const MAP_DEFAULT_CENTER = { lat: 62.88, lon: 15.29 } as const;
export const MAP_DEFAULT_ZOOM = 4;

// --- Error reporting (SF §9, TA §9) ---
/** SF §9, TA §9: trace sampling rate. */
export const ERROR_TRACE_SAMPLE_RATE = 0.1;

// --- Trade area (TA §4, §9) ---
/** TA §4, §9: notifications poll. */
export const NOTIFICATIONS_POLL_MS = 60_000;
/** TA §4, §9: messages poll. */
export const MESSAGES_POLL_MS = 30_000;
/** TA §9: conversation list page size. */
export const CONVERSATION_LIST_PAGE_SIZE = 200;
/** SF §9, TA §9: default conversation size. */
export const CONVERSATION_DEFAULT_SIZE = 15;
/** TA §2, §9: the new-messages widget appears when scrolled up more than this. */
export const NEW_MESSAGES_SCROLL_THRESHOLD_PX = 200;
/** TA §4, §9: wait before scrolling after loading older messages. */
export const OLDER_MESSAGES_WAIT_MS = 500;
/** TA §4: messaging debounce. */
export const MESSAGES_DEBOUNCE_MS = 200;
/** TA §9: content-service batch window. */
export const CONTENT_BATCH_MS = 10;
/** TA §9: server-side content node TTL (unlimited in the browser). */
export const CONTENT_NODE_TTL_MS = 20_000;
/** TA §9: editor sidebar refresh debounce. */
export const CONTENT_SIDEBAR_DEBOUNCE_MS = 100;
/** TA §9: content-service default language; labels are fetched in sv-se (SF §7). */
export const CONTENT_DEFAULT_LANGUAGE = 'en-us';
export const CONTENT_LABEL_LANGUAGE = 'sv-se';
