import { lazy, Suspense, useRef, useState } from 'react';
import type { ProductDetail } from '@bygg/contracts/products';
import { ProductImage } from './product-image.tsx';

// Issue 3 (first-load JavaScript): the lightbox starts closed and is a chunk of its own.
const Lightbox = lazy(() =>
  import('./lightbox.tsx').then((module) => ({ default: module.Lightbox })),
);

/** Main image and thumbnails; the main image opens the lightbox. */
export function Gallery({ images, title }: { images: ProductDetail['images']; title: string }) {
  const [current, setCurrent] = useState(0);
  const [lightbox, setLightbox] = useState<number | null>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const main = images[current] ?? images[0];
  if (!main) return <div className="gallery gallery--empty" aria-hidden="true" />;
  return (
    <div className="gallery">
      <button
        ref={opener}
        type="button"
        className="gallery__main"
        aria-label={`Förstora bilden: ${main.alt || title}`}
        onClick={() => setLightbox(current)}
      >
        <ProductImage
          image={main}
          sizes="(max-width: 899px) 100vw, 600px"
          loading="eager"
          className="gallery__image"
        />
      </button>
      {images.length > 1 ? (
        <ul className="gallery__thumbs">
          {images.map((image, index) => (
            <li key={image.sources[0]?.src ?? index}>
              <button
                type="button"
                className="gallery__thumb"
                aria-label={`Visa bild ${index + 1} av ${images.length}`}
                aria-current={index === current ? 'true' : undefined}
                onClick={() => setCurrent(index)}
              >
                <ProductImage image={image} sizes="80px" decorative />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <Suspense fallback={null}>
        <Lightbox
          images={images}
          index={lightbox}
          title={title}
          returnFocusTo={opener}
          onIndexChange={(index) => {
            if (index !== null) setCurrent(index);
            setLightbox(index);
          }}
        />
      </Suspense>
    </div>
  );
}
