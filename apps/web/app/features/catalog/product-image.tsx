import type { ProductImage as Image } from '@bygg/contracts/products';

type ProductImageProps = {
  image: Image | null;
  sizes: string;
  className?: string;
  loading?: 'lazy' | 'eager';
  /** Cards repeat the title in their link text, so the image adds nothing there. */
  decorative?: boolean;
};

/** A product picture from its width sources (srcset), the 320 px one as the fallback. */
export function ProductImage({
  image,
  sizes,
  className,
  loading = 'lazy',
  decorative = false,
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
      loading={loading}
      decoding="async"
    />
  );
}
