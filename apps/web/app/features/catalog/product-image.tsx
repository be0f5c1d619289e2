import type { ProductImage as Image } from '@bygg/contracts/products';

type ProductImageProps = {
  image: Image | null;
  sizes: string;
  className?: string;
  loading?: 'lazy' | 'eager';
  /** Cards repeat the title in their link text, so the image adds nothing there. */
  decorative?: boolean;
  /**
   * The page's largest picture in the first view (its LCP element: the product's main image,
   * the first listing tiles): loaded at once with fetchpriority="high". React's server render
   * also puts a `<link rel="preload" as="image">` with the same srcset and sizes in the head
   * for such an image, so the browser asks for it before it parses the body (ADR 044).
   */
  priority?: boolean;
};

/** A product picture from its width sources (srcset), the 320 px one as the fallback. */
export function ProductImage({
  image,
  sizes,
  className,
  loading = 'lazy',
  decorative = false,
  priority = false,
}: ProductImageProps) {
  if (!image || image.sources.length === 0) {
    return (
      <div
        className={`product-image product-image--missing ${className ?? ''}`}
        aria-hidden="true"
      />
    );
  }
  const fallback = image.sources.find((source) => source.width >= 320) ?? image.sources.at(-1);
  return (
    <img
      className={`product-image ${className ?? ''}`}
      src={fallback?.src}
      srcSet={image.sources.map((source) => `${source.src} ${source.width}w`).join(', ')}
      sizes={sizes}
      alt={decorative ? '' : image.alt}
      loading={priority ? 'eager' : loading}
      fetchPriority={priority ? 'high' : undefined}
      decoding={priority ? undefined : 'async'}
    />
  );
}
