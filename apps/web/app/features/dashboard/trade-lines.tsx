import { Form } from 'react-router';
import { formatPrice } from '@bygg/domain/money';

/** How an order reaches the customer, as its shipping type says (2: delivery to an address). */
export const deliveryLabel = (shippingType: number) =>
  shippingType === 2 ? 'Leverans' : 'Hämtas i butik';

/** A quote's or an order's lines: article, quantity, unit price and sum excl. VAT. */
export function TradeLinesTable({
  caption,
  lines,
}: {
  caption: string;
  lines: ReadonlyArray<{
    title: string;
    quantity: number;
    unit: string;
    unit_price_ore: number;
    sum_ore: number;
  }>;
}) {
  return (
    <div className="dashboard-table-wrap" role="region" aria-label={caption} tabIndex={0}>
      <table className="dashboard-table trade-lines">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Artikel</th>
            <th scope="col">Antal</th>
            <th scope="col" className="dashboard-table__amount trade-lines__unit">
              À-pris exkl. moms
            </th>
            <th scope="col" className="dashboard-table__amount">
              Summa exkl. moms
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line, i) => (
            <tr key={i}>
              <th scope="row">{line.title}</th>
              <td>
                {line.quantity} {line.unit}
              </td>
              <td className="dashboard-table__amount trade-lines__unit">
                {formatPrice(line.unit_price_ore)}
              </td>
              <td className="dashboard-table__amount">{formatPrice(line.sum_ore)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The sum excl. VAT, the VAT and the total incl. VAT, as a Swedish invoice shows them. */
export function TradeTotals({
  exclOre,
  vatOre,
  inclOre,
  inclLabel = 'Summa inkl. moms',
}: {
  exclOre: number;
  vatOre: number;
  inclOre: number;
  inclLabel?: string;
}) {
  return (
    <dl className="dashboard-facts trade-totals">
      <dt>Summa exkl. moms</dt>
      <dd>{formatPrice(exclOre)}</dd>
      <dt>Moms</dt>
      <dd>{formatPrice(vatOre)}</dd>
      <dt>{inclLabel}</dt>
      <dd>{formatPrice(inclOre)}</dd>
    </dl>
  );
}

/** A trade list's filters in the address: sok (search) and projekt (a project's id). */
export function TradeListFilters({
  action,
  label,
  filters,
  projects,
  placeholder,
}: {
  action: string;
  label: string;
  filters: { sok: string; projekt: string };
  projects: ReadonlyArray<{ id: number; number: string; name: string }>;
  placeholder?: string;
}) {
  return (
    <Form method="get" action={action} className="dashboard-filters" aria-label={label}>
      <label>
        Sök
        <input name="sok" type="search" defaultValue={filters.sok} placeholder={placeholder} />
      </label>
      <label>
        Projekt
        <select name="projekt" defaultValue={filters.projekt}>
          <option value="">Alla</option>
          {projects.map((p) => (
            <option key={p.id} value={p.id}>
              {p.number} {p.name}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className="button button--primary">
        Sök
      </button>
    </Form>
  );
}
