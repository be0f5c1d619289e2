import { useId, useState } from 'react';
import { Form, Link, useNavigation } from 'react-router';
import {
  STORE_ONLY_REASON,
  type StoreCustomerReply,
  type TermsReply,
} from '@bygg/contracts/trade/store-customer';
import type { StoreCustomerUser } from '@bygg/contracts/trade/users';
import { formatDate } from '~/lib/format.ts';
import { dashboardPath } from '~/lib/paths.ts';
import { DashboardLoading, Refusal, SaveOutcome, TextField } from './dashboard-parts.tsx';
import { useDashboard } from './dashboard-model.ts';
import {
  ADDRESS_KINDS,
  addressValues,
  regionLabel,
  rightsSummary,
  ROLE_LABELS,
  type AddressKind,
  type SettingsResult,
} from './settings-model.ts';
import './dashboard.css';

/** The tabs of /installningar/ (trade-area §2): general, and the company's users. */
export type SettingsTab = 'general' | 'users';
/** The address parameter of the users tab: /installningar/?flik=anvandare. */
export const USERS_TAB_QUERY = 'flik=anvandare';

export type SettingsData =
  | {
      tab: 'general';
      refused: string | null;
      customer: StoreCustomerReply | null;
      terms: TermsReply['data'] | null;
    }
  | {
      tab: 'users';
      refused: string | null;
      search: string;
      users: StoreCustomerUser[];
      /** More users than the list keeps (100): a search narrows them. */
      more: boolean;
      /** Set after a user was removed. */
      removed: boolean;
    };

/** The settings page: its heading, the two tabs as links (each its own address), the tab. */
export function SettingsPage({
  data,
  result,
}: {
  data: SettingsData;
  result: SettingsResult | undefined;
}) {
  const { store } = useDashboard();
  const navigation = useNavigation();
  const here = dashboardPath(store, 'dashboard-settings');
  const loadingHere = navigation.state === 'loading' && navigation.location.pathname === here;
  return (
    <div className="container dashboard">
      <header className="dashboard__header">
        <h1 className="dashboard__title">Inställningar</h1>
      </header>
      {data.refused ? (
        <Refusal message={data.refused} />
      ) : (
        <>
          <nav className="dashboard-tabs" aria-label="Inställningar">
            <Link
              to={here}
              className="dashboard-tabs__tab"
              aria-current={data.tab === 'general' ? 'page' : undefined}
            >
              Allmänt
            </Link>
            <Link
              to={`${here}?${USERS_TAB_QUERY}`}
              className="dashboard-tabs__tab"
              aria-current={data.tab === 'users' ? 'page' : undefined}
            >
              Användare
            </Link>
          </nav>
          {loadingHere ? <DashboardLoading label="Hämtar inställningarna …" /> : null}
          {data.tab === 'general' && data.customer && data.terms ? (
            <GeneralTab customer={data.customer} terms={data.terms} result={result} />
          ) : null}
          {data.tab === 'users' ? (
            <UsersTab
              search={data.search}
              users={data.users}
              more={data.more}
              removed={data.removed}
            />
          ) : null}
        </>
      )}
    </div>
  );
}

const ADDRESS_TITLES: Record<AddressKind, string> = {
  invoice_address: 'Fakturaadress',
  delivery_address: 'Leveransadress',
};

/** Allmänt: the company as the store's customer, its invoice and delivery addresses, the terms. */
function GeneralTab({
  customer,
  terms,
  result,
}: {
  customer: StoreCustomerReply;
  terms: TermsReply['data'];
  result: SettingsResult | undefined;
}) {
  const { store } = useDashboard();
  const navigation = useNavigation();
  const company = customer.data;
  return (
    <>
      <SaveOutcome result={result} />
      <div className="dashboard__grid">
        <section className="dashboard__card" aria-labelledby="settings-company-heading">
          <h2 id="settings-company-heading" className="dashboard__card-title">
            Företaget
          </h2>
          <dl className="dashboard-facts">
            <div>
              <dt>Företag</dt>
              <dd>{company.name}</dd>
            </div>
            <div>
              <dt>Organisationsnummer</dt>
              <dd>{company.org_number}</dd>
            </div>
            <div>
              <dt>Kundnummer</dt>
              <dd>{company.customer_number}</dd>
            </div>
            <div>
              <dt>Adress</dt>
              <dd>
                {company.address.street}, {company.address.postcode} {company.address.city}
              </dd>
            </div>
          </dl>
          <p className="dashboard-facts__reason">{STORE_ONLY_REASON}</p>
          <p>
            <Link to={dashboardPath(store, 'dashboard-contact')}>
              Ändra adress, telefon och e-post under Kontaktuppgifter
            </Link>
          </p>
        </section>
        <section className="dashboard__card" aria-labelledby="settings-terms-heading">
          <h2 id="settings-terms-heading" className="dashboard__card-title">
            Villkor
          </h2>
          <p>{terms.text}</p>
          {company.terms_accepted_at ? (
            <p>
              Godkända {formatDate(company.terms_accepted_at)} (version{' '}
              {company.terms_version ?? terms.version}).
            </p>
          ) : (
            <p>
              Villkoren är inte godkända.{' '}
              <Link to={dashboardPath(store, 'dashboard-contact')}>Godkänn dem här</Link>.
            </p>
          )}
          <p>
            <Link to={dashboardPath(store, 'dashboard-privacy')}>Läs integritetspolicyn</Link>
          </p>
        </section>
      </div>
      <section
        className="dashboard__card settings-addresses"
        aria-labelledby="settings-addresses-heading"
      >
        <h2 id="settings-addresses-heading" className="dashboard__card-title">
          Faktura- och leveransadress
        </h2>
        <p className="dashboard-form__hint">
          Lämna en adress tom för att använda företagets adress.
        </p>
        <Form method="post" className="dashboard-form" noValidate>
          <input type="hidden" name="intent" value="company" />
          <div className="settings-addresses__grid">
            {ADDRESS_KINDS.map((kind) => (
              <AddressFields key={kind} kind={kind} customer={customer} result={result} />
            ))}
          </div>
          <button
            type="submit"
            className="button button--primary"
            disabled={navigation.state === 'submitting'}
          >
            Spara
          </button>
          {navigation.state === 'submitting' ? <DashboardLoading label="Sparar …" /> : null}
        </Form>
      </section>
    </>
  );
}

