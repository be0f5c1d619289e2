import { describe, expect, it } from 'vitest';
import { pageLinks } from './pagination.ts';

describe('pageLinks', () => {
  it('keeps the other query parameters and moves the page', () => {
    expect(pageLinks('/api/v2.0/stores/?count=5&query=malm%C3%B6&page=2', 2, true)).toEqual({
      next: '/api/v2.0/stores/?count=5&query=malm%C3%B6&page=3',
      previous: '/api/v2.0/stores/?count=5&query=malm%C3%B6&page=1',
    });
  });

  it('has no previous link on the first page and no next link on the last', () => {
    expect(pageLinks('/api/v2.0/stores/?count=5', 1, false)).toEqual({
      next: null,
      previous: null,
    });
  });
});
