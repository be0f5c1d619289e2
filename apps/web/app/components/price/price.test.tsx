import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PriceOffer } from '@bygg/contracts/prices';
import { Price } from './price.tsx';

const NBSP = '\u00a0';

const plain: PriceOffer = {
  article_id: 1,
  price: 1295,
  price_excl_vat: 1036,
  unit_price: 1295,
  unit_price_excl_vat: 1036,
  unit_label: 'st',
  reduced_from: null,
  unit_price_reduced_from: null,
  is_limited_time: false,
  end_date: null,
  is_net_price: false,
  lowest_price_last_30_days: 1295,
  lowest_price_excl_vat_last_30_days: 1036,
  lowest_unit_price_last_30_days: 1295,
  lowest_unit_price_excl_vat_last_30_days: 1036,
  vat_rate: 0.25,
};
const campaign: PriceOffer = {
  ...plain,
  price: 159,
  price_excl_vat: 127.2,
  reduced_from: 229,
  lowest_price_last_30_days: 209,
  lowest_price_excl_vat_last_30_days: 167.2,
};
const inclVat = { exclVat: false, vatLabel: false };

describe('Price', () => {
  it('shows a plain price in the Swedish format with its unit', () => {
    const { container } = render(<Price offer={plain} display={inclVat} size="small" unit="st" />);
    expect(screen.getByTestId('price-amount').textContent).toBe(`1${NBSP}295:-`);
    expect(container.textContent).toContain('/st');
    expect(container.textContent).not.toContain('Ord. pris');
  });

  it('strikes through the ordinary price of a campaign and shows the lowest 30-day price on the large variant', () => {
    const { container } = render(<Price offer={campaign} display={inclVat} size="large" />);
    expect(screen.getByTestId('price-amount').textContent).toBe('Kampanjpris 159:-');
    expect(container.querySelector('s')?.textContent).toBe('229:-');
    expect(container.textContent).toContain('Lägsta pris 30 dagar: 209:-');
  });

  it('leaves the lowest 30-day price out of the small variant', () => {
    const { container } = render(<Price offer={campaign} display={inclVat} size="small" />);
    expect(container.querySelector('s')?.textContent).toBe('229:-');
    expect(container.textContent).not.toContain('Lägsta pris 30 dagar');
  });

  it("shows a limited-time price with 'Gäller t.o.m.' and its end date", () => {
    const offer = { ...campaign, is_limited_time: true, end_date: '2026-12-04T00:00:00.000Z' };
    render(<Price offer={offer} display={inclVat} size="large" />);
    expect(screen.getByText('Gäller t.o.m. 4 december 2026')).toBeTruthy();
  });

  it("labels a net price 'Nettopris'", () => {
    render(<Price offer={{ ...plain, is_net_price: true }} display={inclVat} size="large" />);
    expect(screen.getByText('Nettopris')).toBeTruthy();
  });

  it("shows the excl.-VAT amounts, always labelled 'exkl. moms'", () => {
    const { container } = render(
      <Price offer={campaign} display={{ exclVat: true, vatLabel: false }} size="large" />,
    );
    expect(screen.getByTestId('price-amount').textContent).toBe('Kampanjpris 127:20');
    expect(container.querySelector('s')?.textContent).toBe('183:20');
    expect(container.textContent).toContain('Lägsta pris 30 dagar: 167:20');
    expect(container.querySelector('.price__vat')?.textContent).toBe(' exkl. moms');
    expect(container.textContent).not.toContain('inkl. moms');
  });

  it("says 'inkl. moms' when the building-supply organisation shows an incl.-VAT price", () => {
    const { container } = render(
      <Price offer={plain} display={{ exclVat: false, vatLabel: true }} size="small" unit="pkt" />,
    );
    expect(screen.getByTestId('price-amount').textContent).toBe(`1${NBSP}295:-`);
    expect(container.querySelector('.price__vat')?.textContent).toBe(' inkl. moms');
    expect(container.textContent).not.toContain('exkl.');
  });

  it('shows no label to a private shopper of the store chain', () => {
    const { container } = render(<Price offer={plain} display={inclVat} size="small" />);
    expect(container.querySelector('.price__vat')).toBeNull();
  });

  it('draws nothing for a hidden price (no offer)', () => {
    const { container } = render(<Price offer={null} display={inclVat} size="large" />);
    expect(container.textContent).toBe('');
  });
});
