import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoutesStub } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { OpenPanelProvider } from '~/components/layout/open-panel.tsx';
import { MainMenu } from './main-menu.tsx';
import { buildMainMenu } from './menu-tree.ts';
import { category, cmsItem } from './test-data.ts';

const menu = buildMainMenu(
  [cmsItem('Kundservice', '/kundservice')],
  [
    category(1, 'Trävaror', [
      category(11, 'Konstruktionsvirke', [category(111, 'Reglar', [], 3)], 2),
      category(12, 'Skivor', [category(121, 'Gips', [], 3)], 2),
    ]),
    category(2, 'Färg', [category(21, 'Fasadfärg', [category(211, 'Akrylat', [], 3)], 2)], 1),
  ],
);

// The panels are a lazy chunk (issue 3): have it compiled before the tests.
beforeAll(async () => {
  await import('./mega-panel.tsx');
});

function renderBar() {
  const Stub = createRoutesStub([
    {
      path: '/',
      Component: () => (
        <OpenPanelProvider>
          <MainMenu root={menu} />
          <button type="button">Utanför</button>
        </OpenPanelProvider>
      ),
    },
    { path: '/produkter/*', Component: () => <p>Kategorisidan</p> },
  ]);
  render(<Stub initialEntries={['/']} />);
  const nav = screen.getByRole('navigation', { name: 'Huvudmeny' });
  return { nav, trigger: within(nav).getByRole('button', { name: 'Sortiment' }) };
}

describe('desktop mega menu (disclosure navigation, ADR 015)', () => {
  it('opens by keyboard: the trigger says expanded and controls the panel, Tab walks into it', async () => {
    const user = userEvent.setup();
    const { nav, trigger } = renderBar();
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    trigger.focus();
    await user.keyboard('{Enter}');

    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    const panel = document.getElementById(trigger.getAttribute('aria-controls') ?? '');
    expect(panel).not.toBeNull();
    await within(nav).findByRole('link', { name: 'Visa allt i Trävaror' });
    await user.tab();
    expect(document.activeElement).toBe(
      within(panel as HTMLElement).getByRole('link', { name: /^Visa allt i Sortiment/ }),
    );
  });

  it('closes on Escape and gives focus back to the trigger', async () => {
    const user = userEvent.setup();
    const { nav, trigger } = renderBar();
    await user.click(trigger);
    await within(nav).findByRole('link', { name: 'Visa allt i Trävaror' });
    await user.tab();
    await user.keyboard('{Escape}');
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    expect(within(nav).queryByRole('link', { name: 'Visa allt i Trävaror' })).toBeNull();
    expect(document.activeElement).toBe(trigger);
  });

  it('closes on a click outside and when focus leaves the menu', async () => {
    const user = userEvent.setup();
    const { trigger } = renderBar();
    await user.click(trigger);
    await user.click(screen.getByRole('button', { name: 'Utanför' }));
    expect(trigger.getAttribute('aria-expanded')).toBe('false');

    trigger.focus();
    await user.keyboard('{Enter}');
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    act(() => screen.getByRole('button', { name: 'Utanför' }).focus());
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
  });

  it('toggles on a second click', async () => {
    const user = userEvent.setup();
    const { trigger } = renderBar();
    await user.click(trigger);
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    // Far enough from the hover that opened it to count as "close".
    await new Promise((resolve) => setTimeout(resolve, 600));
    await user.click(trigger);
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
  });

  it('shows the groups of the category that is clicked or focused, one at a time', async () => {
    const user = userEvent.setup();
    const { nav, trigger } = renderBar();
    await user.click(trigger);
    const first = await within(nav).findByRole('button', { name: 'Trävaror' });
    const second = within(nav).getByRole('button', { name: 'Färg' });
    expect(first.getAttribute('aria-expanded')).toBe('true');
    expect(within(nav).getByRole('link', { name: 'Konstruktionsvirke' })).toBeTruthy();

    await user.click(second);
    expect(second.getAttribute('aria-expanded')).toBe('true');
    expect(first.getAttribute('aria-expanded')).toBe('false');
    expect(within(nav).getByRole('link', { name: 'Fasadfärg' })).toBeTruthy();
    expect(within(nav).queryByRole('link', { name: 'Konstruktionsvirke' })).toBeNull();

    // ArrowUp moves focus to the previous category, which shows its groups.
    await user.keyboard('{ArrowUp}');
    expect(document.activeElement).toBe(first);
    expect(first.getAttribute('aria-expanded')).toBe('true');
  });

  it('moves along the bar with the arrow keys', async () => {
    const user = userEvent.setup();
    const { nav, trigger } = renderBar();
    trigger.focus();
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(within(nav).getByRole('link', { name: 'Kundservice' }));
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(document.activeElement).toBe(within(nav).getByRole('link', { name: 'Hem' }));
  });

  it('opens on hover and closes when the pointer leaves', async () => {
    const user = userEvent.setup();
    const { nav, trigger } = renderBar();
    await user.hover(trigger);
    await within(nav).findByRole('link', { name: 'Visa allt i Trävaror' });
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    await user.unhover(trigger);
    await user.hover(screen.getByRole('button', { name: 'Utanför' }));
    await expect
      .poll(() => within(nav).queryByRole('link', { name: 'Visa allt i Trävaror' }))
      .toBeNull();
  });

  it('closes when a link in the panel is followed', async () => {
    const user = userEvent.setup();
    const { nav, trigger } = renderBar();
    await user.click(trigger);
    await user.click(await within(nav).findByRole('link', { name: 'Konstruktionsvirke' }));
    expect(await screen.findByText('Kategorisidan')).toBeTruthy();
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
  });
});
