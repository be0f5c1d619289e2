import { useId, useState } from 'react';
import { Form, useNavigation } from 'react-router';
import {
  STORE_ONLY_REASON,
  type StoreCustomerReply,
  type TermsReply,
} from '@bygg/contracts/trade/store-customer';
import { formatPrice } from '@bygg/domain/money';
import { STORE_TERMS, termsAccepted } from '@bygg/domain/trade-terms';
import { DashboardLoading, SaveOutcome, TextField } from './dashboard-parts.tsx';
import './dashboard.css';

type ContactResult = { saved: boolean; error: string | null; fieldErrors: Record<string, string> };

type ContactPageProps = {
  customer: StoreCustomerReply;
  terms: TermsReply['data'];
  result: ContactResult | undefined;
};

const TERM_LABELS: Record<(typeof STORE_TERMS.conditions)[number], string> = {
  terms_of_sale: 'Vi godkänner butikens allmänna försäljningsvillkor för företag',
  credit_check: 'Butiken får göra en kreditupplysning på företaget',
  privacy_policy: 'Vi har tagit del av integritetspolicyn',
};

type Field = {
  name: 'street' | 'postcode' | 'city' | 'phone' | 'email';
  label: string;
  required: boolean;
};
const FIELDS: Field[] = [
  { name: 'street', label: 'Gatuadress', required: true },
  { name: 'postcode', label: 'Postnummer', required: true },
  { name: 'city', label: 'Ort', required: true },
  { name: 'phone', label: 'Telefon', required: false },
  { name: 'email', label: 'E-postadress', required: false },
];

const REQUIRED_MESSAGE: Record<string, string> = {
  street: 'Ange gatuadress',
  postcode: 'Ange postnummer',
  city: 'Ange ort',
};

/** Kontaktuppgifter (trade-area §2, §5): the store's read-only fields, the editable ones, the terms. */
export function ContactPage({ customer, terms, result }: ContactPageProps) {
  const navigation = useNavigation();
  const isAdmin = customer.access.role === 'admin';
  const company = customer.data;
  const accepted = termsAccepted(terms.terms);
  const readOnly: [string, string][] = [
    ['Företag', company.name],
    ['Organisationsnummer', company.org_number],
    ['Kundnummer', company.customer_number],
    [
      'Kreditgräns',
      company.credit_limit_ore === null ? 'Ingen' : formatPrice(company.credit_limit_ore),
    ],
    ['Betalningsvillkor', `${company.payment_terms_days} dagar netto`],
  ];
  return (
    <div className="container dashboard">
      <header className="dashboard__header">
        <h1 className="dashboard__title">Kontaktuppgifter</h1>
      </header>
      {navigation.state !== 'idle' ? <DashboardLoading label="Sparar …" /> : null}
      <SaveOutcome result={result} />
      {accepted ? null : (
        <section className="dashboard__card dashboard__terms" aria-labelledby="terms-heading">
          <h2 id="terms-heading" className="dashboard__card-title">
            Godkänn butikens villkor
          </h2>
          <p>{terms.text}</p>
          {isAdmin ? (
            <Form method="post" className="dashboard-form">
              <input type="hidden" name="intent" value="accept-terms" />
              {STORE_TERMS.conditions.map((condition) => (
                <label key={condition} className="dashboard-form__check">
                  <input type="checkbox" name={condition} required />
                  {TERM_LABELS[condition]}
                </label>
              ))}
              <button type="submit" className="button button--primary">
                Godkänn villkoren
              </button>
            </Form>
          ) : (
            <p>
              Företagets administratör behöver godkänna villkoren innan ni kan använda
              proffsområdet.
            </p>
          )}
        </section>
      )}
      <div className="dashboard__grid">
        <section className="dashboard__card" aria-labelledby="company-heading">
          <h2 id="company-heading" className="dashboard__card-title">
            Företaget hos butiken
          </h2>
          <dl className="dashboard-facts">
            {readOnly.map(([label, value]) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
          <p className="dashboard-facts__reason">{STORE_ONLY_REASON}</p>
        </section>
        <ContactForm customer={customer} result={result} disabled={!isAdmin} />
      </div>
    </div>
  );
}

function ContactForm({
  customer,
  result,
  disabled,
}: {
  customer: StoreCustomerReply;
  result: ContactResult | undefined;
  disabled: boolean;
}) {
  const id = useId();
  const company = customer.data;
  const [values, setValues] = useState<Record<Field['name'], string>>({
    street: company.address.street,
    postcode: company.address.postcode,
    city: company.address.city,
    phone: company.phone ?? '',
    email: company.email ?? '',
  });
  const [touched, setTouched] = useState<Partial<Record<Field['name'], boolean>>>({});
  const errorOf = (field: Field) =>
    result?.fieldErrors[field.name] ??
    (touched[field.name] && field.required && !values[field.name].trim()
      ? REQUIRED_MESSAGE[field.name]
      : null);
  return (
    <section className="dashboard__card" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="dashboard__card-title">
        Adress och kontakt
      </h2>
      {disabled ? <p>Bara företagets administratör kan ändra uppgifterna.</p> : null}
      <Form
        method="post"
        className="dashboard-form"
        noValidate
        onSubmit={(event) => {
          if (FIELDS.some((field) => field.required && !values[field.name].trim())) {
            event.preventDefault();
            setTouched({ street: true, postcode: true, city: true });
          }
        }}
      >
        <fieldset disabled={disabled} className="dashboard-form__fields">
          <legend className="visually-hidden">Adress och kontakt</legend>
          {FIELDS.map((field) => (
            <TextField
              key={field.name}
              id={`${id}-${field.name}`}
              name={field.name}
              label={field.label}
              required={field.required}
              error={errorOf(field) ?? null}
              type={field.name === 'email' ? 'email' : field.name === 'phone' ? 'tel' : 'text'}
              inputMode={field.name === 'postcode' ? 'numeric' : undefined}
              value={values[field.name]}
              onChange={(value) => setValues((v) => ({ ...v, [field.name]: value }))}
              onBlur={() => setTouched((t) => ({ ...t, [field.name]: true }))}
            />
          ))}
          <p className="dashboard-form__hint">
            <span aria-hidden="true">*</span> Obligatoriskt fält
          </p>
          <button type="submit" className="button button--primary">
            Spara
          </button>
        </fieldset>
      </Form>
    </section>
  );
}
