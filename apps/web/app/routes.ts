import { index, route } from '@react-router/dev/routes';
import type { RouteConfig } from '@react-router/dev/routes';

export default [
  index('routes/home.tsx'),
  // Mode prefixes (spec §2): the start page in business and private mode.
  route('foretag', 'routes/home.tsx', { id: 'home-b2b' }),
  route('privat', 'routes/home.tsx', { id: 'home-b2c' }),
  route('resurser/kundlage', 'routes/resources.mode.tsx'),
  route('resurser/varukorg', 'routes/resources.cart.tsx'),
  // Stores (spec §2, §4): the store list, store pages, store data and the store choice.
  route('butiker', 'routes/stores.tsx'),
  route('butiker/:storeSlug', 'routes/store-page.tsx'),
  route('resurser/butiker', 'routes/resources.stores.tsx'),
  route('resurser/butiksval', 'routes/resources.store-choice.tsx'),
  // Cookie consent (spec §4): the dialog's answer.
  route('resurser/samtycke', 'routes/resources.consent.tsx'),
  // Catalogue (spec §2): landing and listings under the plain, business, store and central paths.
  route('produkter/*', 'routes/product-listing.tsx', { id: 'listing' }),
  route('foretag/produkter/*', 'routes/product-listing.tsx', { id: 'listing-b2b' }),
  route('butiker/:storeSlug/produkter/*', 'routes/product-listing.tsx', { id: 'listing-store' }),
  route('rikskund/produkter/*', 'routes/product-listing.tsx', { id: 'listing-central' }),
  route('produkt/:slug', 'routes/product.tsx', { id: 'product' }),
  route('foretag/produkt/:slug', 'routes/product.tsx', { id: 'product-b2b' }),
  route('butiker/:storeSlug/produkt/:slug', 'routes/product.tsx', { id: 'product-store' }),
  route('rikskund/produkt/:slug', 'routes/product.tsx', { id: 'product-central' }),
  route('404', 'routes/not-found.tsx', { id: 'not-found' }),
  route('*', 'routes/not-found.tsx', { id: 'catch-all' }),
] satisfies RouteConfig;
