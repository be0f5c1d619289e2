import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildMainMenu, buildMainMenuShell, withAssortment } from './menu-tree.ts';
import { category, cmsItem } from './test-data.ts';

describe('buildMainMenu', () => {
  afterEach(() => vi.restoreAllMocks());

  it("roots the menu at 'Hem' with 'Sortiment' first when no CMS item hosts the assortment", () => {
    const root = buildMainMenu(
      [cmsItem('Kundservice', '/kundservice')],
      [category(1, 'Trävaror', [category(11, 'Reglar', [], 2)])],
    );
    expect(root.name).toBe('Hem');
    expect(root.href).toBe('/');
    expect(root.children.map((child) => child.name)).toEqual(['Sortiment', 'Kundservice']);
    expect(root.children[0]?.href).toBe('/produkter');
    expect(root.children[0]?.children[0]?.children[0]?.name).toBe('Reglar');
  });

  it('puts the category tree under the CMS item marked as the assortment, keeping its place', () => {
    const root = buildMainMenu(
      [
        cmsItem('Inspiration', '/inspiration'),
        cmsItem('Vårt sortiment', '/produkter', { isAssortment: true }),
      ],
      [category(1, 'Trävaror')],
    );
    expect(root.children.map((child) => child.name)).toEqual(['Inspiration', 'Vårt sortiment']);
    expect(root.children[1]?.children.map((child) => child.name)).toEqual(['Trävaror']);
  });

  it('leaves out CMS items not meant for the header', () => {
    const root = buildMainMenu(
      [cmsItem('Bara i sidfoten', '/sidfot', { showIn: { header: false } })],
      [],
    );
    expect(root.children.map((child) => child.name)).toEqual(['Sortiment']);
  });

  it('logs and leaves out a category without a name or a link', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const broken = { ...category(2, 'Trasig'), url: '' };
    const root = buildMainMenu([], [category(1, 'Trävaror'), broken]);
    expect(root.children[0]?.children.map((child) => child.name)).toEqual(['Trävaror']);
    expect(warn).toHaveBeenCalledWith('Menu category without name or link left out', { id: 2 });
  });

  it('leaves the tree out of the menu the page carries and puts it back where it was', () => {
    const cms = [
      cmsItem('Inspiration', '/inspiration', {
        children: [cmsItem('Kök', '/inspiration/kok')],
      }),
      cmsItem('Vårt sortiment', '/produkter', { isAssortment: true }),
    ];
    const tree = [category(1, 'Trävaror', [category(11, 'Reglar', [], 2)])];
    const shell = buildMainMenuShell(cms);
    expect(
      shell.children.map((child) => [child.name, child.children.length, child.deferred]),
    ).toEqual([
      ['Inspiration', 1, undefined],
      ['Vårt sortiment', 0, true],
    ]);
    const full = buildMainMenu(cms, tree);
    expect(withAssortment(shell, full.children[1]?.children ?? [])).toEqual(full);
  });
});
