import { useMemo } from 'react';
import type { Offer, OfferTotals } from '@bygg/contracts/trade/offers';
import { formatPrice } from '@bygg/domain/money';
import { offerTotals, type OfferTotalsInput } from '@bygg/domain/offer-totals';
import { parseHours, parseKronor, parsePercent } from '~/lib/offer-form.ts';

/** What the user is typing in the add and surcharge forms, before it is saved. */
export type OfferDraft = {
  work?: { title: string; hours: string; rate: string; deduction: string } | undefined;
  row?: { text: string; amount: string } | undefined;
  surcharge?: { type: 'none' | 'percent' | 'amount'; value: string } | undefined;
};

/**
 * The offer's totals with what is being typed counted in: the domain money module the server
 * computes with (@bygg/domain/offer-totals), on the offer's lines plus the draft, for the date
 * of the server's own totals. A draft that does not parse yet is left out.
 */
export function draftTotals(offer: Offer, draft: OfferDraft): OfferTotals {
  const hasDraft = Boolean(draft.work || draft.row || draft.surcharge);
  if (!hasDraft) return offer.totals;
  const work: OfferTotalsInput['work'][number][] = offer.work.map((w) => ({
    hoursHundredths: w.hours_hundredths,
    rateOre: w.rate_ore,
    deductionType: w.deduction_type,
  }));
  const hours = draft.work ? parseHours(draft.work.hours) : null;
  const rate = draft.work ? parseKronor(draft.work.rate) : null;
  if (draft.work && hours !== null && rate !== null && hours > 0 && rate >= 0) {
    const type = draft.work.deduction;
    work.push({
      hoursHundredths: hours,
      rateOre: rate,
      deductionType: type === 'rot' || type === 'rut' ? type : null,
    });
  }
  const rows: OfferTotalsInput['rows'][number][] = offer.rows.map((r) => ({
    amountOre: r.amount_ore,
    vatRateBp: r.vat_rate_bp,
  }));
  const amount = draft.row ? parseKronor(draft.row.amount) : null;
  if (amount !== null) rows.push({ amountOre: amount, vatRateBp: 2500 });
  let surcharge: OfferTotalsInput['surcharge'] =
    offer.surcharge.type === 'percent'
      ? { type: 'percent', percentBp: offer.surcharge.percent_bp ?? 0 }
      : offer.surcharge.type === 'amount'
        ? { type: 'amount', amountOre: offer.surcharge.amount_ore ?? 0 }
        : { type: 'none' };
  if (draft.surcharge) {
    const s = draft.surcharge;
    const percent = s.type === 'percent' ? parsePercent(s.value) : null;
    const kronor = s.type === 'amount' ? parseKronor(s.value) : null;
    if (s.type === 'none') surcharge = { type: 'none' };
    else if (percent !== null) surcharge = { type: 'percent', percentBp: percent };
    else if (kronor !== null) surcharge = { type: 'amount', amountOre: kronor };
  }
  try {
    const t = offerTotals({
      items: offer.items.map((i) => ({
        quantity: i.quantity,
        unitPriceOre: i.unit_price_ore,
        vatRateBp: i.vat_rate_bp,
      })),
      work,
      rows,
      surcharge,
      deductions: offer.deductions.map((d) => ({
        type: d.type,
        shareBp: d.share_bp,
        priorRotOre: d.prior_rot_ore,
        priorRutOre: d.prior_rut_ore,
      })),
      date: offer.totals.rules_date,
    });
    return {
      items_ore: t.itemsOre,
      work_ore: t.workOre,
      rows_ore: t.rowsOre,
      subtotal_ore: t.subtotalOre,
      surcharge_ore: t.surchargeOre,
      total_excl_vat_ore: t.totalExclVatOre,
      vat_ore: t.vatOre,
      total_incl_vat_ore: t.totalInclVatOre,
      rot_labour_incl_vat_ore: t.rotLabourInclVatOre,
      rut_labour_incl_vat_ore: t.rutLabourInclVatOre,
      rot_ore: t.rotOre,
      rut_ore: t.rutOre,
      deduction_ore: t.deductionOre,
      after_deduction_ore: t.afterDeductionOre,
      rounding_ore: t.roundingOre,
      to_pay_ore: t.toPayOre,
      rot_rate_bp: t.rotRateBp,
      rut_rate_bp: t.rutRateBp,
      rules_date: t.rulesDate,
    };
  } catch {
    return offer.totals;
  }
}

export function useDraftTotals(offer: Offer, draft: OfferDraft): OfferTotals {
  return useMemo(() => draftTotals(offer, draft), [offer, draft]);
}

/** The totals panel: excl. and incl. VAT, the deduction, öresavrundning and the amount to pay. */
export function LiveTotals({ totals, pending }: { totals: OfferTotals; pending: boolean }) {
  return (
    <section aria-labelledby="offert-summa" className="offer-editor__totals">
      <h2 id="offert-summa" className="dashboard__card-title">
        Summa
      </h2>
      {pending ? (
        <p className="dashboard-form__hint">Summan räknar med det du skriver men inte sparat än.</p>
      ) : null}
      <dl className="offer-view__totals" aria-live="polite">
        <dt>Artiklar</dt>
        <dd>{formatPrice(totals.items_ore)}</dd>
        <dt>Arbete</dt>
        <dd>{formatPrice(totals.work_ore)}</dd>
        <dt>Övriga rader</dt>
        <dd>{formatPrice(totals.rows_ore)}</dd>
        <dt>Tillägg</dt>
        <dd>{formatPrice(totals.surcharge_ore)}</dd>
        <dt>Summa exkl. moms</dt>
        <dd>{formatPrice(totals.total_excl_vat_ore)}</dd>
        <dt>Moms</dt>
        <dd>{formatPrice(totals.vat_ore)}</dd>
        <dt>Summa inkl. moms</dt>
        <dd>{formatPrice(totals.total_incl_vat_ore)}</dd>
        {totals.rot_ore !== 0 ? (
          <>
            <dt>ROT-avdrag</dt>
            <dd>−{formatPrice(totals.rot_ore)}</dd>
          </>
        ) : null}
        {totals.rut_ore !== 0 ? (
          <>
            <dt>RUT-avdrag</dt>
            <dd>−{formatPrice(totals.rut_ore)}</dd>
          </>
        ) : null}
        {totals.rounding_ore !== 0 ? (
          <>
            <dt>Öresavrundning</dt>
            <dd>{formatPrice(totals.rounding_ore)}</dd>
          </>
        ) : null}
        <dt className="offer-view__to-pay">Kunden betalar</dt>
        <dd className="offer-view__to-pay">{formatPrice(totals.to_pay_ore)}</dd>
      </dl>
    </section>
  );
}
