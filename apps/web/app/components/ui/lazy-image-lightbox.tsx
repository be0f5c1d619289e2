import { lazy, Suspense, useState } from 'react';
import type { ImageLightboxProps } from './image-lightbox.tsx';

/** Starts fetching the lightbox's chunk, e.g. when the pointer or focus reaches an opener. */
export const preloadImageLightbox = () => import('./image-lightbox.tsx');

const ImageLightbox = lazy(() =>
  preloadImageLightbox().then((module) => ({ default: module.ImageLightbox })),
);

/**
 * The image lightbox, fetched the first time it opens (issue 3: Radix Dialog is not in any
 * page's first load). An opening click that comes before the chunk is not lost: the caller's
 * index is set at once and the dialog appears as soon as its code has arrived. Once opened it
 * stays mounted, so closing returns focus as the dialog does.
 */
export function LazyImageLightbox(props: ImageLightboxProps) {
  const [wanted, setWanted] = useState(props.index !== null);
  if (props.index !== null && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ImageLightbox {...props} />
    </Suspense>
  );
}
