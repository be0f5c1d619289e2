import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useRef, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ImageLightbox, swipeDirection } from './image-lightbox.tsx';
import type { LightboxImage } from './image-lightbox.tsx';
import { LazyImageLightbox } from './lazy-image-lightbox.tsx';

const images: LightboxImage[] = [1, 2, 3].map((n) => ({
  src: `/media/products/p1-${n}/320.webp`,
  srcSet: `/media/products/p1-${n}/320.webp 320w`,
  alt: `Bild ${n}`,
}));

function Harness({ lazy = false, start = 0 }: { lazy?: boolean; start?: number | null }) {
  const [index, setIndex] = useState<number | null>(start);
  const opener = useRef<HTMLButtonElement>(null);
  const Lightbox = lazy ? LazyImageLightbox : ImageLightbox;
  return (
    <>
      <p data-testid="state">{index === null ? 'stängd' : `bild ${index + 1}`}</p>
      <button ref={opener} type="button" onClick={() => setIndex(0)}>
        Öppna
      </button>
      <Lightbox
        images={images}
        index={index}
        onIndexChange={setIndex}
        title="Regel"
        returnFocusTo={opener}
      />
    </>
  );
}

describe('ImageLightbox', () => {
  it('moves with the arrow keys, wrapping around, and closes on Escape, returning focus', async () => {
    render(<Harness />);
    const dialog = screen.getByRole('dialog', { name: 'Regel, bild 1 av 3' });
    fireEvent.keyDown(dialog, { key: 'ArrowRight' });
    expect(screen.getByTestId('state').textContent).toBe('bild 2');
    fireEvent.keyDown(dialog, { key: 'ArrowLeft' });
    fireEvent.keyDown(dialog, { key: 'ArrowLeft' });
    expect(screen.getByTestId('state').textContent).toBe('bild 3');
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.getByTestId('state').textContent).toBe('stängd');
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Öppna' })),
    );
  });

  it('has close, previous, next and one dot per image', () => {
    render(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: 'Nästa bild' }));
    expect(screen.getByTestId('state').textContent).toBe('bild 2');
    expect(
      screen.getByRole('button', { name: 'Visa bild 2 av 3' }).getAttribute('aria-current'),
    ).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Föregående bild' }));
    expect(screen.getByTestId('state').textContent).toBe('bild 1');
    fireEvent.click(screen.getByRole('button', { name: 'Visa bild 3 av 3' }));
    expect(screen.getByTestId('state').textContent).toBe('bild 3');
    expect(screen.getByRole('img', { name: 'Bild 3' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Stäng' }));
    expect(screen.getByTestId('state').textContent).toBe('stängd');
  });

  it('counts a swipe only beyond 10 % of the stage: sideways moves, vertical closes', () => {
    const stage = { width: 1000, height: 800 };
    expect(swipeDirection(-101, 0, stage)).toBe('next');
    expect(swipeDirection(150, 20, stage)).toBe('previous');
    expect(swipeDirection(-100, 0, stage)).toBeNull();
    expect(swipeDirection(10, 80, stage)).toBeNull();
    expect(swipeDirection(10, 81, stage)).toBe('close');
  });

  it('acts on a swipe over the stage', () => {
    render(<Harness />);
    const stage = screen.getByTestId('lightbox-stage');
    stage.getBoundingClientRect = () => ({ width: 1000, height: 800 }) as DOMRect;
    fireEvent.pointerDown(stage, { clientX: 600, clientY: 400 });
    fireEvent.pointerUp(stage, { clientX: 400, clientY: 410 });
    expect(screen.getByTestId('state').textContent).toBe('bild 2');
    fireEvent.pointerDown(stage, { clientX: 500, clientY: 100 });
    fireEvent.pointerUp(stage, { clientX: 510, clientY: 300 });
    expect(screen.getByTestId('state').textContent).toBe('stängd');
  });

  it('lazily: renders nothing until opened, and an early click opens it when the code is there', async () => {
    render(<Harness lazy start={null} />);
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => screen.getByRole('button', { name: 'Öppna' }).click());
    expect(screen.getByTestId('state').textContent).toBe('bild 1');
    expect(await screen.findByRole('dialog', { name: 'Regel, bild 1 av 3' })).toBeTruthy();
  });
});
