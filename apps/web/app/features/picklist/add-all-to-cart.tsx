import { useState } from 'react';
import type { PicklistEntry } from '@bygg/contracts/picklist';
import { useCartStore } from '~/lib/cart/use-cart.ts';

type Progress =
  | { status: 'idle' }
  | { status: 'adding'; done: number; total: number }
  | { status: 'done'; added: number; failed: number };

/** 'Alla 3 varor ligger nu i varukorgen.' or what did not go in. */
export function addAllResultText(added: number, failed: number): string {
  const items = (n: number) => `${n} ${n === 1 ? 'vara' : 'varor'}`;
  if (failed === 0) {
    return added === 1
      ? 'Varan ligger nu i varukorgen.'
      : `Alla ${items(added)} ligger nu i varukorgen.`;
  }
  if (added === 0) return 'Inga varor kunde läggas i varukorgen. Försök igen senare.';
  return `${items(added)} lades i varukorgen; ${items(failed)} kunde inte läggas till.`;
}

/**
 * Issue 22: 'Lägg allt i varukorgen' on the picklist page. The lines go in one after the
 * other through the cart (the cart's own rules, messages and mini cart apply to each), and
 * a status line says how it went.
 */
export function AddAllToCart({ entries }: { entries: readonly PicklistEntry[] }) {
  const cart = useCartStore();
  const [progress, setProgress] = useState<Progress>({ status: 'idle' });
  const addAll = async () => {
    let added = 0;
    let failed = 0;
    for (const [index, entry] of entries.entries()) {
      setProgress({ status: 'adding', done: index, total: entries.length });
      const ok = await cart.add({ id: entry.article_id, title: entry.title }, entry.quantity);
      if (ok) added += 1;
      else failed += 1;
    }
    setProgress({ status: 'done', added, failed });
  };
  const busy = progress.status === 'adding';
  return (
    <>
      <button
        type="button"
        className="button button--primary"
        onClick={() => void addAll()}
        disabled={busy || entries.length === 0}
        aria-describedby="picklist-add-all-status"
      >
        Lägg allt i varukorgen
      </button>
      <p id="picklist-add-all-status" className="picklist-page__add-all-status" role="status">
        {progress.status === 'adding'
          ? `Lägger i varukorgen … ${progress.done + 1} av ${progress.total}`
          : progress.status === 'done'
            ? addAllResultText(progress.added, progress.failed)
            : null}
      </p>
    </>
  );
}
