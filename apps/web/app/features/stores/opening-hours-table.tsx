import type { OpeningHoursEntry } from '@bygg/contracts/stores';
import { formatSpecialDate, storeOpeningHours } from './store-hours.ts';

type OpeningHoursTableProps = {
  hours: readonly OpeningHoursEntry[];
  /** The store's current date (YYYY-MM-DD), given by the server so both renders agree. */
  today: string;
  maxSpecialDays?: number;
  /** The level of the 'Avvikande öppettider' heading; the caller's section heading is one up. */
  headingLevel?: 3 | 4 | 5;
};

export function OpeningHoursTable({
  hours,
  today,
  maxSpecialDays,
  headingLevel = 3,
}: OpeningHoursTableProps) {
  const { regular, lunch, special } = storeOpeningHours(hours, { today, maxSpecialDays });
  const Heading = (['h3', 'h4', 'h5'] as const)[headingLevel - 3] ?? 'h3';
  if (regular.length === 0 && lunch.length === 0 && special.length === 0) {
    return <p className="opening-hours__none">Butiken har inte lagt in sina öppettider.</p>;
  }
  return (
    <div className="opening-hours">
      {regular.length > 0 || lunch.length > 0 ? (
        <table className="opening-hours__table">
          <caption className="visually-hidden">Ordinarie öppettider</caption>
          <tbody>
            {regular.map((row) => (
              <tr key={row.label}>
                <th scope="row">{row.label}</th>
                <td>{row.text}</td>
              </tr>
            ))}
          </tbody>
          {lunch.length > 0 ? (
            <tbody className="opening-hours__lunch">
              {lunch.map((row, index) => (
                <tr key={index}>
                  <th scope="row">{row.label}</th>
                  <td>{row.text}</td>
                </tr>
              ))}
            </tbody>
          ) : null}
        </table>
      ) : null}
      {special.length > 0 ? (
        <>
          <Heading className="opening-hours__heading">Avvikande öppettider</Heading>
          <table className="opening-hours__table opening-hours__table--special">
            <caption className="visually-hidden">Avvikande öppettider och helgdagar</caption>
            <tbody>
              {special.map((row) => (
                <tr key={`${row.date ?? ''}-${row.label}`}>
                  <th scope="row">
                    <span className="opening-hours__day">{row.label}</span>
                    {row.date ? (
                      <span className="opening-hours__date">
                        {' '}
                        <time dateTime={row.date}>{formatSpecialDate(row.date)}</time>
                      </span>
                    ) : null}
                  </th>
                  <td>{row.text}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      ) : null}
    </div>
  );
}
