import { formatPrice } from '@bygg/domain/money';

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
