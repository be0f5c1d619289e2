import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import { OpenPanelProvider } from '~/components/layout/open-panel.tsx';
import { MainMenu, MenuButton } from './main-menu.tsx';
import { buildMainMenu } from './menu-tree.ts';
import { category, cmsItem } from './test-data.ts';

const menu = buildMainMenu(
  [cmsItem('Kundservice', '/kundservice')],
  [
    category(1, 'Trävaror', [
      category(11, 'Konstruktionsvirke', [category(111, 'Reglar', [], 3)], 2),
      category(12, 'Skivor', [], 2),
    ]),
    category(2, 'Färg', [], 1),
  ],
);

function renderMenu() {
  const Stub = createRoutesStub([
    {
      path: '/',
      Component: () => (
        <OpenPanelProvider>
          <MenuButton />
          <MainMenu root={menu} />
        </OpenPanelProvider>
      ),
    },
  ]);
  return render(<Stub initialEntries={['/']} />);
}

describe('main menu drawer', () => {
  it("opens from 'Meny' at the root level with 'Hem', 'Sortiment' and the CMS items", async () => {
    const user = userEvent.setup();
    renderMenu();
    await user.click(screen.getByRole('button', { name: 'Meny' }));
    const drawer = screen.getByRole('dialog', { name: 'Meny' });
    expect(within(drawer).getByRole('link', { name: 'Hem' }).getAttribute('href')).toBe('/');
    expect(within(drawer).getByRole('button', { name: 'Sortiment' })).toBeTruthy();
    expect(within(drawer).getByRole('link', { name: 'Kundservice' })).toBeTruthy();
    expect(within(drawer).queryByRole('button', { name: 'Tillbaka' })).toBeNull();
  });

  it("drills down level by level, each level starting with 'Visa allt i {category}'", async () => {
    const user = userEvent.setup();
    renderMenu();
    await user.click(screen.getByRole('button', { name: 'Meny' }));
    await user.click(screen.getByRole('button', { name: 'Sortiment' }));
    await user.click(screen.getByRole('button', { name: 'Trävaror' }));

    const drawer = screen.getByRole('dialog', { name: 'Trävaror' });
    const entries = within(drawer).getAllByRole('listitem');
    expect(entries[0]?.textContent).toBe('Visa allt i Trävaror');
    expect(
      within(drawer).getByRole('link', { name: 'Visa allt i Trävaror' }).getAttribute('href'),
    ).toBe('/produkter/travaror');
  });

  it("goes back up one level with 'Tillbaka'", async () => {
    const user = userEvent.setup();
    renderMenu();
    await user.click(screen.getByRole('button', { name: 'Meny' }));
    await user.click(screen.getByRole('button', { name: 'Sortiment' }));
    await user.click(screen.getByRole('button', { name: 'Trävaror' }));
    await user.click(screen.getByRole('button', { name: 'Tillbaka' }));

    const drawer = screen.getByRole('dialog', { name: 'Sortiment' });
    expect(within(drawer).getByRole('link', { name: 'Visa allt i Sortiment' })).toBeTruthy();
    expect(document.activeElement).toBe(
      within(drawer).getByRole('link', { name: 'Visa allt i Sortiment' }),
    );
  });

  it('closes on Escape, returns focus to the Meny button and starts at the top next time', async () => {
    const user = userEvent.setup();
    renderMenu();
    const opener = screen.getByRole('button', { name: 'Meny' });
    await user.click(opener);
    await user.click(screen.getByRole('button', { name: 'Sortiment' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);

    await user.click(opener);
    expect(screen.getByRole('dialog', { name: 'Meny' })).toBeTruthy();
  });
});
