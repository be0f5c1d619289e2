import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ITEM_ERROR_CLEAR_MS } from '@bygg/domain/limits';
import { useItemErrors } from './use-item-errors.ts';

function Item({ id }: { id: number }) {
  const { errors, show, clear } = useItemErrors();
  const error = errors.get(id);
  return (
    <div>
      <button type="button" onClick={() => show(id, `Fel på ${id}`)}>
        Visa fel
      </button>
      {error ? (
        <button type="button" onClick={() => clear(id)}>
          {error}
        </button>
      ) : null}
    </div>
  );
}

describe('item errors', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('clear themselves after 1.5 s', () => {
    expect(ITEM_ERROR_CLEAR_MS).toBe(1500);
    render(<Item id={7} />);
    fireEvent.click(screen.getByRole('button', { name: 'Visa fel' }));
    expect(screen.getByRole('button', { name: 'Fel på 7' })).toBeTruthy();
    act(() => vi.advanceTimersByTime(ITEM_ERROR_CLEAR_MS - 1));
    expect(screen.queryByRole('button', { name: 'Fel på 7' })).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('button', { name: 'Fel på 7' })).toBeNull();
  });

  it('clear on click', () => {
    render(<Item id={7} />);
    fireEvent.click(screen.getByRole('button', { name: 'Visa fel' }));
    fireEvent.click(screen.getByRole('button', { name: 'Fel på 7' }));
    expect(screen.queryByRole('button', { name: 'Fel på 7' })).toBeNull();
  });

  it('restart the clock when the same item fails again', () => {
    render(<Item id={7} />);
    fireEvent.click(screen.getByRole('button', { name: 'Visa fel' }));
    act(() => vi.advanceTimersByTime(1000));
    fireEvent.click(screen.getByRole('button', { name: 'Visa fel' }));
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByRole('button', { name: 'Fel på 7' })).not.toBeNull();
    act(() => vi.advanceTimersByTime(500));
    expect(screen.queryByRole('button', { name: 'Fel på 7' })).toBeNull();
  });
});
