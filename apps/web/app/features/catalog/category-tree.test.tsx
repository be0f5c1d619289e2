import { render, screen, within } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { CategoryNode } from '@bygg/contracts/catalog';
import { CategoryTree, splitTopCategories, TOP_CATEGORIES_SHOWN } from './category-tree.tsx';
import { sideTree } from './listing-model.ts';

function node(id: number, name: string, children: CategoryNode[] = []): CategoryNode {
  const slug = name.toLowerCase();
  return {
    id,
    name,
    slug,
    path: slug,
    level: 1,
    url: `/produkter/${slug}`,
    product_count: id,
    children,
  };
}

const TOP = Array.from({ length: 20 }, (_, index) => node(index + 1, `Kategori${index + 1}`));

describe('splitTopCategories', () => {
  it('shows the first few top categories on a listing without one, the rest folded', () => {
    const { shown, folded } = splitTopCategories(TOP, []);
    expect(shown).toEqual(TOP.slice(0, TOP_CATEGORIES_SHOWN));
    expect(folded).toEqual(TOP.slice(TOP_CATEGORIES_SHOWN));
  });

  it('shows only the open category’s branch inside a category', () => {
    const open = TOP[11] as CategoryNode;
    const { shown, folded } = splitTopCategories(TOP, [open]);
    expect(shown).toEqual([open]);
    expect(folded).toHaveLength(19);
  });

  it('folds nothing when only one line would fold', () => {
    const six = TOP.slice(0, TOP_CATEGORIES_SHOWN + 1);
    expect(splitTopCategories(six, [])).toEqual({ shown: six, folded: [] });
  });
});

describe('CategoryTree', () => {
  it('puts the other top categories behind a disclosure the keyboard can open', () => {
    const child = { ...node(100, 'Reglar'), path: 'kategori3/reglar', level: 2 };
    const open = { ...(TOP[2] as CategoryNode), children: [child] };
    const categories = TOP.map((candidate) => (candidate.id === open.id ? open : candidate));
    const Stub = createRoutesStub([
      {
        path: '*',
        Component: () => <CategoryTree categories={categories} trail={[open]} base="/produkter" />,
      },
    ]);
    render(<Stub initialEntries={['/produkter/kategori3']} />);
    const tree = screen.getByRole('navigation', { name: 'Kategorier' });
    expect(within(tree).getByRole('link', { name: 'Kategori3 (3)' })).toBeTruthy();
    expect(within(tree).getByRole('link', { name: 'Reglar (100)' })).toBeTruthy();
    const more = tree.querySelector('details') as HTMLDetailsElement;
    expect(more.open).toBe(false);
    expect(more.querySelector('summary')?.textContent).toBe('Andra kategorier (19)');
    expect(within(more).getAllByRole('link', { hidden: true })).toHaveLength(19);
  });
});

describe('sideTree', () => {
  const leaf = { ...node(300, 'Reglar'), path: 'kategori3/virke/reglar', level: 3 };
  const virke = { ...node(200, 'Virke', [leaf]), path: 'kategori3/virke', level: 2 };
  const skivor = {
    ...node(201, 'Skivor', [{ ...leaf, id: 301 }]),
    path: 'kategori3/skivor',
    level: 2,
  };
  const open = { ...(TOP[2] as CategoryNode), children: [virke, skivor] };
  const other = { ...(TOP[4] as CategoryNode), children: [{ ...virke, id: 202 }] };
  const categories = TOP.map((top) =>
    top.id === open.id ? open : top.id === other.id ? other : top,
  );

  it('keeps the top level and the open branch one level at a time, nothing else', () => {
    const side = sideTree(categories, [open, virke]);
    expect(side.categories.map((top) => top.id)).toEqual(TOP.map((top) => top.id));
    expect(side.categories.find((top) => top.id === other.id)?.children).toEqual([]);
    const branch = side.categories.find((top) => top.id === open.id);
    expect(branch?.children.map((child) => child.id)).toEqual([200, 201]);
    expect(branch?.children[0]?.children).toEqual([leaf]);
    expect(branch?.children[1]?.children).toEqual([]);
    expect(side.trail.map((node) => [node.id, node.children])).toEqual([
      [open.id, []],
      [200, []],
    ]);
  });

  it('draws the same tree from the pruned nodes as from the whole tree', () => {
    const draw = (tree: CategoryNode[], trail: CategoryNode[]) => {
      const Stub = createRoutesStub([
        {
          path: '*',
          Component: () => <CategoryTree categories={tree} trail={trail} base="/produkter" />,
        },
      ]);
      const { container, unmount } = render(<Stub initialEntries={['/produkter/x']} />);
      const html = container.innerHTML;
      unmount();
      return html;
    };
    const side = sideTree(categories, [open, virke]);
    expect(draw(side.categories, side.trail)).toBe(draw(categories, [open, virke]));
    expect(draw(side.categories, side.trail)).toContain('Reglar');
  });
});
