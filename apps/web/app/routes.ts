import { index, route } from '@react-router/dev/routes';
import type { RouteConfig } from '@react-router/dev/routes';

export default [
  index('routes/home.tsx'),
  // Mode prefixes (spec §2): the start page in business and private mode.
  route('foretag', 'routes/home.tsx', { id: 'home-b2b' }),
  route('privat', 'routes/home.tsx', { id: 'home-b2c' }),
  route('resurser/kundlage', 'routes/resources.mode.tsx'),
  // Stores (spec §2, §4): the store list, store pages, store data and the store choice.
  route('butiker', 'routes/stores.tsx'),
  route('butiker/:storeSlug', 'routes/store-page.tsx'),
  route('resurser/butiker', 'routes/resources.stores.tsx'),
  route('resurser/butiksval', 'routes/resources.store-choice.tsx'),
  // Cookie consent (spec §4): the dialog's answer.
  route('resurser/samtycke', 'routes/resources.consent.tsx'),
  // Newsletter modal (spec §2, §4): its CMS content, fetched by the browser after hydration.
  route('resurser/nyhetsbrev', 'routes/resources.newsletter.tsx'),
  // Main menu (issue 3): the category tree, fetched by the menu on first hover, focus or open.
  route('resurser/meny', 'routes/resources.menu.tsx'),
  // Login (spec §2 /login; intents login and logout) and the editor overlay's publishes (issue 6).
  route('login', 'routes/login.tsx'),
  route('resurser/innehall', 'routes/resources.content.tsx'),
  // Catalogue (spec §2): landing and listings under the plain, business, store and central paths.
  route('produkter/*', 'routes/product-listing.tsx', { id: 'listing' }),
  route('foretag/produkter/*', 'routes/product-listing.tsx', { id: 'listing-b2b' }),
  route('butiker/:storeSlug/produkter/*', 'routes/product-listing.tsx', { id: 'listing-store' }),
  route('rikskund/produkter/*', 'routes/product-listing.tsx', { id: 'listing-central' }),
  route('produkt/:slug', 'routes/product.tsx', { id: 'product' }),
  route('foretag/produkt/:slug', 'routes/product.tsx', { id: 'product-b2b' }),
  route('butiker/:storeSlug/produkt/:slug', 'routes/product.tsx', { id: 'product-store' }),
  route('rikskund/produkt/:slug', 'routes/product.tsx', { id: 'product-central' }),
  // Campaign, store-assortment and supplier pages (spec §2), plain and /foretag (the loaders
  // answer 404 on /foretag while the business pages are off); the /foretag store pages.
  route('kampanjer/*', 'routes/campaign.tsx', { id: 'campaign' }),
  route('foretag/kampanjer/*', 'routes/campaign.tsx', { id: 'campaign-b2b' }),
  route('butikssortiment/*', 'routes/store-assortment.tsx', { id: 'store-assortment' }),
  route('foretag/butikssortiment/*', 'routes/store-assortment.tsx', {
    id: 'store-assortment-b2b',
  }),
  route('leverantorer/:slug', 'routes/supplier.tsx', { id: 'supplier' }),
  route('foretag/leverantorer/:slug', 'routes/supplier.tsx', { id: 'supplier-b2b' }),
  route('foretag/butiker', 'routes/stores.tsx', { id: 'stores-b2b' }),
  route('foretag/butiker/:storeSlug', 'routes/store-page.tsx', { id: 'store-page-b2b' }),
  // Picklist (spec §2, §4, issue 5): the page under the plain, /foretag and store paths, and
  // the resource route that prices the browser's lines. The loaders answer 404 where it is off.
  route('plocklista', 'routes/picklist.tsx', { id: 'picklist' }),
  route('foretag/plocklista', 'routes/picklist.tsx', { id: 'picklist-b2b' }),
  route('butiker/:storeSlug/plocklista', 'routes/picklist.tsx', { id: 'picklist-store' }),
  route('resurser/plocklista', 'routes/resources.picklist.tsx'),
  // Cart (issue 5, spec §2): the checkout and the receipt under the plain, /foretag, store and
  // central paths. The cart itself is read and changed by the browser at /api/v1.0/cart/.
  route('kassa', 'routes/checkout.tsx', { id: 'checkout' }),
  route('foretag/kassa', 'routes/checkout.tsx', { id: 'checkout-b2b' }),
  route('butiker/:storeSlug/kassa', 'routes/checkout.tsx', { id: 'checkout-store' }),
  route('rikskund/kassa', 'routes/checkout.tsx', { id: 'checkout-central' }),
  route('kvitto/visa/:id', 'routes/receipt.tsx', { id: 'receipt' }),
  route('foretag/kvitto/visa/:id', 'routes/receipt.tsx', { id: 'receipt-b2b' }),
  route('butiker/:storeSlug/kvitto/visa/:id', 'routes/receipt.tsx', { id: 'receipt-store' }),
  route('rikskund/kvitto/visa/:id', 'routes/receipt.tsx', { id: 'receipt-central' }),
  // Search (issue 4, spec §2, §4): the landing page under the plain, business, store and
  // central paths (404 without the 'search' flag), and the header preview's data.
  route('sok', 'routes/search.tsx', { id: 'search' }),
  route('foretag/sok', 'routes/search.tsx', { id: 'search-b2b' }),
  route('butiker/:storeSlug/sok', 'routes/search.tsx', { id: 'search-store' }),
  route('rikskund/sok', 'routes/search.tsx', { id: 'search-central' }),
  route('resurser/sok', 'routes/resources.search.tsx'),
  route('404', 'routes/not-found.tsx', { id: 'not-found' }),
  // CMS pages (spec §2, issue 6): the help area, the guide (artikel/, projekt/,
  // projektkategori/ and its store variants), the privacy pages and /{slugs...}. Keep these
  // last: the final '*' is also the catch-all, answering 404 with the not-found page for a
  // path no route and no CMS page has (React Router ranks '*' below every other route).
  route('xlhjalpen/*', 'routes/cms-page.tsx', { id: 'cms-help' }),
  route('xl-guiden/*', 'routes/cms-page.tsx', { id: 'cms-guide' }),
  route('butiker/:storeSlug/xl-guiden/*', 'routes/cms-page.tsx', { id: 'cms-guide-store' }),
  route('integritetspolicy', 'routes/cms-page.tsx', { id: 'cms-privacy' }),
  route('kundservice/integritetspolicy', 'routes/cms-page.tsx', { id: 'cms-privacy-service' }),
  route('butiker/:storeSlug/integritetspolicy', 'routes/cms-page.tsx', {
    id: 'cms-privacy-store',
  }),
  route('rikskund/integritetspolicy', 'routes/cms-page.tsx', { id: 'cms-privacy-central' }),
  route('om-webbplatsen', 'routes/cms-page.tsx', { id: 'cms-about-site' }),
  route('*', 'routes/cms-page.tsx', { id: 'cms-page' }),
] satisfies RouteConfig;
