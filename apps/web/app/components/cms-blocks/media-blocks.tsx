import { useRef, useState } from 'react';
import type { CmsBlockModel, ImageModel } from '@bygg/domain/cms-blocks';
import { LazyImageLightbox } from '~/components/ui/lazy-image-lightbox.tsx';
import { SmartLink } from './text-blocks.tsx';

type Of<T extends CmsBlockModel['type']> = Extract<CmsBlockModel, { type: T }>;

function srcSet(image: ImageModel): string | undefined {
  return image.thumbnails.length > 0
    ? image.thumbnails.map((thumb) => `${thumb.url} ${thumb.width}w`).join(', ')
    : undefined;
}

const SIZES: Record<Of<'image'>['size'], string> = {
  small: '(min-width: 600px) 320px, 100vw',
  medium: '(min-width: 600px) 480px, 100vw',
  large: '(min-width: 901px) 720px, 100vw',
  wide: '(min-width: 1450px) 1275px, 100vw',
};

/** Spec §5: drawn only with a url (the parser saw to that); alt falls back to the spec's text. */
export function ImageBlock({ block }: { block: Of<'image'> }) {
  const { image } = block;
  const img = (
    <img
      src={image.url}
      srcSet={srcSet(image)}
      sizes={SIZES[block.size]}
      alt={image.alt}
      loading="lazy"
      decoding="async"
    />
  );
  return (
    <figure className={`cms-image cms-image--${block.size}`}>
      <div className="cms-image__frame">
        {block.href ? <SmartLink href={block.href}>{img}</SmartLink> : img}
        {image.tag ? <span className="cms-image__tag">{image.tag}</span> : null}
      </div>
      {image.caption ? <figcaption>{image.caption}</figcaption> : null}
    </figure>
  );
}

/** Pictures in a grid; each opens the lightbox at itself. */
export function ImageGridBlock({ block }: { block: Of<'image-grid'> }) {
  const [index, setIndex] = useState<number | null>(null);
  const opener = useRef<HTMLButtonElement | null>(null);
  return (
    <div className="cms-image-grid">
      <ul className="cms-image-grid__list">
        {block.images.map((image, position) => (
          <li key={`${image.url}-${position}`}>
            <figure>
              <button
                type="button"
                className="cms-image-grid__open"
                aria-label={`Förstora bild ${position + 1} av ${block.images.length}: ${image.alt}`}
                onClick={(event) => {
                  opener.current = event.currentTarget;
                  setIndex(position);
                }}
              >
                <img
                  src={image.url}
                  srcSet={srcSet(image)}
                  sizes="(min-width: 901px) 33vw, 50vw"
                  alt=""
                  loading="lazy"
                  decoding="async"
                />
                {image.tag ? <span className="cms-image__tag">{image.tag}</span> : null}
              </button>
              {image.caption ? <figcaption>{image.caption}</figcaption> : null}
            </figure>
          </li>
        ))}
      </ul>
      <LazyImageLightbox
        images={block.images.map((image) => ({
          src: image.url,
          srcSet: srcSet(image),
          alt: image.alt,
        }))}
        index={index}
        onIndexChange={setIndex}
        title="Bildgalleri"
        returnFocusTo={opener}
      />
    </div>
  );
}
