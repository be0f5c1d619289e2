import { act, render, screen } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { claimForStoreSelector, releaseStoreSelector } from '~/lib/auto-dialogs.ts';
import { NewsletterModal } from './newsletter-modal.tsx';
import { SHOWN_KEY, TIMER_START_KEY } from './newsletter-rule.ts';

const content = {
  title: 'Få inspiration i inkorgen',
  description: 'Erbjudanden och byggtips.',
  blocks: [
    {
      type: 'button-link',
      id: 'knapp',
      props: { label: 'Prenumerera på nyhetsbrevet', href: '/nyhetsbrev' },
    },
  ],
};

function renderModal(props: { enabled?: boolean; consentGiven?: boolean } = {}, path = '/') {
  const Stub = createRoutesStub([
    {
      path: '*',
      Component: () => (
        <NewsletterModal
          enabled={props.enabled ?? true}
          consentGiven={props.consentGiven ?? true}
        />
      ),
    },
  ]);
  return render(<Stub initialEntries={[path]} />);
}

/** Lets the content fetch resolve, then moves the clock. */
async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

describe('NewsletterModal (spec §4)', () => {
  let fetchMock: ReturnType<typeof vi.fn>;

  beforeEach(() => {
    vi.useFakeTimers({ now: new Date('2026-11-22T10:00:00Z') });
    window.localStorage.clear();
    fetchMock = vi.fn(async () => new Response(JSON.stringify(content), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('opens 60 seconds after the first timer start, once, and never again', async () => {
    const first = renderModal();
    await advance(59_000);
    expect(screen.queryByRole('dialog')).toBeNull();
    await advance(1_000);
    expect(screen.getByRole('dialog', { name: 'Få inspiration i inkorgen' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Prenumerera på nyhetsbrevet' })).toBeTruthy();
    expect(window.localStorage.getItem(SHOWN_KEY)).toBe('true');
    first.unmount();
    renderModal();
    await advance(120_000);
    expect(screen.queryByRole('dialog')).toBeNull();
    // Shown before: not even the content is fetched again.
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('counts from the first timer start across page views', async () => {
    window.localStorage.setItem(TIMER_START_KEY, String(Date.now() - 50_000));
    renderModal();
    await advance(10_000);
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('does not open while the store selector is about to open or open, and shows after it', async () => {
    window.localStorage.setItem(TIMER_START_KEY, String(Date.now() - 120_000));
    claimForStoreSelector();
    try {
      renderModal();
      await advance(30_000);
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(window.localStorage.getItem(SHOWN_KEY)).toBeNull();
    } finally {
      releaseStoreSelector();
    }
    await advance(5_000);
    expect(screen.getByRole('dialog', { name: 'Få inspiration i inkorgen' })).toBeTruthy();
  });

  it('waits for consent and stays away from listed routes and when the flag is off', async () => {
    const { unmount } = renderModal({ consentGiven: false });
    await advance(61_000);
    expect(screen.queryByRole('dialog')).toBeNull();
    unmount();
    const checkout = renderModal({}, '/kassa');
    await advance(61_000);
    expect(screen.queryByRole('dialog')).toBeNull();
    checkout.unmount();
    renderModal({ enabled: false });
    await advance(61_000);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(window.localStorage.getItem(SHOWN_KEY)).toBeNull();
  });
});
