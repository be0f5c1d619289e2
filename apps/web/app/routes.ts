import { index, route } from '@react-router/dev/routes';
import type { RouteConfig } from '@react-router/dev/routes';

export default [
  index('routes/home.tsx'),
  // Mode prefixes (spec §2): the start page in business and private mode.
  route('foretag', 'routes/home.tsx', { id: 'home-b2b' }),
  route('privat', 'routes/home.tsx', { id: 'home-b2c' }),
  route('resurser/kundlage', 'routes/resources.mode.tsx'),
  route('resurser/varukorg', 'routes/resources.cart.tsx'),
  route('404', 'routes/not-found.tsx', { id: 'not-found' }),
  route('*', 'routes/not-found.tsx', { id: 'catch-all' }),
] satisfies RouteConfig;
