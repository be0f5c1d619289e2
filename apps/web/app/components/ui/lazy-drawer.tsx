import { lazy, Suspense, useState } from 'react';
import type { DrawerProps } from './drawer.tsx';

/** Starts fetching the drawer's chunk, e.g. when the pointer or focus reaches its opener. */
export const preloadDrawer = () => import('./drawer.tsx');

const Drawer = lazy(() => preloadDrawer().then((module) => ({ default: module.Drawer })));

/**
 * A drawer fetched the first time it opens (issue 21: Radix Dialog, ~12 kB br, is not in the
 * first load of the listing and search pages, whose filter drawers are for phones). An opening
 * click that comes before the chunk is not lost: the drawer appears as soon as its code has
 * arrived. Once opened it stays mounted, so closing returns focus as the dialog does.
 */
export function LazyDrawer(props: DrawerProps) {
  const [wanted, setWanted] = useState(props.open);
  if (props.open && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Drawer {...props} />
    </Suspense>
  );
}
