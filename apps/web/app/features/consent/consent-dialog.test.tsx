import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoutesStub } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ConsentDialog, CookieSettingsLink } from './consent-dialog.tsx';
import type { ConsentState } from './consent-model.ts';

type Posted = Record<string, string>;

function renderDialog(consent: ConsentState, path = '/') {
  const posted: Posted[] = [];
  const onConsentChange = vi.fn();
  const Stub = createRoutesStub([
    {
      path: '*',
      Component: () => (
        <>
          <p>Sidans innehåll</p>
          <CookieSettingsLink />
          <ConsentDialog consent={consent} onConsentChange={onConsentChange} />
        </>
      ),
    },
    {
      path: '/resurser/samtycke',
      action: async ({ request }) => {
        posted.push(Object.fromEntries(await request.formData()) as Posted);
        return { ok: true };
      },
    },
  ]);
  render(<Stub initialEntries={[path]} />);
  return { posted, onConsentChange };
}

const UNANSWERED: ConsentState = { answered: false, marketing: false };

describe('cookie consent dialog', () => {
  it("shows the summary titled 'Vi använder cookies' with a privacy link until answered", async () => {
    renderDialog(UNANSWERED);
    const dialog = await screen.findByRole('dialog', { name: 'Vi använder cookies' });
    expect(screen.getByRole('link', { name: 'integritetspolicy' }).getAttribute('href')).toBe(
      '/integritetspolicy',
    );
    expect(screen.getByRole('button', { name: 'Acceptera alla' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Anpassa val' })).toBeTruthy();
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(dialog.textContent).toContain('Vi använder cookies');
  });

  it('opens by itself only once the browser is idle after the page has started', async () => {
    const callbacks: IdleRequestCallback[] = [];
    vi.stubGlobal('requestIdleCallback', (callback: IdleRequestCallback) => {
      callbacks.push(callback);
      return callbacks.length;
    });
    vi.stubGlobal('cancelIdleCallback', () => {});
    try {
      renderDialog(UNANSWERED);
      await screen.findByText('Sidans innehåll');
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(callbacks.length).toBeGreaterThan(0);
      act(() => {
        for (const callback of callbacks) callback({ didTimeout: false, timeRemaining: () => 50 });
      });
      expect(screen.getByRole('dialog', { name: 'Vi använder cookies' })).toBeTruthy();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("'Acceptera alla' grants marketing, posts it and closes", async () => {
    const user = userEvent.setup();
    const { posted, onConsentChange } = renderDialog(UNANSWERED);
    await user.click(await screen.findByRole('button', { name: 'Acceptera alla' }));
    expect(onConsentChange).toHaveBeenCalledWith(true);
    await waitFor(() => expect(posted).toEqual([{ intent: 'accept-all', marketing: 'true' }]));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("'Anpassa val' shows the mandatory and marketing choices; 'Spara mina val' saves them", async () => {
    const user = userEvent.setup();
    const { posted, onConsentChange } = renderDialog(UNANSWERED);
    await user.click(await screen.findByRole('button', { name: 'Anpassa val' }));
    const necessary = screen.getByRole<HTMLInputElement>('checkbox', {
      name: 'Nödvändiga cookies',
    });
    expect(necessary.checked).toBe(true);
    expect(necessary.disabled).toBe(true);
    const marketing = screen.getByRole<HTMLInputElement>('checkbox', {
      name: 'Marknadsföring och statistik',
    });
    expect(marketing.checked).toBe(false);
    await user.click(marketing);
    await user.click(marketing);
    await user.click(screen.getByRole('button', { name: 'Spara mina val' }));
    expect(onConsentChange).toHaveBeenCalledWith(false);
    await waitFor(() => expect(posted).toEqual([{ intent: 'save-choices', marketing: 'false' }]));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('Escape is no answer: nothing is saved', async () => {
    const user = userEvent.setup();
    const { posted, onConsentChange } = renderDialog(UNANSWERED);
    await screen.findByRole('dialog');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(onConsentChange).not.toHaveBeenCalled();
    expect(posted).toEqual([]);
  });

  it('stays hidden on the privacy policy', () => {
    renderDialog(UNANSWERED, '/integritetspolicy');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("'Cookieinställningar' opens the choices again with the saved values", async () => {
    const user = userEvent.setup();
    renderDialog({ answered: true, marketing: true });
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(screen.getByRole('link', { name: 'Cookieinställningar' }));
    await screen.findByRole('dialog', { name: 'Vi använder cookies' });
    expect(
      screen.getByRole<HTMLInputElement>('checkbox', { name: 'Marknadsföring och statistik' })
        .checked,
    ).toBe(true);
  });
});
