import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useRef, useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { ProductDetail } from '@bygg/contracts/products';
import { Lightbox } from './lightbox.tsx';
import { swipeAction } from './swipe.ts';

const images: ProductDetail['images'] = [1, 2, 3].map((n) => ({
  alt: `Bild ${n}`,
  width: 1280,
  height: 1280,
  sources: [{ width: 320, src: `/media/products/p1-${n}/320.webp` }],
}));

function Harness() {
  const [index, setIndex] = useState<number | null>(0);
  const opener = useRef<HTMLButtonElement>(null);
  return (
    <>
      <p data-testid="state">{index === null ? 'stängd' : `bild ${index + 1}`}</p>
      <button ref={opener} type="button">
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

describe('Lightbox', () => {
  it('moves with the arrow keys, wrapping around, and closes on Escape, returning focus', async () => {
    render(<Harness />);
    const dialog = screen.getByRole('dialog');
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
    fireEvent.click(screen.getByRole('button', { name: 'Visa bild 3 av 3' }));
    expect(screen.getByTestId('state').textContent).toBe('bild 3');
    fireEvent.click(screen.getByRole('button', { name: 'Stäng' }));
    expect(screen.getByTestId('state').textContent).toBe('stängd');
  });

  it('counts a swipe only beyond 10 % of the stage: sideways moves, vertical closes', () => {
    const stage = { width: 1000, height: 800 };
    expect(swipeAction(-101, 0, stage)).toBe('next');
    expect(swipeAction(150, 20, stage)).toBe('previous');
    expect(swipeAction(-100, 0, stage)).toBeNull();
    expect(swipeAction(10, 80, stage)).toBeNull();
    expect(swipeAction(10, 81, stage)).toBe('close');
  });
});
