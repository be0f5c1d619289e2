import { useId, useState } from 'react';
import { Form } from 'react-router';
import type { Project } from '@bygg/contracts/trade/projects';
import { FieldError } from './dashboard-parts.tsx';

/** The project form's fields, as the form posts them. */
export type ProjectFormField =
  | 'name'
  | 'description'
  | 'end_customer_name'
  | 'end_customer_reference'
  | 'street'
  | 'postcode'
  | 'city';

type Field = {
  name: ProjectFormField;
  label: string;
  required?: boolean;
  multiline?: boolean;
  numeric?: boolean;
  max: number;
};

const FIELDS: Field[] = [
  { name: 'name', label: 'Projektnamn', required: true, max: 120 },
  { name: 'description', label: 'Beskrivning', multiline: true, max: 4000 },
  { name: 'end_customer_name', label: 'Slutkund', max: 200 },
  { name: 'end_customer_reference', label: 'Slutkundens referens', max: 100 },
  { name: 'street', label: 'Gatuadress', max: 200 },
  { name: 'postcode', label: 'Postnummer', numeric: true, max: 6 },
  { name: 'city', label: 'Ort', max: 100 },
];

/** The form's values from a project (editing) or empty (creating). */
export function projectFormValues(project?: Project): Record<ProjectFormField, string> {
  return {
    name: project?.name ?? '',
    description: project?.description ?? '',
    end_customer_name: project?.end_customer.name ?? '',
    end_customer_reference: project?.end_customer.reference ?? '',
    street: project?.address.street ?? '',
    postcode: project?.address.postcode ?? '',
    city: project?.address.city ?? '',
  };
}

/** A customer of the register the form may pick (issue 19). */
export type EndCustomerChoice = { id: number; name: string };

/** The API body (create, PUT) of the form's fields. */
export function projectBody(form: FormData) {
  const text = (name: ProjectFormField) => String(form.get(name) ?? '');
  // The register's customer, when the form offered the choice ('' = none).
  const chosen = form.get('end_customer_id');
  const id =
    typeof chosen === 'string' ? (chosen === '' ? { id: null } : { id: Number(chosen) }) : {};
  return {
    name: text('name'),
    description: text('description'),
    end_customer: {
      ...id,
      name: text('end_customer_name'),
      reference: text('end_customer_reference'),
    },
    address: { street: text('street'), postcode: text('postcode'), city: text('city') },
  };
}

/** The API's field paths (body.address.postcode) as the form's field names. */
export function formFieldOf(path: string): ProjectFormField | null {
  const key = path.replace(/^body\./, '');
  const map: Record<string, ProjectFormField> = {
    name: 'name',
    description: 'description',
    'end_customer.name': 'end_customer_name',
    'end_customer.reference': 'end_customer_reference',
    'address.street': 'street',
    'address.postcode': 'postcode',
    'address.city': 'city',
  };
  return map[key] ?? null;
}

type ProjectFormProps = {
  intent: string;
  initial: Record<ProjectFormField, string>;
  fieldErrors: Partial<Record<ProjectFormField, string>>;
  submitLabel: string;
  busy: boolean;
  /** The company's customers to choose from (null: the choice is not offered). */
  endCustomers?: EndCustomerChoice[] | null;
  /** The chosen customer's id, or null. */
  endCustomerId?: number | null;
};

/**
 * Create or edit a project. Errors show after a field is touched (spec §5) or when the server
 * answers; the required name carries an asterisk.
 */
export function ProjectForm({
  intent,
  initial,
  fieldErrors,
  submitLabel,
  busy,
  endCustomers = null,
  endCustomerId = null,
}: ProjectFormProps) {
  const id = useId();
  const [values, setValues] = useState(initial);
  const [customer, setCustomer] = useState(endCustomerId === null ? '' : String(endCustomerId));
  const [touched, setTouched] = useState<Partial<Record<ProjectFormField, boolean>>>({});
  const errorOf = (field: Field): string | null => {
    if (fieldErrors[field.name]) return fieldErrors[field.name] ?? null;
    if (!touched[field.name]) return null;
    if (field.required && !values[field.name].trim()) return 'Ange projektets namn';
    if (field.name === 'postcode') {
      const digits = values.postcode.replace(/\s/g, '');
      if (digits !== '' && !/^\d{5}$/.test(digits)) return 'Postnumret ska vara fem siffror';
    }
    return null;
  };
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
      <input type="hidden" name="intent" value={intent} />
      {endCustomers ? (
        <div className="dashboard-form__field">
          <label htmlFor={`${id}-end-customer`}>Kund i kundregistret</label>
          <select
            id={`${id}-end-customer`}
            name="end_customer_id"
            value={customer}
            aria-describedby={`${id}-end-customer-hint`}
            onChange={(event) => {
              const chosen = endCustomers.find((c) => String(c.id) === event.target.value);
              setCustomer(event.target.value);
              if (chosen) setValues((v) => ({ ...v, end_customer_name: chosen.name }));
            }}
          >
            <option value="">Ingen vald</option>
            {endCustomers.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
          <p id={`${id}-end-customer-hint`} className="dashboard-form__hint">
            En kund ur registret kan bjudas in till projektet.
          </p>
        </div>
      ) : null}
      <div className="project-form__fields">
        {FIELDS.map((field) => {
          const error = errorOf(field);
          const inputId = `${id}-${field.name}`;
          const common = {
            id: inputId,
            name: field.name,
            maxLength: field.max,
            required: field.required,
            'aria-invalid': error ? true : undefined,
            'aria-describedby': error ? `${inputId}-error` : undefined,
            value: values[field.name],
            onBlur: () => setTouched((t) => ({ ...t, [field.name]: true })),
          };
          return (
            <div
              key={field.name}
              className={`dashboard-form__field${field.multiline ? ' project-form__wide' : ''}`}
            >
              <label htmlFor={inputId}>
                {field.label}
                {field.required ? <span aria-hidden="true"> *</span> : null}
              </label>
              {field.multiline ? (
                <textarea
                  {...common}
                  rows={4}
                  onChange={(event) =>
                    setValues((v) => ({ ...v, [field.name]: event.target.value }))
                  }
                />
              ) : (
                <input
                  {...common}
                  type="text"
                  inputMode={field.numeric ? 'numeric' : undefined}
                  autoComplete={field.name === 'postcode' ? 'off' : undefined}
                  onChange={(event) =>
                    setValues((v) => ({ ...v, [field.name]: event.target.value }))
                  }
                />
              )}
              <FieldError id={`${inputId}-error`} error={error} />
            </div>
          );
        })}
      </div>
      <p className="dashboard-form__hint">Fält markerade med * måste fyllas i.</p>
      <div>
        <button type="submit" className="button button--primary" disabled={busy}>
          {submitLabel}
        </button>
      </div>
    </Form>
  );
}
