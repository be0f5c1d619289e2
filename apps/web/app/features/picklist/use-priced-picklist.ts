import { useEffect, useRef, useState } from 'react';
import type { Picklist, PicklistVatMode } from '@bygg/contracts/picklist';
import {
  applyUpdate,
  readLines,
  usePicklistLines,
  writeLines,
} from '~/lib/picklist/picklist-store.ts';
import type { PicklistLine } from '~/lib/picklist/picklist-store.ts';
import { requestPricedPicklist } from '~/lib/picklist/priced-picklist.ts';
import type { PicklistStoreRef, PricedStore } from '~/lib/picklist/priced-picklist.ts';
import { useItemErrors } from './use-item-errors.ts';

export type PricedPicklistState =
  /** On the server and during hydration: local storage is not known yet. */
  | { status: 'waiting' }
  | { status: 'empty' }
  /** The first pricing of these lines is in flight. */
  | { status: 'loading' }
  | { status: 'loaded'; picklist: Picklist; store: PricedStore | null }
  /** Every stored article is gone (the API's 'No products found'). */
  | { status: 'none-found' }
  /** Pricing failed: the banner of spec §8. */
  | { status: 'error' };

type Result =
  /** restored: the lines went back to ones whose prices were already shown. */
  | { key: string; ok: true; picklist: Picklist | null; restored?: true }
  | { key: string; ok: false };

/** The latest prices received, and the store and price mode they are for. */
type LastGood = { context: string; picklist: Picklist; store: PricedStore | null };

/** An update in flight: the line before it, to put back if pricing the change fails. */
type Pending = { articleId: number; before: PicklistLine | null; title: string };

function keyOf(lines: readonly PicklistLine[], context: string) {
  return JSON.stringify([context, lines.map((line) => [line.article_id, line.quantity])]);
}

/**
 * The stored picklist priced for a store and price mode (storefront spec §4). Lines change in
 * local storage at once; the changed item stays locked (spinner) until the new prices arrive.
 * If pricing the change fails, the change is undone and the item shows an error that clears
 * itself. The newest request wins; older replies are dropped. `active` false makes no call
 * (the mini picklist while it is closed).
 */
export function usePricedPicklist(options: {
  store: PicklistStoreRef;
  vat: PicklistVatMode;
  active: boolean;
}) {
  const { store, vat, active } = options;
  /** Store and price mode: prices of another context are never shown as current. */
  const context = JSON.stringify([store, vat]);
  const lines = usePicklistLines();
  const [result, setResult] = useState<Result | null>(null);
  const [lastGood, setLastGood] = useState<LastGood | null>(null);
  const lastGoodRef = useRef<LastGood | null>(null);
  const [pending, setPending] = useState<readonly Pending[]>([]);
  const { errors, show: showError, clear: clearError } = useItemErrors();
  const latest = useRef(0);
  // The failure handler below runs after renders; it reads the changes waiting at that time.
  const pendingRef = useRef(pending);
  useEffect(() => {
    pendingRef.current = pending;
  }, [pending]);

  const key = lines === null ? null : keyOf(lines, context);
  const [retries, setRetries] = useState(0);

  // Prices of these lines are already known (a failed change was undone): nothing to ask.
  const known = result !== null && result.ok && result.restored === true && result.key === key;
  useEffect(() => {
    if (!active || lines === null || key === null || lines.length === 0 || known) return;
    const controller = new AbortController();
    const id = ++latest.current;
    const requestContext = context;
    requestPricedPicklist(lines, { store, vat, signal: controller.signal }).then(
      (reply) => {
        if (id !== latest.current) return;
        const picklist = reply.status === 'ok' ? reply.picklist : null;
        if (reply.status === 'ok' && picklist) {
          lastGoodRef.current = { context: requestContext, picklist, store: reply.store };
          setLastGood(lastGoodRef.current);
          if (picklist.missing.length > 0) {
            // Spec §8: a missing product is warned about and skipped.
            console.warn('Picklist products not found, skipped:', picklist.missing);
          }
        }
        setResult({ key, ok: true, picklist });
        setPending([]);
      },
      (error: unknown) => {
        if (controller.signal.aborted || id !== latest.current) return;
        console.error('Could not load the picklist:', error);
        // Undo the changes that were waiting for these prices, and say so on each item; the
        // prices shown before the changes still hold, so there is no banner for this.
        const undo = pendingRef.current;
        setPending([]);
        if (undo.length === 0) setResult({ key, ok: false });
        else {
          let restored = readLines();
          for (const change of undo) {
            restored = change.before
              ? applyUpdate(restored, { ...change.before, mode: 'set' })
              : restored.filter((line) => line.article_id !== change.articleId);
            showError(
              change.articleId,
              `Vi kunde tyvärr inte uppdatera ${change.title}. Försök igen senare.`,
            );
          }
          const before = lastGoodRef.current;
          setResult(
            before?.context === requestContext
              ? {
                  key: keyOf(restored, requestContext),
                  ok: true,
                  picklist: before.picklist,
                  restored: true,
                }
              : { key, ok: false },
          );
          try {
            writeLines(restored);
          } catch (storageError) {
            console.error('Could not restore the picklist:', storageError);
          }
        }
      },
    );
    return () => controller.abort();
    // `lines` is represented by `key`, `known` is read as of this key; retries asks again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [active, key, retries]);

  /** Sets one item's quantity; 0 removes it. */
  const setQuantity = (articleId: number, quantity: number, title: string) => {
    const current = readLines();
    const before = current.find((line) => line.article_id === articleId) ?? null;
    if (!before || before.quantity === quantity) return;
    clearError(articleId);
    try {
      writeLines(applyUpdate(current, { ...before, quantity, mode: 'set' }));
    } catch (error) {
      console.error('Could not store the picklist:', error);
      showError(articleId, `Vi kunde tyvärr inte uppdatera ${title}. Försök igen senare.`);
      return;
    }
    setPending((list) => [...list, { articleId, before, title }]);
  };

  const retry = () => setRetries((n) => n + 1);

  let state: PricedPicklistState;
  if (lines === null) state = { status: 'waiting' };
  else if (lines.length === 0) state = { status: 'empty' };
  else if (result?.key === key && !result.ok) state = { status: 'error' };
  else if (result?.key === key && result.ok && result.picklist === null) {
    state = { status: 'none-found' };
  } else if (lastGood?.context === context) {
    // Prices of the same store and mode stay on screen while a change is being priced.
    state = { status: 'loaded', picklist: lastGood.picklist, store: lastGood.store };
  } else state = { status: 'loading' };

  const locked = new Set(pending.map((change) => change.articleId));
  const quantities = new Map((lines ?? []).map((line) => [line.article_id, line.quantity]));
  return {
    state,
    /** A request for newer lines than the shown prices is in flight. */
    refreshing: state.status === 'loaded' && result?.key !== key,
    locked,
    errors,
    clearError,
    /** The stored quantity (0 when removed), which may be ahead of the priced one. */
    quantityOf: (articleId: number) => quantities.get(articleId) ?? 0,
    lines: lines ?? [],
    setQuantity,
    retry,
  };
}
