import type { ReactNode } from 'react';

/** One column of a record list: its header and what a row shows in it. */
export type RecordColumn<Row> = {
  header: string;
  cell: (row: Row) => ReactNode;
  /** A money column: right-aligned, figures under each other. */
  amount?: boolean;
};

/**
 * A list of records (orders, quotes, offers) as the dashboard shows them: a table in a
 * sideways-scrolling region a keyboard can reach, a caption with the count for screen readers,
 * and the first column (the record's link) as each row's header. `stacked` lays each row out
 * as a card on a phone (each cell labelled by its column, dashboard.css).
 */
export function RecordTable<Row extends { id: number }>({
  name,
  count,
  columns,
  rows,
  stacked = false,
}: {
  /** The records' plural noun, capitalised: "Ordrar" gives "Tabell över ordrar", "Ordrar, 3 st". */
  name: string;
  count: number;
  columns: readonly [RecordColumn<Row>, ...RecordColumn<Row>[]];
  rows: readonly Row[];
  stacked?: boolean;
}) {
  const [head, ...rest] = columns;
  const amountClass = (column: RecordColumn<Row>) =>
    column.amount ? 'dashboard-table__amount' : undefined;
  return (
    <div
      className="dashboard-table-wrap"
      role="region"
      aria-label={`Tabell över ${name.toLowerCase()}`}
      tabIndex={0}
    >
      <table className={stacked ? 'dashboard-table dashboard-table--stacked' : 'dashboard-table'}>
        <caption className="visually-hidden">
          {name}, {count} st
        </caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.header} scope="col" className={amountClass(column)}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              <th scope="row">{head.cell(row)}</th>
              {rest.map((column) => (
                <td
                  key={column.header}
                  className={amountClass(column)}
                  data-label={stacked ? column.header : undefined}
                >
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
