/**
 * The route-variant table (ADR 020): every page of the storefront and the trade area, and the
 * prefixes it is served under (storefront spec §2, trade-area spec §2). `app/routes.ts` mounts
 * each page under each of its prefixes with a distinct id; `lib/paths.ts` builds links from
 * the same table, so a link never points at a variant that does not exist. A new page, or a
 * page under one more prefix, is one line here. Data only: no imports, so the route config
 * and the browser bundle can both read it.
 */

/** Where a page can live: the path patterns of the prefixes (no leading slash). */
export const PREFIXES = {
  /** The plain path: /produkter. */
  plain: '',
  /** Business mode (spec §2 mode prefixes): prices excl. VAT. */
  b2b: 'foretag',
  /** Private mode: prices incl. VAT, the explicit counterpart of /foretag. */
  b2c: 'privat',
  /** Store-prefixed variant: that store's prices and stock. */
  store: 'butiker/:storeSlug',
  /** The nationwide (central) customer's variant. */
  central: 'rikskund',
  /** The end customer's project view (trade-area §2); no page is mounted under it yet. */
  customer: 'kund/:storeSlug',
} as const;
export type PrefixKey = keyof typeof PREFIXES;

/** The three modes of the storefront's own pages. */
const MODES = ['plain', 'b2b', 'b2c'] as const satisfies readonly PrefixKey[];
/** The catalogue and cart pages: the modes plus the store and central variants. */
const CATALOGUE = [...MODES, 'store', 'central'] as const satisfies readonly PrefixKey[];

export type PageEntry = {
  /** Path below the prefix (React Router pattern); '' is the prefix's index. */
  readonly path: string;
  /** The route module, relative to app/. */
  readonly file: string;
  /** The prefixes it is mounted under; every page has the plain one (links fall back to it). */
  readonly prefixes: readonly PrefixKey[];
};

/**
 * The storefront's pages. Ids: the key for the plain variant, `{key}-{prefix}` for the others
 * (e.g. 'product-store'). Mode prefixes: every page under /foretag is under /privat as well.
 * The CMS catch-all is not here: routes.ts mounts it last (it serves the same CMS pages as
 * the 'cms-…' entries; the entries name them for links and for the mode toggle).
 */
export const PAGES = {
  home: { path: '', file: 'routes/home.tsx', prefixes: MODES },
  stores: { path: 'butiker', file: 'routes/stores.tsx', prefixes: MODES },
  'store-page': { path: 'butiker/:storeSlug', file: 'routes/store-page.tsx', prefixes: MODES },
  login: { path: 'login', file: 'routes/login.tsx', prefixes: ['plain'] },
  password: { path: 'proffs/losenord', file: 'routes/password.tsx', prefixes: ['plain'] },
  listing: { path: 'produkter/*', file: 'routes/product-listing.tsx', prefixes: CATALOGUE },
  product: { path: 'produkt/:slug', file: 'routes/product.tsx', prefixes: CATALOGUE },
  campaign: { path: 'kampanjer/*', file: 'routes/campaign.tsx', prefixes: MODES },
  'store-assortment': {
    path: 'butikssortiment/*',
    file: 'routes/store-assortment.tsx',
    prefixes: MODES,
  },
  supplier: { path: 'leverantorer/:slug', file: 'routes/supplier.tsx', prefixes: MODES },
  picklist: { path: 'plocklista', file: 'routes/picklist.tsx', prefixes: [...MODES, 'store'] },
  checkout: { path: 'kassa', file: 'routes/checkout.tsx', prefixes: CATALOGUE },
  receipt: { path: 'kvitto/visa/:id', file: 'routes/receipt.tsx', prefixes: CATALOGUE },
  search: { path: 'sok', file: 'routes/search.tsx', prefixes: CATALOGUE },
  // Issue 22: the store chain's window configurator (also under a store: its prices).
  'window-configurator': {
    path: 'elitfonster/bygg-ditt-fonster',
    file: 'routes/window-configurator.tsx',
    prefixes: [...MODES, 'store'],
  },
  // Issue 22: the OCI punch-out entry of purchasing systems, and the transfer back.
  punchout: { path: 'punchout', file: 'routes/punchout.tsx', prefixes: ['plain'] },
  'not-found': { path: '404', file: 'routes/not-found.tsx', prefixes: ['plain'] },
  // CMS pages the app names (spec §2): the help area, the guide, the privacy pages. Under
  // the store and central prefixes the guide and the privacy page show the chain's page.
  // Every other CMS page, under every mode prefix too, is served by the catch-all.
  'cms-help': { path: 'xlhjalpen/*', file: 'routes/cms-page.tsx', prefixes: MODES },
  'cms-guide': { path: 'xl-guiden/*', file: 'routes/cms-page.tsx', prefixes: [...MODES, 'store'] },
  'cms-privacy': {
    path: 'integritetspolicy',
    file: 'routes/cms-page.tsx',
    prefixes: [...MODES, 'store', 'central'],
  },
  'cms-privacy-service': {
    path: 'kundservice/integritetspolicy',
    file: 'routes/cms-page.tsx',
    prefixes: MODES,
  },
  'cms-about-site': { path: 'om-webbplatsen', file: 'routes/cms-page.tsx', prefixes: MODES },
  // The store staff's side (issue 20): the store's conversations with its trade customers.
  'store-staff-messages': {
    path: 'butik/:storeSlug/meddelanden',
    file: 'routes/store-staff-messages.tsx',
    prefixes: ['plain'],
  },
  // The store staff's quotes and their customers' trade orders (issue 20, ADR 042).
  'store-staff-quotes': {
    path: 'butik/:storeSlug/offerter',
    file: 'routes/store-staff-quotes.tsx',
    prefixes: ['plain'],
  },
  'store-staff-quote-new': {
    path: 'butik/:storeSlug/offerter/ny',
    file: 'routes/store-staff-quote-edit.tsx',
    prefixes: ['plain'],
  },
  'store-staff-quote': {
    path: 'butik/:storeSlug/offerter/:id',
    file: 'routes/store-staff-quote-edit.tsx',
    prefixes: ['plain'],
  },
  'store-staff-orders': {
    path: 'butik/:storeSlug/ordrar',
    file: 'routes/store-staff-orders.tsx',
    prefixes: ['plain'],
  },
  'store-staff-order': {
    path: 'butik/:storeSlug/ordrar/:id',
    file: 'routes/store-staff-order.tsx',
    prefixes: ['plain'],
  },
  // The store's invoices and their payments: by hand and Bankgirot's BgMax file (ADR 055).
  'store-staff-invoices': {
    path: 'butik/:storeSlug/fakturor',
    file: 'routes/store-staff-invoices.tsx',
    prefixes: ['plain'],
  },
} as const satisfies Record<string, PageEntry>;
export type PageId = keyof typeof PAGES;

