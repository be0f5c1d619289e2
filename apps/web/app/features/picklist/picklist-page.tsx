import { Form } from 'react-router';
import { titleWithBrand } from '@bygg/domain/product-title';
import type { PicklistEntry, PicklistVatMode } from '@bygg/contracts/picklist';
import type { OrganisationId } from '@bygg/contracts/common';
import { formatPostcode } from '@bygg/domain/postcode';
import { formatKronor } from '~/lib/format.ts';
import { usePaths } from '~/lib/paths.ts';
import { removeLines } from '~/lib/picklist/picklist-store.ts';
import { AddAllToCart } from './add-all-to-cart.tsx';
import { isPicklistBusy, PicklistBody } from './picklist-body.tsx';
import { lineTitle, NO_AMOUNT, stockText, vatNote } from './picklist-model.ts';
import { ContinueShopping, PicklistSum } from './picklist-states.tsx';
import { usePricedPicklist } from './use-priced-picklist.ts';
import './picklist.css';

/** The store the picklist is priced for, with what the printed list needs to find it. */
export type PicklistStore = {
  id: number;
  name: string;
  address: string;
  zip_code: string;
  city: string;
  phone: string | null;
};

export type StoreOption = { id: number; name: string; region: string };

export type PicklistPageData = {
  organisation: { id: OrganisationId; name: string };
  store: PicklistStore | null;
  /** Stores to choose from (plain and /foretag paths); null on a store's own picklist page. */
  storeOptions: StoreOption[] | null;
  vat: PicklistVatMode;
};

function groupByRegion(options: readonly StoreOption[]): [string, StoreOption[]][] {
  const groups = new Map<string, StoreOption[]>();
  for (const option of options) {
    const list = groups.get(option.region) ?? [];
    list.push(option);
    groups.set(option.region, list);
  }
  return [...groups.entries()];
}

function StoreChooser({ data }: { data: PicklistPageData }) {
  const { store, storeOptions } = data;
  return (
    <section className="picklist-store" aria-labelledby="picklist-store-heading">
      <h2 id="picklist-store-heading" className="picklist-store__heading">
        Butik
      </h2>
      {store ? (
        <address className="picklist-store__address">
          <strong>{store.name}</strong>
          <br />
          {store.address}, {formatPostcode(store.zip_code)} {store.city}
          {store.phone ? (
            <>
              <br />
              Telefon: {store.phone}
            </>
          ) : null}
        </address>
      ) : (
        <p className="picklist-store__none">
          Ingen butik vald. Priserna är webbpriser; välj en butik för att se butikens priser och
          lagersaldo.
        </p>
      )}
      {storeOptions && storeOptions.length > 0 ? (
        // A plain GET form: works before the scripts load, and the choice is in the URL.
        <Form method="get" className="picklist-store__form" preventScrollReset>
          <label htmlFor="picklist-store-select">Visa priser och lagersaldo för</label>
          <div className="picklist-store__controls">
            <select
              id="picklist-store-select"
              name="butik"
              defaultValue={store ? String(store.id) : ''}
              key={store?.id ?? 'none'}
            >
              <option value="">Välj butik</option>
              {groupByRegion(storeOptions).map(([region, options]) => (
                <optgroup key={region} label={region}>
                  {options.map((option) => (
                    <option key={option.id} value={option.id}>
                      {option.name}
                    </option>
                  ))}
                </optgroup>
              ))}
            </select>
            <button type="submit" className="button button--secondary">
              Visa priser
            </button>
          </div>
        </Form>
      ) : null}
    </section>
  );
}

