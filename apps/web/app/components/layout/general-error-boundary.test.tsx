import { render, screen } from '@testing-library/react';
import { createRoutesStub, data } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { GeneralErrorBoundary } from './general-error-boundary.tsx';

describe('GeneralErrorBoundary', () => {
  it("shows 'Unexpected Application Error!' with a Swedish explanation and a way home", async () => {
    const Stub = createRoutesStub([
      {
        path: '/',
        Component: () => null,
        HydrateFallback: () => null,
        loader: () => {
          throw new Error('database on fire');
        },
        ErrorBoundary: () => <GeneralErrorBoundary />,
      },
    ]);
    render(<Stub initialEntries={['/']} />);

    expect(
      await screen.findByRole('heading', { name: 'Unexpected Application Error!' }),
    ).toBeTruthy();
    expect(screen.getByText(/Något gick fel/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Till startsidan' }).getAttribute('href')).toBe('/');
    // The error is logged once in the browser; the message itself is not shown to visitors.
    expect(screen.queryByText(/database on fire/)).toBeNull();
    expect(vi.mocked(console.error)).toHaveBeenCalledWith(
      'Unexpected application error',
      expect.any(Error),
    );
    vi.mocked(console.error).mockClear();
  });

  it('renders the handler for an expected status instead', async () => {
    const Stub = createRoutesStub([
      {
        path: '/',
        Component: () => null,
        HydrateFallback: () => null,
        loader: () => {
          throw data(null, { status: 404 });
        },
        ErrorBoundary: () => <GeneralErrorBoundary statusHandlers={{ 404: () => <p>Saknas</p> }} />,
      },
    ]);
    render(<Stub initialEntries={['/']} />);
    expect(await screen.findByText('Saknas')).toBeTruthy();
  });
});
