import { Link } from 'react-router';
import type { StoreDetail } from './store-model.ts';
import { usePaths } from '~/lib/paths.ts';

/**
 * Under a store assortment page's heading: what the list is, the store's own notice about
 * its local assortment (spec §2) and the way to the store page.
 */
export function StoreAssortmentIntro({ store }: { store: StoreDetail }) {
  const paths = usePaths();
  return (
    <div className="store-assortment-intro">
      <p>
        Varor som {store.name} har i sitt eget lager, med butikens priser och lagersaldo. Övriga
        varor kan beställas till butiken.
      </p>
      {store.localAssortmentNotice ? (
        <p className="store-assortment-intro__notice" role="note">
          {store.localAssortmentNotice}
        </p>
      ) : null}
      <p>
        <Link to={paths.store(store.slug)}>Öppettider och kontakt för {store.name}</Link>
      </p>
    </div>
  );
}
