import { Link } from 'react-router';
import type { CategoryNode } from '@bygg/contracts/catalog';

/** The nodes from the top level down to the one at path; empty when the path is unknown. */
export function findCategoryTrail(
  categories: readonly CategoryNode[],
  path: string,
): CategoryNode[] {
  const slugs = path.split('/').filter(Boolean);
  const trail: CategoryNode[] = [];
  let level = categories;
  for (const slug of slugs) {
    const node = level.find((candidate) => candidate.slug === slug);
    if (!node) return [];
    trail.push(node);
    level = node.children;
  }
  return trail;
}

type CategoryTreeProps = {
  categories: readonly CategoryNode[];
  trail: readonly CategoryNode[];
  base: string;
  /** The counts are the whole assortment's: left out where the listing is narrower. */
  showCounts?: boolean;
};

/** The side tree: every top category, with the branch of the current path open. */
export function CategoryTree({ categories, trail, base, showCounts = true }: CategoryTreeProps) {
  const current = trail.at(-1);
  function render(nodes: readonly CategoryNode[], depth: number) {
    return (
      <ul className={`category-tree__level category-tree__level--${depth}`}>
        {nodes.map((node) => {
          const open = trail[depth - 1]?.id === node.id;
          return (
            <li key={node.id}>
              <Link
                to={`${base}/${node.path}`}
                aria-current={node.id === current?.id ? 'page' : undefined}
                className="category-tree__link"
              >
                {node.name}
                {showCounts ? (
                  <>
                    {' '}
                    <span className="category-tree__count">({node.product_count})</span>
                  </>
                ) : null}
              </Link>
              {open && node.children.length > 0 ? render(node.children, depth + 1) : null}
            </li>
          );
        })}
      </ul>
    );
  }
  return (
    <nav className="category-tree" aria-label="Kategorier">
      <h2 className="category-tree__heading">Kategorier</h2>
      {render(categories, 1)}
    </nav>
  );
}
