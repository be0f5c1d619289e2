import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useEffectEvent, useRef } from 'react';
import type { PointerEvent, RefObject } from 'react';
import { SWIPE_THRESHOLD } from '@bygg/domain/limits';
import { ArrowLeftIcon } from './icons/arrow-left-icon.tsx';
import { ArrowRightIcon } from './icons/arrow-right-icon.tsx';
import { CloseIcon } from './icons/close-icon.tsx';
import './image-lightbox.css';

export type LightboxImage = { src: string; srcSet?: string | undefined; alt: string };

/**
 * Spec §4: a sideways swipe over 10 % of the width moves between images (left → next), a
 * vertical swipe over 10 % of the height closes; the larger movement decides.
 */
export function swipeDirection(
  dx: number,
  dy: number,
  size: { width: number; height: number },
): 'previous' | 'next' | 'close' | null {
  const sideways = Math.abs(dx) / Math.max(size.width, 1);
  const vertical = Math.abs(dy) / Math.max(size.height, 1);
  if (sideways >= vertical && sideways > SWIPE_THRESHOLD) return dx < 0 ? 'next' : 'previous';
  if (vertical > SWIPE_THRESHOLD) return 'close';
  return null;
}

export type ImageLightboxProps = {
  images: LightboxImage[];
  /** The active image; null when closed. */
  index: number | null;
  onIndexChange: (index: number | null) => void;
  title: string;
  /** Where focus goes when the lightbox closes (it has no Radix trigger). */
  returnFocusTo: RefObject<HTMLElement | null>;
};

/**
 * The image lightbox of spec §2 and §4 for any list of pictures (the product gallery, the CMS
 * image grid): close, previous, next, Escape, arrow keys, swipe and dots. Radix Dialog traps
 * focus and returns it to the picture that opened it. Callers load it with import() when it
 * is first opened (issue 3), so neither Radix nor this code is in a page's first load.
 */
export function ImageLightbox({
  images,
  index,
  onIndexChange,
  title,
  returnFocusTo,
}: ImageLightboxProps) {
  const start = useRef<{ x: number; y: number } | null>(null);
  const count = images.length;
  const active = index === null ? null : images[index];
  const go = (step: number) => {
    if (index !== null) onIndexChange((index + step + count) % count);
  };
  // On the document, like Radix's Escape: the arrow keys work from the moment the dialog is
  // shown, before its focus scope has moved focus in (it may have just arrived as a chunk).
  const onArrow = useEffectEvent((event: globalThis.KeyboardEvent) => {
    if (event.key === 'ArrowLeft') {
      event.preventDefault();
      go(-1);
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      go(1);
    }
  });
  const open = index !== null;
  useEffect(() => {
    if (!open) return;
    const listener = (event: globalThis.KeyboardEvent) => onArrow(event);
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, [open]);
  function onPointerUp(event: PointerEvent<HTMLDivElement>) {
    const from = start.current;
    start.current = null;
    if (!from) return;
    const rect = event.currentTarget.getBoundingClientRect();
    const action = swipeDirection(event.clientX - from.x, event.clientY - from.y, rect);
    if (action === 'next') go(1);
    else if (action === 'previous') go(-1);
    else if (action === 'close') onIndexChange(null);
  }
  return (
    <Dialog.Root open={index !== null} onOpenChange={(open) => (open ? null : onIndexChange(null))}>
      <Dialog.Portal>
        <Dialog.Overlay className="image-lightbox-overlay" />
        <Dialog.Content
          className="image-lightbox"
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocusTo.current?.focus();
          }}
        >
          <Dialog.Title className="visually-hidden">
            {title}, bild {(index ?? 0) + 1} av {count}
          </Dialog.Title>
          <Dialog.Close className="image-lightbox__close" aria-label="Stäng">
            <CloseIcon />
          </Dialog.Close>
          <div
            className="image-lightbox__stage"
            data-testid="lightbox-stage"
            onPointerDown={(event) => {
              start.current = { x: event.clientX, y: event.clientY };
            }}
            onPointerUp={onPointerUp}
          >
            {active ? (
              <img
                className="image-lightbox__image"
                src={active.src}
                srcSet={active.srcSet}
                sizes="100vw"
                alt={active.alt}
                draggable={false}
              />
            ) : null}
          </div>
          {count > 1 ? (
            <>
              <button
                type="button"
                className="image-lightbox__step image-lightbox__step--previous"
                aria-label="Föregående bild"
                onClick={() => go(-1)}
              >
                <ArrowLeftIcon />
              </button>
              <button
                type="button"
                className="image-lightbox__step image-lightbox__step--next"
                aria-label="Nästa bild"
                onClick={() => go(1)}
              >
                <ArrowRightIcon />
              </button>
              <div className="image-lightbox__dots">
                {images.map((image, dot) => (
                  <button
                    key={`${image.src}-${dot}`}
                    type="button"
                    className="image-lightbox__dot"
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
