import { Link } from 'react-router';
import { Drawer } from '~/components/ui/drawer.tsx';
import { usePaths } from '~/lib/paths.ts';
import {
  picklistPlace,
  picklistVatMode,
  usePicklistAccess,
} from '~/lib/picklist/picklist-access.ts';
import type { PicklistStoreRef } from '~/lib/picklist/priced-picklist.ts';
import { isPicklistBusy, PicklistBody } from './picklist-body.tsx';
import { ContinueShopping, PicklistSum } from './picklist-states.tsx';
import { usePricedPicklist } from './use-priced-picklist.ts';

export const MINI_PICKLIST_TITLE = 'Plocklista';

/** The mini picklist drawer; mini-picklist.tsx loads it as a chunk of its own (issue 3). */
export function MiniPicklistDrawer({
  pathname,
  open,
  onOpenChange,
}: {
  pathname: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const access = usePicklistAccess();
  const place = picklistPlace(pathname, access.b2bPages);
  const store: PicklistStoreRef =
    place.kind === 'store'
      ? { slug: place.storeSlug }
      : access.chosenStoreId === null
        ? null
        : { id: access.chosenStoreId };
  const vat = picklistVatMode(pathname, access.b2bPages);
  // Priced only while open: a closed drawer makes no call.
  const priced = usePricedPicklist({ store, vat, active: open });
  const { state } = priced;
  const paths = usePaths();
  const close = () => onOpenChange(false);
  const loaded = state.status === 'loaded' ? state : null;
  return (
    <Drawer
      open={open}
      onOpenChange={onOpenChange}
      side="right"
      title={MINI_PICKLIST_TITLE}
      footer={
        loaded ? (
          <div className="mini-picklist__footer">
            <PicklistSum picklist={loaded.picklist} />
            <Link
              className="button button--primary button--block"
              to={paths.picklist()}
              onClick={close}
            >
              Till plocklistan
            </Link>
          </div>
        ) : null
      }
    >
      <div className="mini-picklist" aria-busy={isPicklistBusy(priced)}>
        <PicklistBody
          priced={priced}
          emptyAction={<ContinueShopping to={paths.products()} onClick={close} />}
          top={(loaded) => (
            <p className="mini-picklist__store">
              {loaded.store
                ? `Priser och lagersaldo för ${loaded.store.name}`
                : 'Ingen butik vald: priserna är webbpriser. Välj butik för butikens priser och lagersaldo.'}
            </p>
          )}
          productHref={paths.product}
          onNavigate={close}
          detailed={null}
        />
      </div>
    </Drawer>
  );
}