/**
 * The trade area (trade-area spec §2): a layout route at `{prefix}/dashboard` with the
 * authentication guard, and its pages below it. The end customer's project view
 * (/kund/{storeslug}/dashboard/projekt/{id}) gets its own layout with a project-token guard.
 */
export const DASHBOARD = {
  path: 'dashboard',
  file: 'routes/dashboard.tsx',
  prefixes: ['store', 'central'],
} as const satisfies PageEntry;

/** The dashboard's pages, relative to the dashboard root ('' is the dashboard itself). */
export const DASHBOARD_PAGES = {
  'dashboard-home': { path: '', file: 'routes/dashboard-home.tsx' },
  'dashboard-contact': { path: 'kontaktuppgifter', file: 'routes/dashboard-contact.tsx' },
  'dashboard-events': { path: 'handelser', file: 'routes/dashboard-events.tsx' },
  'dashboard-invoices': { path: 'fakturor', file: 'routes/dashboard-invoices.tsx' },
  'dashboard-messages': { path: 'meddelanden', file: 'routes/dashboard-messages.tsx' },
  'dashboard-projects': { path: 'projekt', file: 'routes/dashboard-projects.tsx' },
  'dashboard-project-create': {
    path: 'projekt/skapa',
    file: 'routes/dashboard-project-create.tsx',
  },
  'dashboard-project': { path: 'projekt/:id', file: 'routes/dashboard-project.tsx' },
  /** A resource route: POST streams the project's documents as one zip (no page). */
  'dashboard-project-zip': {
    path: 'projekt/:id/dokument.zip',
    file: 'routes/dashboard-project-zip.tsx',
  },
  'dashboard-settings': { path: 'installningar', file: 'routes/dashboard-settings.tsx' },
  'dashboard-settings-create': {
    path: 'installningar/skapa-anvandare',
    file: 'routes/dashboard-settings-create.tsx',
  },
  'dashboard-settings-user': {
    path: 'installningar/:id',
    file: 'routes/dashboard-settings-user.tsx',
  },
  'dashboard-privacy': { path: 'integritetspolicy', file: 'routes/dashboard-privacy.tsx' },
  'dashboard-quotes': { path: 'offerter', file: 'routes/dashboard-quotes.tsx' },
  'dashboard-store-quote': {
    path: 'butiksofferter/:id',
    file: 'routes/dashboard-store-quote.tsx',
  },
  /** The offer editor (issue 19): a company's offer to its own end customer. */
  'dashboard-customer-offer': {
    path: 'kundofferter/:id',
    file: 'routes/dashboard-customer-offer.tsx',
  },
  'dashboard-orders': { path: 'ordrar', file: 'routes/dashboard-orders.tsx' },
  'dashboard-customers': { path: 'kunder', file: 'routes/dashboard-customers.tsx' },
  'dashboard-customer-create': {
    path: 'kunder/skapa',
    file: 'routes/dashboard-customer-create.tsx',
  },
  'dashboard-customer': { path: 'kunder/:id', file: 'routes/dashboard-customer.tsx' },
  'dashboard-order': { path: 'ordrar/:id', file: 'routes/dashboard-order.tsx' },
} as const satisfies Record<string, Omit<PageEntry, 'prefixes'>>;
export type DashboardPageId = keyof typeof DASHBOARD_PAGES;

/** The route id of a page under a prefix: the plain variant keeps the bare id. */
export function routeId(id: string, prefix: PrefixKey): string {
  return prefix === 'plain' ? id : `${id}-${prefix}`;
}

/** A prefix pattern and a page path joined: ('butiker/:storeSlug', 'sok') → 'butiker/:storeSlug/sok'. */
export function joinPattern(...parts: string[]): string {
  return parts.filter((part) => part !== '').join('/');
}
