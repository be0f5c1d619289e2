import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoutesStub } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { OpenPanelProvider } from '~/components/layout/open-panel.tsx';
import { MainMenu, MenuButton } from './main-menu.tsx';
import {
  ASSORTMENT_RESOURCE,
  buildAssortment,
  buildMainMenu,
  buildMainMenuShell,
} from './menu-tree.ts';
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

// The drawer is a lazy chunk (issue 3): have it compiled before the tests.
beforeAll(async () => {
  await import('./menu-drawer.tsx');
});

function renderMenu(root = menu) {
  const Stub = createRoutesStub([
    {
      path: '/',
      Component: () => (
        <OpenPanelProvider>
          <MenuButton />
          <MainMenu root={root} />
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
    await screen.findByRole('dialog', { name: 'Meny' });
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
    await screen.findByRole('dialog', { name: 'Meny' });
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
    await screen.findByRole('dialog', { name: 'Meny' });
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
    await screen.findByRole('dialog', { name: 'Meny' });
    await user.click(screen.getByRole('button', { name: 'Sortiment' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);

    await user.click(opener);
    expect(screen.getByRole('dialog', { name: 'Meny' })).toBeTruthy();
  });
});

describe('main menu with the category tree fetched on first use (issue 3)', () => {
  const tree = [
    category(1, 'Trävaror', [category(11, 'Konstruktionsvirke', [], 2)]),
    category(2, 'Färg', [], 1),
  ];
  const shell = buildMainMenuShell([cmsItem('Kundservice', '/kundservice')]);
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('sends the menu without the tree and fetches it once when the drawer opens', async () => {
    let answer: (response: Response) => void = () => {};
    const fetchMock = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    vi.stubGlobal('fetch', fetchMock);
    expect(shell.children[0]).toMatchObject({ name: 'Sortiment', children: [], deferred: true });
    const user = userEvent.setup();
    renderMenu(shell);
    await user.click(screen.getByRole('button', { name: 'Meny' }));
    await screen.findByRole('dialog', { name: 'Meny' });
    await user.click(screen.getByRole('button', { name: 'Sortiment' }));

    const drawer = screen.getByRole('dialog', { name: 'Sortiment' });
    expect(within(drawer).getByRole('link', { name: 'Visa allt i Sortiment' })).toBeTruthy();
    expect(within(drawer).getByRole('status').textContent).toBe('Laddar kategorier…');
    answer(json({ children: buildAssortment(tree) }));

    await within(drawer).findByRole('button', { name: 'Trävaror' });
    expect(within(drawer).getByRole('link', { name: 'Färg' }).getAttribute('href')).toBe(
      '/produkter/farg',
    );
    expect(within(drawer).queryByRole('status')).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]).toEqual([ASSORTMENT_RESOURCE, expect.anything()]);
  });

  it("says 'Kunde inte ladda kategorierna' when the fetch fails and tries again on request", async () => {
    const failed = () => json({ error: 'Kunde inte ladda kategorierna' }, 502);
    const fetchMock = vi
      .fn()
      // Opening the drawer and entering 'Sortiment' each try; both fail here.
      .mockResolvedValueOnce(failed())
      .mockResolvedValueOnce(failed())
      .mockResolvedValueOnce(json({ children: buildAssortment(tree) }));
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderMenu(shell);
    await user.click(screen.getByRole('button', { name: 'Meny' }));
    await screen.findByRole('dialog', { name: 'Meny' });
    await user.click(screen.getByRole('button', { name: 'Sortiment' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Kunde inte ladda kategorierna');
    expect(vi.mocked(console.error)).toHaveBeenCalledWith(
      'Could not load the menu categories:',
      expect.any(Error),
    );
    vi.mocked(console.error).mockClear();
    await user.click(within(alert).getByRole('button', { name: 'Försök igen' }));

    const drawer = screen.getByRole('dialog', { name: 'Sortiment' });
    await within(drawer).findByRole('button', { name: 'Trävaror' });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('fetches the tree when the Sortiment trigger of the desktop bar gets focus', async () => {
    const fetchMock = vi.fn(async () => json({ children: buildAssortment(tree) }));
    vi.stubGlobal('fetch', fetchMock);
    renderMenu(shell);
    const trigger = await screen.findByRole('button', { name: 'Sortiment' });
    expect(fetchMock).not.toHaveBeenCalled();
    act(() => trigger.focus());
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
