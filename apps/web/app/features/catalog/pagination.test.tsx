import { render, screen } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import { pagerItems, parseListingState } from './listing-query.ts';
import { Pagination } from './pagination.tsx';

function renderPager(search: string, totalPages: number) {
  const state = parseListingState(new URLSearchParams(search));
  const Stub = createRoutesStub([
    {
      path: '/produkter/*',
      Component: () => (
        <Pagination pathname="/produkter/travaror" state={state} totalPages={totalPages} />
      ),
    },
  ]);
  render(<Stub initialEntries={[`/produkter/travaror${search}`]} />);
}

describe('Pagination', () => {
  it('links every page with the filters kept and marks the current one', async () => {
    renderPager('?sort=price&brand=setra&page=3', 5);
    const current = await screen.findByRole('link', { name: 'Sida 3' });
    expect(current.getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Sida 1' }).getAttribute('href')).toBe(
      '/produkter/travaror?sort=price&brand=setra',
    );
    expect(screen.getByRole('link', { name: 'Nästa' }).getAttribute('href')).toBe(
      '/produkter/travaror?sort=price&brand=setra&page=4',
    );
    expect(screen.getByRole('link', { name: 'Föregående' }).getAttribute('rel')).toBe('prev');
  });

  it('has no previous link on the first page and no next link on the last', async () => {
    renderPager('', 2);
    await screen.findByRole('link', { name: 'Sida 2' });
    expect(screen.queryByRole('link', { name: 'Föregående' })).toBeNull();
    renderPager('?page=2', 2);
    expect(screen.getAllByRole('link', { name: 'Nästa' })).toHaveLength(1);
  });

  it('shows the first, the last and two pages either side, with gaps between', () => {
    expect(pagerItems(10, 20)).toEqual([1, null, 8, 9, 10, 11, 12, null, 20]);
    expect(pagerItems(1, 3)).toEqual([1, 2, 3]);
  });

  it('reads a malformed page or sort as the defaults', () => {
    expect(parseListingState(new URLSearchParams('page=-2&sort=evil'))).toMatchObject({
      page: 1,
      sort: 'popular',
    });
  });
});
