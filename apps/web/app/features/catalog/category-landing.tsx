import { Link } from 'react-router';
import type { CategoryNode } from '@bygg/contracts/catalog';
import { usePaths } from '~/lib/paths.ts';
import { Breadcrumbs } from './breadcrumbs.tsx';
import { productCountText } from './listing-page.tsx';

/** /produkter: the top categories as tiles, each with its product count. */
export function CategoryLanding({
  categories,
  base,
}: {
  categories: readonly CategoryNode[];
  base: string;
}) {
  const paths = usePaths();
  return (
    <div className="container listing">
      <Breadcrumbs
        crumbs={[
          { name: 'Hem', href: paths.home() },
          { name: 'Produkter', href: base },
        ]}
      />
      <h1 className="listing__heading">Produkter</h1>
      <ul className="category-landing">
        {categories.map((category) => (
          <li key={category.id}>
            <Link to={`${base}/${category.path}`} className="category-landing__tile">
              <span className="category-landing__name">{category.name}</span>
              <span className="category-landing__count">
                {productCountText(category.product_count)}
              </span>
              <span className="category-landing__children">
                {category.children
                  .slice(0, 4)
                  .map((child) => child.name)
                  .join(', ')}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
