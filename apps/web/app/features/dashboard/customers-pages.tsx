import { useId, useState } from 'react';
import { Form, Link, useNavigation } from 'react-router';
import { isValidPersonalNumber } from '@bygg/domain/personal-number';
import {
  END_CUSTOMER_KIND_LABELS,
  END_CUSTOMER_KINDS,
  PERSONAL_NUMBER_MESSAGE,
  type EndCustomer,
  type EndCustomerDetail,
  type EndCustomerKind,
  type EndCustomerPage,
} from '@bygg/contracts/trade/end-customers';
import type { OfferPage } from '@bygg/contracts/trade/offers';
import { PROJECT_STATUS_LABELS } from '@bygg/contracts/trade/projects';
import { formatPrice } from '@bygg/domain/money';
import { OfferStatusBadge } from '~/components/offer/offer-customer-view.tsx';
import { formatDate } from '~/lib/format.ts';
import { dashboardPath } from '~/lib/paths.ts';
import { DashboardLoading, Refusal, SaveOutcome, TextField } from './dashboard-parts.tsx';
import { useDashboard } from './dashboard-model.ts';
import { pageParam, searchParam } from './list-params.ts';
import { countOf } from './project-format.ts';
import './dashboard.css';
import './projects.css';

/** The customer form's text fields, as the form posts them. */
export type CustomerFormField =
  | 'name'
  | 'contact_person'
  | 'org_number'
  | 'email'
  | 'phone'
  | 'street'
  | 'postcode'
  | 'city'
  | 'personal_number';

export type CustomerFormValues = Record<CustomerFormField, string> & {
  kind: EndCustomerKind;
  consent_contact: boolean;
};

export function customerFormValues(customer?: EndCustomer): CustomerFormValues {
  return {
    kind: customer?.kind ?? 'private',
    name: customer?.name ?? '',
    contact_person: customer?.contact_person ?? '',
    org_number: customer?.org_number ?? '',
    email: customer?.email ?? '',
    phone: customer?.phone ?? '',
    street: customer?.address.street ?? '',
    postcode: customer?.address.postcode ?? '',
    city: customer?.address.city ?? '',
    personal_number: '',
    consent_contact: customer?.consent_contact ?? false,
  };
}

/**
 * The API body of the form. Creating sends every field; editing leaves the personal identity
 * number out unless one was typed or its removal asked for (it is never shown in clear).
 */
export function customerBody(form: FormData, editing: boolean) {
  const text = (name: string) => String(form.get(name) ?? '');
  const kind = text('kind') === 'company' ? 'company' : 'private';
  const personal = text('personal_number').trim();
  const remove = form.get('remove_personal_number') === 'on';
  return {
    kind,
    name: text('name'),
    contact_person: kind === 'company' ? text('contact_person') : '',
    org_number: kind === 'company' ? text('org_number') : '',
    email: text('email'),
    phone: text('phone'),
    address: { street: text('street'), postcode: text('postcode'), city: text('city') },
    ...(kind === 'company'
      ? editing
        ? {}
        : { personal_number: '' }
      : personal !== '' || remove || !editing
        ? { personal_number: remove ? '' : personal }
        : {}),
    consent_contact: form.get('consent_contact') === 'on',
  };
}

/** The API's field paths (body.address.postcode) as the form's field names. */
export function customerFieldOf(path: string): CustomerFormField | null {
  const key = path.replace(/^body\./, '').replace(/^address\./, '');
  const fields: CustomerFormField[] = [
    'name',
    'contact_person',
    'org_number',
    'email',
    'phone',
    'street',
    'postcode',
    'city',
    'personal_number',
  ];
  return (fields as string[]).includes(key) ? (key as CustomerFormField) : null;
}

type CustomerFormProps = {
  initial: CustomerFormValues;
  fieldErrors: Partial<Record<CustomerFormField, string>>;
  submitLabel: string;
  busy: boolean;
  /** Editing: the stored number, masked (ÅÅÅÅMMDD-****), or null. */
  maskedPersonalNumber?: string | null;
};

