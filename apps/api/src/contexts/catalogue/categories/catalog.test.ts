import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CategoryNode, CategoryTree } from '@bygg/contracts/catalog';
import { buildTestApp, type TestApp } from '../../../../test/helper.ts';
import { buildCategoryTree } from './service.ts';

describe('buildCategoryTree', () => {
  const row = (id: number, parentId: number | null, level: number, path: string) => ({
    id,
    parentId,
    level,
    path,
    slug: path.split('/').at(-1) as string,
    name: path,
    treeId: 'TREE',
    sortOrder: id,
  });

  it('nests the rows and sums product counts up the tree', () => {
    const tree = buildCategoryTree(
      [row(1, null, 1, 'a'), row(2, 1, 2, 'a/b'), row(3, 2, 3, 'a/b/c'), row(4, 2, 3, 'a/b/d')],
      new Map([
        [3, 5],
        [4, 2],
      ]),
    );
    expect(tree).toHaveLength(1);
    expect(tree[0]?.product_count).toBe(7);
    expect(tree[0]?.children[0]?.children.map((c) => c.product_count)).toEqual([5, 2]);
    expect(tree[0]?.children[0]?.url).toBe('/produkter/a/b');
  });
});

describe('GET /api/v2.0/category_tree/', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp();
  });

  afterAll(async () => {
    await t?.close();
  });

  const sumOfChildren = (node: CategoryNode): boolean =>
    node.children.length === 0 ||
    (node.product_count === node.children.reduce((sum, c) => sum + c.product_count, 0) &&
      node.children.every(sumOfChildren));

  it('answers the three-level tree with product counts that add up, and a cache header', async () => {
    const response = await t.app.inject({ url: '/api/v2.0/category_tree/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe(
      'public, max-age=60, stale-while-revalidate=300',
    );
    const tree = response.json() as CategoryTree;
    expect(tree.tree_id).toBe('TREE');
    expect(tree.categories.length).toBeGreaterThan(1);
    expect(tree.categories.every(sumOfChildren)).toBe(true);
    expect(tree.categories.reduce((sum, c) => sum + c.product_count, 0)).toBeGreaterThan(0);
    const leaf = tree.categories[0]?.children[0]?.children[0];
    expect(leaf?.level).toBe(3);
    expect(leaf?.url).toBe(`/produkter/${leaf?.path}`);
  });

  it('counts a category as the product listing does, so the menu and the listing agree', async () => {
    const tree = (await t.app.inject({ url: '/api/v2.0/category_tree/' })).json() as CategoryTree;
    for (const top of tree.categories.slice(0, 3)) {
      const listing = await t.app.inject({
        url: `/api/v2.0/products/?category=${encodeURIComponent(top.path)}&page_size=1`,
      });
      expect(listing.statusCode).toBe(200);
      expect((listing.json() as { count: number }).count, top.path).toBe(top.product_count);
    }
  });
});
