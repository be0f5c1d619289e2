import * as Dialog from '@radix-ui/react-dialog';
import { useRef } from 'react';
import type { KeyboardEvent, PointerEvent, RefObject } from 'react';
import type { ProductDetail } from '@bygg/contracts/products';
import { ArrowLeftIcon, ArrowRightIcon, CloseIcon } from '~/components/ui/icons.tsx';
import { ProductImage } from './product-image.tsx';
import { swipeAction } from './swipe.ts';

type LightboxProps = {
  images: ProductDetail['images'];
  /** The active image; null when closed. */
  index: number | null;
  onIndexChange: (index: number | null) => void;
  title: string;
  /** Where focus goes when the lightbox closes (it has no Radix trigger). */
  returnFocusTo: RefObject<HTMLElement | null>;
};

/**
 * The gallery lightbox (spec §2, §4): close, previous, next, Escape, arrow keys, swipe and
 * dots. Radix Dialog traps focus and returns it to the thumbnail that opened it.
 */
export function Lightbox({ images, index, onIndexChange, title, returnFocusTo }: LightboxProps) {
  const start = useRef<{ x: number; y: number } | null>(null);
  const count = images.length;
  const active = index === null ? null : images[index];
  const go = (step: number) => {
    if (index !== null) onIndexChange((index + step + count) % count);
  };
  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'ArrowLeft') {
      event.preventDefault();
      go(-1);
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      go(1);
    }
  }
  function onPointerDown(event: PointerEvent) {
    start.current = { x: event.clientX, y: event.clientY };
  }
  function onPointerUp(event: PointerEvent<HTMLDivElement>) {
    const from = start.current;
    start.current = null;
    if (!from) return;
    const rect = event.currentTarget.getBoundingClientRect();
    const action = swipeAction(event.clientX - from.x, event.clientY - from.y, rect);
    if (action === 'next') go(1);
    else if (action === 'previous') go(-1);
    else if (action === 'close') onIndexChange(null);
  }
  return (
    <Dialog.Root open={index !== null} onOpenChange={(open) => (open ? null : onIndexChange(null))}>
      <Dialog.Portal>
        <Dialog.Overlay className="lightbox-overlay" />
        <Dialog.Content
          className="lightbox"
          onKeyDown={onKeyDown}
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocusTo.current?.focus();
          }}
        >
          <Dialog.Title className="visually-hidden">
            {title}, bild {(index ?? 0) + 1} av {count}
          </Dialog.Title>
          <Dialog.Close className="lightbox__close" aria-label="Stäng">
            <CloseIcon />
          </Dialog.Close>
          <div
            className="lightbox__stage"
            data-testid="lightbox-stage"
            onPointerDown={onPointerDown}
            onPointerUp={onPointerUp}
          >
            {active ? (
              <ProductImage
                image={active}
                sizes="100vw"
                className="lightbox__image"
                loading="eager"
              />
            ) : null}
          </div>
          {count > 1 ? (
            <>
              <button
                type="button"
                className="lightbox__step lightbox__step--previous"
                aria-label="Föregående bild"
                onClick={() => go(-1)}
              >
                <ArrowLeftIcon />
              </button>
              <button
                type="button"
                className="lightbox__step lightbox__step--next"
                aria-label="Nästa bild"
                onClick={() => go(1)}
              >
                <ArrowRightIcon />
              </button>
              <div className="lightbox__dots">
                {images.map((image, dot) => (
                  <button
                    key={image.sources[0]?.src ?? dot}
                    type="button"
                    className="lightbox__dot"
                    aria-label={`Visa bild ${dot + 1} av ${count}`}
                    aria-current={dot === index ? 'true' : undefined}
                    onClick={() => onIndexChange(dot)}
                  />
                ))}
              </div>
            </>
          ) : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
