import type { ReactNode } from 'react';
import { Form, useLocation } from 'react-router';
import { STORE_CHOICE_PATH } from './store-search.ts';

type ChooseStoreFormProps = {
  storeId: number;
  /** The button's content; name the store in it when several buttons share a list. */
  children: ReactNode;
  className?: string;
  /** Runs as the choice is sent, e.g. to close the dialog it was made in. */
  onSubmit?: () => void;
};

/**
 * Spec §4 store choice: posts intent 'choose-store' to the store-choice resource route, which
 * sets the store cookie and sends the visitor back to this page (without a `store` query), so
 * every loader runs again for the new store. A plain form: it works without JavaScript.
 */
export function ChooseStoreForm({ storeId, children, className, onSubmit }: ChooseStoreFormProps) {
  const location = useLocation();
  return (
    <Form
      method="post"
      action={STORE_CHOICE_PATH}
      preventScrollReset
      className="choose-store-form"
      onSubmit={onSubmit}
    >
      <input type="hidden" name="intent" value="choose-store" />
      <input type="hidden" name="storeId" value={storeId} />
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      <button type="submit" className={className ?? 'button button--primary'}>
        {children}
      </button>
    </Form>
  );
}