/** The printed list: a plain table with tick boxes, article numbers, stock and prices. */
function PrintList({
  data,
  entries,
  sum,
  quantity,
}: {
  data: PicklistPageData;
  entries: readonly PicklistEntry[];
  sum: number | null;
  quantity: number;
}) {
  const hasStore = data.store !== null;
  const today = new Intl.DateTimeFormat('sv-SE', { dateStyle: 'long' }).format(new Date());
  return (
    <div className="picklist-print">
      <p className="picklist-print__org">
        {data.organisation.name} · Plocklista · {today}
      </p>
      {data.store ? (
        <p className="picklist-print__store">
          <strong>{data.store.name}</strong>, {data.store.address},{' '}
          {formatPostcode(data.store.zip_code)} {data.store.city}
          {data.store.phone ? ` · Telefon ${data.store.phone}` : ''}
        </p>
      ) : (
        <p className="picklist-print__store">Ingen butik vald: webbpriser.</p>
      )}
      <table className="picklist-print__table">
        <thead>
          <tr>
            <th scope="col">
              <span className="visually-hidden">Plockad</span>
            </th>
            <th scope="col">Art.nr</th>
            <th scope="col">Produkt</th>
            <th scope="col">Lager i butiken</th>
            <th scope="col" className="num">
              Antal
            </th>
            <th scope="col" className="num">
              Pris
            </th>
            <th scope="col" className="num">
              Summa
            </th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.article_id}>
              <td className="picklist-print__tick">☐</td>
              <td>{entry.article_id}</td>
              <td>{titleWithBrand(lineTitle(entry), entry.brand?.name)}</td>
              <td>
                {stockText(entry.stock, { organisation: data.organisation.id, hasStore }).label}
              </td>
              <td className="num">
                {entry.quantity} {entry.unit}
              </td>
              <td className="num">
                {entry.price === null ? NO_AMOUNT : `${formatKronor(entry.price)}/${entry.unit}`}
              </td>
              <td className="num">{entry.sum === null ? NO_AMOUNT : formatKronor(entry.sum)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <td colSpan={4}>Totalt</td>
            <td className="num">{quantity} st</td>
            <td />
            <td className="num">
              {sum === null ? NO_AMOUNT : `${formatKronor(sum)} ${vatNote(data.vat)}`}
            </td>
          </tr>
        </tfoot>
      </table>
      {sum === null ? (
        <p className="picklist-print__note">
          Totalsumma saknas: minst en produkt saknar pris. Fråga butiken om priset.
        </p>
      ) : null}
    </div>
  );
}

/**
 * The picklist page (/plocklista, /foretag/plocklista, /butiker/{slug}/plocklista): the
 * stored lines priced for the store, with quantities, article numbers and stock there, the
 * total (or why there is none), and a print view for the trip to the store.
 */
export function PicklistPage({ data }: { data: PicklistPageData }) {
  const paths = usePaths();
  const priced = usePricedPicklist({
    store: data.store ? { id: data.store.id } : null,
    vat: data.vat,
    active: true,
  });
  const clearAll = () => {
    if (window.confirm('Vill du tömma plocklistan?')) removeLines();
  };
  return (
    <div className="container picklist-page">
      <header className="picklist-page__header">
        <h1>Plocklista</h1>
        <p className="picklist-page__intro">
          Samla det du ska hämta i butiken. Listan sparas i den här webbläsaren; skriv ut den eller
          ta med den i mobilen.
        </p>
      </header>
      <StoreChooser data={data} />
      <section
        className="picklist-page__list"
        aria-labelledby="picklist-lines-heading"
        aria-busy={isPicklistBusy(priced)}
      >
        <h2 id="picklist-lines-heading" className="visually-hidden">
          Produkter i plocklistan
        </h2>
        <PicklistBody
          priced={priced}
          emptyAction={<ContinueShopping to={paths.products()} />}
          productHref={paths.product}
          detailed={{ organisation: data.organisation.id, hasStore: data.store !== null }}
          bottom={(loaded) => (
            <>
              <div className="picklist-page__footer">
                <PicklistSum picklist={loaded.picklist} />
                <div className="picklist-page__actions">
                  <AddAllToCart entries={loaded.picklist.articles} />
                  <button
                    type="button"
                    className="button button--secondary"
                    onClick={() => window.print()}
                  >
                    Skriv ut
                  </button>
                  <button type="button" className="button button--secondary" onClick={clearAll}>
                    Töm plocklistan
                  </button>
                </div>
              </div>
              <PrintList
                data={data}
                entries={loaded.picklist.articles}
                sum={loaded.picklist.sum}
                quantity={loaded.picklist.quantity}
              />
            </>
          )}
        />
      </section>
    </div>
  );
}
