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
  route('404', 'routes/not-found.tsx', { id: 'not-found' }),
  route('*', 'routes/not-found.tsx', { id: 'catch-all' }),
] satisfies RouteConfig;