/** Create or edit a customer; errors after a field is touched (§5), required with an asterisk. */
export function CustomerForm({
  initial,
  fieldErrors,
  submitLabel,
  busy,
  maskedPersonalNumber,
}: CustomerFormProps) {
  const id = useId();
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<Partial<Record<CustomerFormField, boolean>>>({});
  const errorOf = (field: CustomerFormField): string | null => {
    if (fieldErrors[field]) return fieldErrors[field] ?? null;
    if (!touched[field]) return null;
    const value = values[field].trim();
    if (field === 'name' && !value) return 'Ange kundens namn';
    if (field === 'postcode' && value && !/^\d{5}$/.test(value.replace(/\s/g, ''))) {
      return 'Postnumret ska vara fem siffror';
    }
    if (field === 'email' && value && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)) {
      return 'Ange en giltig e-postadress';
    }
    if (field === 'personal_number' && value && !isValidPersonalNumber(value)) {
      return PERSONAL_NUMBER_MESSAGE;
    }
    return null;
  };
  const field = (
    name: CustomerFormField,
    label: string,
    extra: Partial<{ required: boolean; type: string; inputMode: 'numeric'; hint: string }> = {},
  ) => (
    <TextField
      id={`${id}-${name}`}
      name={name}
      label={label}
      required={extra.required ?? false}
      error={errorOf(name)}
      value={values[name]}
      onChange={(value) => setValues((v) => ({ ...v, [name]: value }))}
      onBlur={() => setTouched((t) => ({ ...t, [name]: true }))}
      type={extra.type}
      inputMode={extra.inputMode}
      hint={extra.hint ?? null}
    />
  );
  return (
    <Form
      method="post"
      className="dashboard-form"
      noValidate
      onSubmit={(event) => {
        if (!values.name.trim()) {
          event.preventDefault();
          setTouched((t) => ({ ...t, name: true }));
        }
      }}
    >
      <input type="hidden" name="intent" value="save" />
      <fieldset className="dashboard-form__field">
        <legend>Kundtyp</legend>
        {END_CUSTOMER_KINDS.map((kind) => (
          <label key={kind} className="dashboard-form__choice">
            <input
              type="radio"
              name="kind"
              value={kind}
              checked={values.kind === kind}
              onChange={() => setValues((v) => ({ ...v, kind }))}
            />{' '}
            {END_CUSTOMER_KIND_LABELS[kind]}
          </label>
        ))}
      </fieldset>
      <div className="project-form__fields">
        {field('name', values.kind === 'company' ? 'Företagets namn' : 'Namn', { required: true })}
        {values.kind === 'company' ? field('contact_person', 'Kontaktperson') : null}
        {values.kind === 'company'
          ? field('org_number', 'Organisationsnummer', { hint: 'NNNNNN-NNNN' })
          : null}
        {field('email', 'E-post', {
          type: 'email',
          hint: 'Behövs för att bjuda in kunden till ett projekt.',
        })}
        {field('phone', 'Telefon', { type: 'tel' })}
        {field('street', 'Gatuadress')}
        {field('postcode', 'Postnummer', { inputMode: 'numeric' })}
        {field('city', 'Ort')}
        {values.kind === 'private'
          ? field('personal_number', 'Personnummer', {
              hint: maskedPersonalNumber
                ? `Sparat: ${maskedPersonalNumber}. Fyll i för att byta. Bara för ROT- och RUT-avdrag.`
                : 'ÅÅÅÅMMDD-NNNN. Bara om ROT- eller RUT-avdrag ska göras; sparas krypterat.',
            })
          : null}
      </div>
      {values.kind === 'private' && maskedPersonalNumber ? (
        <label className="dashboard-form__choice">
          <input type="checkbox" name="remove_personal_number" /> Ta bort det sparade personnumret
        </label>
      ) : null}
      <label className="dashboard-form__choice">
        <input
          type="checkbox"
          name="consent_contact"
          checked={values.consent_contact}
          onChange={(event) => setValues((v) => ({ ...v, consent_contact: event.target.checked }))}
        />{' '}
        Kunden samtycker till att bli kontaktad
      </label>
      <p className="dashboard-form__hint">Fält markerade med * måste fyllas i.</p>
      <div>
        <button type="submit" className="button button--primary" disabled={busy}>
          {submitLabel}
        </button>
      </div>
    </Form>
  );
}

