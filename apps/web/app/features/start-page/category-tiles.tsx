import { Link } from 'react-router';
import { ChevronRightIcon } from '~/components/ui/icons/chevron-right-icon.tsx';
import { formatCount } from '~/lib/format.ts';

export type CategoryTile = {
  id: number;
  name: string;
  url: string;
  productCount: number;
  /** Names of a few second-level categories, as a hint of what is inside. */
  examples: string[];
};

function countLabel(count: number): string {
  return count === 1 ? '1 produkt' : `${formatCount(count)} produkter`;
}

/** The top-level categories of the tree as a grid of tiles linking to each category. */
export function CategoryTiles({ categories }: { categories: CategoryTile[] }) {
  if (categories.length === 0) return null;
  return (
    <section className="category-tiles" aria-labelledby="category-tiles-heading">
      <h2 id="category-tiles-heading" className="section-heading">
        Utforska sortimentet
      </h2>
      <ul className="category-tiles__grid">
        {categories.map((category, index) => (
          <li key={category.id}>
            <Link className="category-tile" to={category.url}>
              <span
                className={`category-tile__badge category-tile__badge--${index % 5}`}
                aria-hidden="true"
              >
                {category.name.charAt(0)}
              </span>
              <span className="category-tile__body">
                <span className="category-tile__name">{category.name}</span>
                <span className="category-tile__count">{countLabel(category.productCount)}</span>
                {category.examples.length > 0 ? (
                  <span className="category-tile__examples">{category.examples.join(', ')}</span>
                ) : null}
              </span>
              <ChevronRightIcon className="category-tile__arrow" size={20} />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
