import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PICKLIST_MAX_LINES, PICKLIST_MAX_QUANTITY } from '@bygg/contracts/picklist';
import {
  applyUpdate,
  parseLines,
  PICKLIST_STORAGE_KEY,
  PicklistFullError,
  readLines,
  removeLines,
  updatePicklist,
  usePicklistLines,
} from './picklist-store.ts';
import type { PicklistLine } from './picklist-store.ts';

const line = (article_id: number, quantity: number, store_id: number | null = 3): PicklistLine => ({
  article_id,
  product_slug: `produkt-${article_id}`,
  store_id,
  quantity,
});

const update = (article_id: number, quantity: number, mode: 'add' | 'set', store_id = 3) => ({
  article_id,
  product_slug: `produkt-${article_id}`,
  store_id,
  quantity,
  mode,
});

describe('applyUpdate (merge and set)', () => {
  it('adds a new article as a line at the end', () => {
    expect(applyUpdate([line(1, 2)], update(2, 1, 'add'))).toEqual([line(1, 2), line(2, 1)]);
  });

  it('adds to the quantity of an article already in the list, keeping its place', () => {
    const lines = [line(1, 2), line(2, 1)];
    expect(applyUpdate(lines, update(1, 3, 'add'))).toEqual([line(1, 5), line(2, 1)]);
  });

  it('sets the quantity, and records the store of the latest update', () => {
    expect(applyUpdate([line(1, 2, 3)], update(1, 7, 'set', 9))).toEqual([line(1, 7, 9)]);
  });

  it.each([
    ['set to 0', update(1, 0, 'set')],
    ['set below 0', update(1, -4, 'set')],
    ['add down to 0', update(1, -2, 'add')],
    ['add below 0', update(1, -5, 'add')],
  ])('removes the line when the quantity is %s', (_case, change) => {
    expect(applyUpdate([line(1, 2), line(2, 1)], change)).toEqual([line(2, 1)]);
  });

  it('adds nothing for a 0 quantity of an article not in the list', () => {
    expect(applyUpdate([line(1, 2)], update(5, 0, 'add'))).toEqual([line(1, 2)]);
  });

  it('caps a line at the largest quantity', () => {
    const [capped] = applyUpdate([line(1, PICKLIST_MAX_QUANTITY)], update(1, 5, 'add'));
    expect(capped?.quantity).toBe(PICKLIST_MAX_QUANTITY);
  });

  it('refuses a new line when the list is full, but still changes existing lines', () => {
    const full = Array.from({ length: PICKLIST_MAX_LINES }, (_, i) => line(i + 1, 1));
    expect(() => applyUpdate(full, update(99_999, 1, 'add'))).toThrow(PicklistFullError);
    expect(applyUpdate(full, update(1, 4, 'set'))[0]?.quantity).toBe(4);
  });
});

describe('parseLines (what is stored is not trusted)', () => {
  it('reads stored lines', () => {
    expect(parseLines(JSON.stringify([line(1, 2), line(2, 1, null)]))).toEqual([
      line(1, 2),
      line(2, 1, null),
    ]);
  });

  it.each([
    ['nothing stored', null],
    ['broken JSON', '[{"article_id":1,'],
    ['an object', '{"article_id":1}'],
    ['a string', '"plocklista"'],
    ['null', 'null'],
  ])('gives an empty list for %s', (_case, raw) => {
    expect(parseLines(raw)).toEqual([]);
  });

  it('drops invalid lines and repeated articles, keeping the valid ones', () => {
    const raw = JSON.stringify([
      line(1, 2),
      { article_id: 'x', product_slug: 'a', store_id: null, quantity: 1 },
      { article_id: 2, product_slug: 'b', store_id: null, quantity: 0 },
      { article_id: 3, product_slug: 'c', store_id: null, quantity: 1.5 },
      { article_id: 4, store_id: null, quantity: 1 },
      line(1, 9),
      line(5, 1),
    ]);
    expect(parseLines(raw)).toEqual([line(1, 2), line(5, 1)]);
  });

  it('checks every field by hand and keeps only the line fields', () => {
    const raw = JSON.stringify([
      { ...line(1, 1), extra: 'kept out' },
      { ...line(2, 1), store_id: 0 },
      { ...line(3, 1), store_id: '3' },
      { ...line(4, 1), product_slug: '' },
      { ...line(5, 1), product_slug: 'x'.repeat(201) },
      { ...line(6, PICKLIST_MAX_QUANTITY + 1) },
      { ...line(7, 1), article_id: -7 },
      { ...line(8, 1), store_id: undefined },
      line(9, PICKLIST_MAX_QUANTITY),
      { ...line(10, 1), product_slug: 'x'.repeat(200) },
    ]);
    expect(parseLines(raw)).toEqual([
      line(1, 1),
      line(9, PICKLIST_MAX_QUANTITY),
      { ...line(10, 1), product_slug: 'x'.repeat(200) },
    ]);
  });
});

describe('the local-storage store', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => localStorage.clear());

  it('merges updates into local storage and removes the key when the list is emptied', () => {
    updatePicklist(update(1, 1, 'add'));
    updatePicklist(update(1, 1, 'add'));
    updatePicklist(update(2, 3, 'set'));
    expect(JSON.parse(localStorage.getItem(PICKLIST_STORAGE_KEY) ?? '[]')).toEqual([
      line(1, 2),
      line(2, 3),
    ]);
    updatePicklist(update(1, 0, 'set'));
    expect(readLines()).toEqual([line(2, 3)]);
    removeLines();
    expect(localStorage.getItem(PICKLIST_STORAGE_KEY)).toBeNull();
  });

  it('ignores corrupt storage and starts a new list over it', () => {
    localStorage.setItem(PICKLIST_STORAGE_KEY, '{not json');
    expect(readLines()).toEqual([]);
    updatePicklist(update(4, 1, 'add'));
    expect(readLines()).toEqual([line(4, 1)]);
  });

  it('tells the hook about every change, from this tab and from another', () => {
    const { result } = renderHook(() => usePicklistLines());
    expect(result.current).toEqual([]);
    act(() => {
      updatePicklist(update(1, 2, 'add'));
    });
    expect(result.current).toEqual([line(1, 2)]);
    act(() => {
      // Another tab wrote the list: only a 'storage' event arrives here.
      localStorage.setItem(PICKLIST_STORAGE_KEY, JSON.stringify([line(7, 1)]));
      window.dispatchEvent(new StorageEvent('storage', { key: PICKLIST_STORAGE_KEY }));
    });
    expect(result.current).toEqual([line(7, 1)]);
  });
});
