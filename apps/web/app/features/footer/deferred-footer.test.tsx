import { act, render, screen } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { Footer } from '@bygg/contracts/cms';
import { DeferredFooter } from './deferred-footer.tsx';

const footer: Footer = {
  columns: [{ title: 'Kundservice', links: [{ label: 'Returer', href: '/kundservice/returer' }] }],
  contact: 'Kundservice 010-123 45 00.',
  legal: '© Timmerkedjan AB.',
};

async function renderDeferred(promise: Promise<Footer | null>) {
  const Stub = createRoutesStub([
    {
      path: '/',
      Component: () => <DeferredFooter footer={promise} organisationName="Timmerkedjan" />,
    },
  ]);
  // The footer suspends on its promise: act waits for it to settle.
  await act(async () => {
    render(<Stub initialEntries={['/']} />);
  });
}

describe('DeferredFooter', () => {
  it('shows the footer with its link columns once the promise resolves', async () => {
    await renderDeferred(Promise.resolve(footer));
    expect(await screen.findByRole('link', { name: 'Returer' })).toBeTruthy();
  });

  it('shows the footer without link columns when the footer could not load', async () => {
    // React reports the caught error to the console; that is expected here.
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    await renderDeferred(Promise.reject(new Error('CMS unavailable')));
    expect(await screen.findByRole('contentinfo')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Returer' })).toBeNull();
    quiet.mockRestore();
  });
});