const ADDRESS_FIELDS = [
  { name: 'street', label: 'Gatuadress', message: 'Ange gatuadress' },
  { name: 'postcode', label: 'Postnummer', message: 'Ange postnummer' },
  { name: 'city', label: 'Ort', message: 'Ange ort' },
] as const;

/** One optional address: its fields are required once any of them is filled in. */
function AddressFields({
  kind,
  customer,
  result,
}: {
  kind: AddressKind;
  customer: StoreCustomerReply;
  result: SettingsResult | undefined;
}) {
  const id = useId();
  const [values, setValues] = useState(() => addressValues(customer.data, kind));
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const inUse = Object.values(values).some((value) => value.trim() !== '');
  return (
    <fieldset className="dashboard-form__group">
      <legend>{ADDRESS_TITLES[kind]}</legend>
      {ADDRESS_FIELDS.map((field) => (
        <TextField
          key={field.name}
          id={`${id}-${field.name}`}
          name={`${kind}.${field.name}`}
          label={field.label}
          required={inUse}
          error={
            result?.fieldErrors[`${kind}.${field.name}`] ??
            (touched[field.name] && inUse && !values[field.name].trim() ? field.message : null)
          }
          inputMode={field.name === 'postcode' ? 'numeric' : undefined}
          value={values[field.name]}
          onChange={(value) => setValues((v) => ({ ...v, [field.name]: value }))}
          onBlur={() => setTouched((t) => ({ ...t, [field.name]: true }))}
        />
      ))}
    </fieldset>
  );
}

/** Användare: the company's users (at most 100; a search narrows), each linked to its page. */
function UsersTab({
  search,
  users,
  more,
  removed,
}: {
  search: string;
  users: StoreCustomerUser[];
  more: boolean;
  removed: boolean;
}) {
  const { store } = useDashboard();
  const here = dashboardPath(store, 'dashboard-settings');
  const searchId = useId();
  return (
    <>
      {removed ? (
        <p className="dashboard__saved" role="status">
          Användaren är borttagen.
        </p>
      ) : null}
      <div className="settings-users__bar">
        <Form method="get" action={here} className="dashboard-filters" role="search">
          <input type="hidden" name="flik" value="anvandare" />
          <label htmlFor={searchId}>Sök på namn eller e-post</label>
          <input id={searchId} type="search" name="sok" defaultValue={search} maxLength={100} />
          <button type="submit" className="button">
            Sök
          </button>
        </Form>
        <Link
          to={dashboardPath(store, 'dashboard-settings-create')}
          className="button button--primary"
        >
          Skapa användare
        </Link>
      </div>
      {users.length === 0 ? (
        <p>{search ? 'Inga användare matchar sökningen.' : 'Företaget har inga användare.'}</p>
      ) : (
        <div className="dashboard-table-wrap">
          <table className="dashboard-table dashboard-table--stacked">
            <caption className="visually-hidden">Företagets användare</caption>
            <thead>
              <tr>
                <th scope="col">Namn</th>
                <th scope="col">E-postadress</th>
                <th scope="col">Roll</th>
                <th scope="col">Rättigheter</th>
                <th scope="col">Region</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {users.map((user) => (
                <tr key={user.id}>
                  <th scope="row">
                    <Link
                      to={dashboardPath(store, 'dashboard-settings-user', { id: String(user.id) })}
                    >
                      {user.name}
                    </Link>
                  </th>
                  <td data-label="E-postadress">{user.username}</td>
                  <td data-label="Roll">{ROLE_LABELS[user.role]}</td>
                  <td data-label="Rättigheter">{rightsSummary(user)}</td>
                  <td data-label="Region">{regionLabel(user.region_id)}</td>
                  <td data-label="Status">{user.is_active ? 'Aktiv' : 'Inaktiv'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {more ? (
        <p className="dashboard-form__hint">
          Listan visar de 100 första användarna. Sök för att hitta fler.
        </p>
      ) : null}
    </>
  );
}