/** The list's filters as the address has them: sok, sida. */
export function customerFilters(params: URLSearchParams) {
  return { sok: searchParam(params), page: pageParam(params, 100_000) };
}

/** Kunder (trade-area §2 /kunder/): the company's customers, searched and paged. */
export function CustomersPage({
  sok,
  customers,
  page,
  pageCount,
  refused,
}: {
  sok: string;
  customers: EndCustomerPage | null;
  page: number;
  pageCount: number;
  refused: string | null;
}) {
  const { store } = useDashboard();
  const navigation = useNavigation();
  const here = dashboardPath(store, 'dashboard-customers');
  const pageLink = (to: number) => {
    const params = new URLSearchParams();
    if (sok) params.set('sok', sok);
    params.set('sida', String(to));
    return `${here}?${params.toString()}`;
  };
  return (
    <div className="container dashboard">
      <header className="dashboard__header project-header">
        <h1 className="dashboard__title">Kunder</h1>
        {refused ? null : (
          <Link
            className="button button--primary"
            to={dashboardPath(store, 'dashboard-customer-create')}
          >
            Lägg till kund
          </Link>
        )}
      </header>
      {refused ? (
        <Refusal message={refused} />
      ) : (
        <>
          <Form
            method="get"
            action={here}
            className="dashboard-filters project-filters"
            role="search"
            aria-label="Sök bland kunderna"
          >
            <label>
              Sök
              <input
                type="search"
                name="sok"
                defaultValue={sok}
                placeholder="Namn, e-post, telefon eller adress"
              />
            </label>
            <button type="submit" className="button button--primary">
              Sök
            </button>
          </Form>
          {navigation.state === 'loading' && navigation.location.pathname === here ? (
            <DashboardLoading label="Hämtar kunderna …" />
          ) : null}
          {customers && customers.results.length === 0 ? (
            <div className="dashboard__card project-empty">
              {sok ? <p>Inga kunder matchar sökningen.</p> : <p>Du har inga kunder ännu.</p>}
            </div>
          ) : null}
          {customers && customers.results.length > 0 ? (
            <>
              <p className="dashboard-list__meta" aria-live="polite">
                {countOf(customers.count, 'kund', 'kunder')}
              </p>
              <ul className="dashboard-list">
                {customers.results.map((customer) => (
                  <li key={customer.id} className="dashboard-list__item">
                    <h2 className="dashboard-list__title">
                      <Link
                        to={dashboardPath(store, 'dashboard-customer', { id: String(customer.id) })}
                      >
                        {customer.name}
                      </Link>
                    </h2>
                    <p className="dashboard-list__text">
                      {END_CUSTOMER_KIND_LABELS[customer.kind]}
                      {customer.email ? ` · ${customer.email}` : ''}
                      {customer.phone ? ` · ${customer.phone}` : ''}
                      {customer.address.city ? ` · ${customer.address.city}` : ''}
                    </p>
                    <p className="dashboard-list__meta">
                      {countOf(customer.project_count, 'projekt', 'projekt')}
                    </p>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
          {pageCount > 1 ? (
            <nav className="dashboard-pager" aria-label="Sidor">
              {page > 1 ? <Link to={pageLink(page - 1)}>Föregående</Link> : null}
              <span>
                Sida {page} av {pageCount}
              </span>
              {page < pageCount ? <Link to={pageLink(page + 1)}>Nästa</Link> : null}
            </nav>
          ) : null}
        </>
      )}
    </div>
  );
}

export type CustomerActionData = {
  saved: boolean;
  error: string | null;
  fieldErrors: Partial<Record<CustomerFormField, string>>;
};

/** The customer's offers on /kunder/{id}/: each to its editor, with its status and total. */
function CustomerOffers({ offers, refused }: { offers: OfferPage | null; refused: string | null }) {
  const { store } = useDashboard();
  return (
    <section className="dashboard__card" aria-labelledby="customer-offers-heading">
      <h2 id="customer-offers-heading" className="dashboard__card-title">
        Kundofferter
      </h2>
      {refused ? <Refusal message={refused} /> : null}
      {offers && offers.results.length === 0 ? (
        <p>Kunden har inga offerter än. En offert kopplas till kunden när du skickar den.</p>
      ) : null}
      {offers && offers.results.length > 0 ? (
        <ul className="dashboard-list">
          {offers.results.map((offer) => (
            <li key={offer.id} className="dashboard-list__item">
              <Link to={dashboardPath(store, 'dashboard-customer-offer', { id: String(offer.id) })}>
                {offer.number} {offer.title}
              </Link>
              <p className="dashboard-list__meta">
                <OfferStatusBadge status={offer.status} /> · {formatPrice(offer.total_incl_vat_ore)}{' '}
                inkl. moms · att betala {formatPrice(offer.to_pay_ore)}
              </p>
            </li>
          ))}
        </ul>
      ) : null}
      {offers && offers.count > offers.results.length ? (
        <p className="dashboard-list__meta">
          Visar de {offers.results.length} senaste av {offers.count} offerter.
        </p>
      ) : null}
    </section>
  );
}

/** En kund (/kunder/{id}/): the details to edit, the customer's projects and offers. */
export function CustomerPage({
  customer,
  offers,
  offersRefused,
  result,
}: {
  customer: EndCustomerDetail;
  offers: OfferPage | null;
  offersRefused: string | null;
  result: CustomerActionData | undefined;
}) {
  const { store } = useDashboard();
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formMethod === 'POST';
  return (
    <div className="container dashboard">
      <nav aria-label="Brödsmulor" className="project-breadcrumbs">
        <Link to={dashboardPath(store, 'dashboard-customers')}>Kunder</Link>
      </nav>
      <header className="dashboard__header">
        <h1 className="dashboard__title">{customer.name}</h1>
      </header>
      {busy ? <DashboardLoading label="Sparar …" /> : null}
      <SaveOutcome result={result} />
      <section className="dashboard__card" aria-labelledby="customer-projects-heading">
        <h2 id="customer-projects-heading" className="dashboard__card-title">
          Projekt
        </h2>
        {customer.projects.length === 0 ? (
          <p>
            Kunden har inga projekt i den här butiken. Välj kunden när du{' '}
            <Link to={dashboardPath(store, 'dashboard-project-create')}>skapar ett projekt</Link>.
          </p>
        ) : (
          <ul className="dashboard-list">
            {customer.projects.map((project) => (
              <li key={project.id} className="dashboard-list__item">
                <Link to={dashboardPath(store, 'dashboard-project', { id: String(project.id) })}>
                  {project.number} {project.name}
                </Link>
                <p className="dashboard-list__meta">
                  {PROJECT_STATUS_LABELS[project.status]}
                  {project.invited ? ' · inbjuden' : ''}
                  {project.terms_accepted_at
                    ? ` · villkoren godkända ${formatDate(project.terms_accepted_at)}`
                    : ''}
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>
      <CustomerOffers offers={offers} refused={offersRefused} />
      <section className="dashboard__card" aria-labelledby="customer-details-heading">
        <h2 id="customer-details-heading" className="dashboard__card-title">
          Uppgifter
        </h2>
        <CustomerForm
          key={customer.updated_at}
          initial={customerFormValues(customer)}
          fieldErrors={result?.fieldErrors ?? {}}
          submitLabel="Spara"
          busy={busy}
          maskedPersonalNumber={customer.personal_number_masked}
        />
      </section>
    </div>
  );
}
