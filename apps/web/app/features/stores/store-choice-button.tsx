import { StoreIcon } from '~/components/ui/icons/store-icon.tsx';
import { useStoreChoiceContext } from './store-choice.tsx';

/** The header's store button: the chosen store's name, or 'Välj butik'; opens the drawer. */
export function StoreButton() {
  const { choice, drawerOpen, openDrawer, storeButtonRef } = useStoreChoiceContext();
  const chosen = choice.chosen;
  return (
    <button
      ref={storeButtonRef}
      type="button"
      className="store-button"
      aria-haspopup="dialog"
      aria-expanded={drawerOpen}
      onClick={openDrawer}
    >
      <StoreIcon />
      {chosen ? <span className="store-button__dot" aria-hidden="true" /> : null}
      {/* Phones have room for one word only; the full name is in the hidden text. */}
      <span className="store-button__short" aria-hidden="true">
        Butik
      </span>
      {chosen ? (
        <span className="store-button__text">
          <span className="store-button__caption">Min butik</span>{' '}
          <span className="store-button__name">{chosen.name}</span>
        </span>
      ) : (
        <span className="store-button__text">
          <span className="store-button__name">Välj butik</span>
        </span>
      )}
    </button>
  );
}
