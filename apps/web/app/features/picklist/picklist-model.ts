import type { Picklist, PicklistEntry, PicklistVatMode } from '@bygg/contracts/picklist';
import type { StockEntry } from '@bygg/contracts/stock';
import type { OrganisationId } from '@bygg/contracts/common';
import { vatLabelFor } from '@bygg/domain/money';
import { stockBadge } from '@bygg/domain/stock';
import { formatKronor } from '~/lib/format.ts';

/** Shown instead of an amount that cannot be given. */
export const NO_AMOUNT = '–';

export const SUM_UNDEFINED_EXPLANATION =
  'Totalsumman kan inte räknas ut eftersom minst en produkt saknar pris. Fråga butiken om priset.';

export type SumDisplay =
  | { defined: true; text: string; vatNote: string }
  | { defined: false; text: typeof NO_AMOUNT; explanation: string };

/**
 * The picklist's total as shown (spec §3): undefined when any line lacks a price, which is
 * shown as '–' with the reason instead of a total that leaves items out.
 */
export function sumDisplay(picklist: Pick<Picklist, 'sum' | 'vat'>): SumDisplay {
  if (picklist.sum === null) {
    return { defined: false, text: NO_AMOUNT, explanation: SUM_UNDEFINED_EXPLANATION };
  }
  return { defined: true, text: formatKronor(picklist.sum), vatNote: vatNote(picklist.vat) };
}

/** Spec §6: prices excl. VAT say 'exkl. moms'; others are said to include VAT. */
export function vatNote(vat: PicklistVatMode): string {
  return vatLabelFor(vat === 'excl');
}

export function lineTitle(entry: Pick<PicklistEntry, 'title' | 'variant'>): string {
  return entry.variant ? `${entry.title} (${entry.variant})` : entry.title;
}

/** The stock line of the print view and the page: badge text, plus the count when known. */
export function stockText(
  stock: StockEntry | null,
  options: { organisation: OrganisationId; hasStore: boolean },
): { label: string; tone: string } {
  const badge = stockBadge({
    status: stock?.status ?? 'UNKNOWN',
    availability: stock?.availability ?? 0,
    stockType: stock?.stock_type ?? null,
    organisation: options.organisation,
    hasStore: options.hasStore,
  });
  const count =
    stock?.quantity_on_hand !== null &&
    stock?.quantity_on_hand !== undefined &&
    stock.status === 'HIGH_IN_STOCK'
      ? ` (${stock.quantity_on_hand} st)`
      : '';
  return { label: `${badge.label}${count}`, tone: badge.tone };
}
