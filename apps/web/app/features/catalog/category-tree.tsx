import { Link } from 'react-router';
import type { CategoryNode } from '@bygg/contracts/catalog';
import { formatCount } from '~/lib/format.ts';

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

/** Top categories shown before the rest fold away, where no category is open. */
export const TOP_CATEGORIES_SHOWN = 5;

/**
 * Issue 22: the top categories the tree shows at once, and the ones behind 'Fler kategorier',
 * so the filters below are not pushed under a 20-line tree. Inside a category only its own
 * branch shows; on a listing without one, the first few.
 */
export function splitTopCategories(
  categories: readonly CategoryNode[],
  trail: readonly CategoryNode[],
): { shown: CategoryNode[]; folded: CategoryNode[] } {
  const open = trail[0];
  const isShown = open
    ? (node: CategoryNode) => node.id === open.id
    : (_node: CategoryNode, index: number) => index < TOP_CATEGORIES_SHOWN;
  const shown = categories.filter(isShown);
  const folded = categories.filter((node, index) => !isShown(node, index));
  // Folding away one line saves nothing.
  return folded.length <= 1 ? { shown: [...categories], folded: [] } : { shown, folded };
}

/** The side tree: the branch of the current path open, the other top categories folded. */
export function CategoryTree({ categories, trail, base, showCounts = true }: CategoryTreeProps) {
  const current = trail.at(-1);
  const { shown, folded } = splitTopCategories(categories, trail);
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
                    <span className="category-tree__count">
                      ({formatCount(node.product_count)})
                    </span>
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
      {render(shown, 1)}
      {folded.length > 0 ? (
        <details className="category-tree__more">
          <summary>
            {trail.length > 0 ? 'Andra kategorier' : 'Fler kategorier'} ({folded.length})
          </summary>
          {render(folded, 1)}
        </details>
      ) : null}
    </nav>
  );
}
