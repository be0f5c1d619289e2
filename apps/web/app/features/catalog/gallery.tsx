import { useRef, useState } from 'react';
import type { ProductDetail } from '@bygg/contracts/products';
import type { LightboxImage } from '~/components/ui/image-lightbox.tsx';
import { LazyImageLightbox, preloadImageLightbox } from '~/components/ui/lazy-image-lightbox.tsx';
import { ProductImage } from './product-image.tsx';

/**
 * The main image's width: the page's width on a phone; from 900 px the left column of the
 * product page's grid (1.2 of 2.2 parts of the content, at most 1450 px wide).
 */
export const GALLERY_IMAGE_SIZES = '(max-width: 899px) 100vw, (max-width: 1450px) 54vw, 790px';

/** A product picture for the lightbox: the same sources and fallback as ProductImage. */
function lightboxImage(image: ProductDetail['images'][number], title: string): LightboxImage {
  const fallback = image.sources.find((source) => source.width >= 320) ?? image.sources.at(-1);
  return {
    src: fallback?.src ?? '',
    srcSet: image.sources.map((source) => `${source.src} ${source.width}w`).join(', '),
    alt: image.alt || title,
  };
}

/**
 * Main image and thumbnails; the main image opens the lightbox (spec §2, §4), whose code is
 * fetched when the pointer or focus reaches the main image, or at the latest on the click.
 */
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
        onPointerEnter={() => void preloadImageLightbox()}
        onFocus={() => void preloadImageLightbox()}
      >
        <ProductImage
          image={main}
          sizes={GALLERY_IMAGE_SIZES}
          priority
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
      <LazyImageLightbox
        images={images.map((image) => lightboxImage(image, title))}
        index={lightbox}
        title={title}
        returnFocusTo={opener}
        onIndexChange={(index) => {
          if (index !== null) setCurrent(index);
          setLightbox(index);
        }}
      />
    </div>
  );
}
