import { render, screen } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import NotFoundRoute, { ErrorBoundary, loader, meta } from '~/routes/not-found.tsx';

describe('not-found page', () => {
  it('tells the visitor the page was not found, hints at typos or moves and links home', async () => {
    const Stub = createRoutesStub([
      { path: '*', Component: NotFoundRoute, loader, ErrorBoundary, HydrateFallback: () => null },
    ]);
    render(<Stub initialEntries={['/finns-inte']} />);

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Sidan kunde inte hittas' }),
    ).toBeTruthy();
    expect(screen.getByText(/stavad.*flyttats/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Till startsidan' }).getAttribute('href')).toBe('/');
  });

  it("is titled 'Sidan kunde inte hittas' and kept out of search engines", () => {
    const tags = meta({} as Parameters<typeof meta>[0]);
    expect(tags).toEqual([
      { title: 'Sidan kunde inte hittas' },
      { name: 'robots', content: 'noindex' },
    ]);
  });

  it('answers with status 404', () => {
    let thrown: unknown;
    try {
      loader();
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toMatchObject({ init: { status: 404 } });
  });
});
