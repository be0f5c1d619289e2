import type { ReactNode } from 'react';
import { removeLines } from '~/lib/picklist/picklist-store.ts';
import { PicklistLines } from './picklist-lines.tsx';
import type { PicklistLinesProps } from './picklist-lines.tsx';
import {
  PicklistEmpty,
  PicklistLoadError,
  PicklistLoading,
  PicklistMissing,
  PicklistNoneFound,
} from './picklist-states.tsx';
import type { PricedPicklistState, usePricedPicklist } from './use-priced-picklist.ts';

export type PricedPicklist = ReturnType<typeof usePricedPicklist>;
export type LoadedPicklist = Extract<PricedPicklistState, { status: 'loaded' }>;

/** aria-busy of the element around a PicklistBody: first pricing or a change being priced. */
export function isPicklistBusy(priced: PricedPicklist) {
  return priced.state.status === 'loading' || priced.refreshing;
}

/**
 * What the mini picklist drawer and the picklist page both show of the priced picklist: its
 * loading, error, empty and none-found states, and once priced the missing-articles notice
 * and the lines. `top` and `bottom` add what only one of them shows around the lines.
 */
export function PicklistBody({
  priced,
  emptyAction,
  productHref,
  onNavigate,
  detailed,
  top,
  bottom,
}: {
  priced: PricedPicklist;
  /** The link under 'Plocklistan är tom'. */
  emptyAction: ReactNode;
  top?: (loaded: LoadedPicklist) => ReactNode;
  bottom?: (loaded: LoadedPicklist) => ReactNode;
} & Pick<PicklistLinesProps, 'productHref' | 'onNavigate' | 'detailed'>) {
  const { state } = priced;
  return (
    <>
      {state.status === 'waiting' || state.status === 'loading' ? <PicklistLoading /> : null}
      {state.status === 'error' ? <PicklistLoadError onRetry={priced.retry} /> : null}
      {state.status === 'empty' ? <PicklistEmpty action={emptyAction} /> : null}
      {state.status === 'none-found' ? <PicklistNoneFound onClear={() => removeLines()} /> : null}
      {state.status === 'loaded' ? (
        <>
          {top?.(state)}
          <PicklistMissing
            count={state.picklist.missing.length}
            onRemove={() => removeLines(state.picklist.missing)}
          />
          <PicklistLines
            entries={state.picklist.articles}
            vat={state.picklist.vat}
            quantityOf={priced.quantityOf}
            locked={priced.locked}
            errors={priced.errors}
            onClearError={priced.clearError}
            onQuantity={priced.setQuantity}
            productHref={productHref}
            onNavigate={onNavigate}
            detailed={detailed}
          />
          {bottom?.(state)}
        </>
      ) : null}
    </>
  );
}
