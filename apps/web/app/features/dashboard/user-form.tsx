import { useId, useState } from 'react';
import { Form, useNavigation } from 'react-router';
import { TRADE_RIGHTS } from '@bygg/contracts/trade/common';
import type { StoreCustomerUser } from '@bygg/contracts/trade/users';
import { DashboardLoading, TextField } from './dashboard-parts.tsx';
import {
  REGION_OPTIONS,
  RIGHT_LABELS,
  ROLE_LABELS,
  type SettingsResult,
} from './settings-model.ts';

type UserValues = Pick<
  StoreCustomerUser,
  'username' | 'name' | 'phone' | 'role' | 'rights' | 'region_id' | 'is_active'
>;

const EMPTY_USER: UserValues = {
  username: '',
  name: '',
  phone: null,
  role: 'user',
  rights: { projects: false, offers: false, orders: false, invoices: false },
  region_id: null,
  is_active: true,
};

const ROLE_HINTS = {
  admin: 'Alla funktioner och kan lägga till användare.',
  user: 'De rättigheter du väljer nedan, kan inte lägga till användare.',
} as const;

/** A rough e-mail check for the form; the API's check is the one that counts. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function requiredError(name: 'username' | 'name', value: string): string | null {
  if (!value.trim()) return name === 'username' ? 'Ange en e-postadress' : 'Ange namn';
  if (name === 'username' && !EMAIL.test(value.trim())) return 'Ange en giltig e-postadress';
  return null;
}

/**
 * The form of one company user (trade-area §2 /installningar/{id}/ and /skapa-anvandare/):
 * e-mail, name, phone, role, the four rights, region and, for an existing user, active.
 * Errors show after a field is touched (§5); required fields carry an asterisk.
 */
export function UserForm({
  user,
  result,
  submitLabel,
  pendingLabel,
}: {
  /** The user being changed; none for a new one. */
  user?: UserValues;
  result: SettingsResult | undefined;
  submitLabel: string;
  pendingLabel: string;
}) {
  const id = useId();
  const navigation = useNavigation();
  const initial = user ?? EMPTY_USER;
  const [values, setValues] = useState({
    username: initial.username,
    name: initial.name,
  });
  const [role, setRole] = useState(initial.role);
  const [touched, setTouched] = useState<{ username?: boolean; name?: boolean }>({});
  const errorOf = (name: 'username' | 'name') =>
    (touched[name] ? requiredError(name, values[name]) : null) ?? result?.fieldErrors[name] ?? null;
  const isAdmin = role === 'admin';
  const busy = navigation.state === 'submitting';

  const textField = (name: 'username' | 'name', label: string, type: string, hint?: string) => (
    <TextField
      id={`${id}-${name}`}
      name={name}
      label={label}
      required
      error={errorOf(name)}
      type={type}
      hint={hint}
      value={values[name]}
      onChange={(value) => setValues((v) => ({ ...v, [name]: value }))}
      onBlur={() => setTouched((t) => ({ ...t, [name]: true }))}
    />
  );

  return (
    <Form
      method="post"
      className="dashboard-form"
      noValidate
      onSubmit={(event) => {
        if (requiredError('username', values.username) || requiredError('name', values.name)) {
          event.preventDefault();
          setTouched({ username: true, name: true });
        }
      }}
    >
      {textField(
        'username',
        'E-postadress',
        'email',
        user
          ? undefined
          : 'Användaren får ett e-postmeddelande med en länk för att välja lösenord.',
      )}
      {textField('name', 'Namn', 'text')}
      <div className="dashboard-form__field">
        <label htmlFor={`${id}-phone`}>Telefon</label>
        <input
          id={`${id}-phone`}
          name="phone"
          type="tel"
          autoComplete="off"
          defaultValue={initial.phone ?? ''}
          aria-invalid={result?.fieldErrors.phone ? true : undefined}
        />
        {result?.fieldErrors.phone ? (
          <p className="dashboard-form__error">{result.fieldErrors.phone}</p>
        ) : null}
      </div>
      <fieldset className="dashboard-form__group">
        <legend>Roll</legend>
        {(['admin', 'user'] as const).map((value) => (
          <label key={value} className="dashboard-form__check">
            <input
              type="radio"
              name="role"
              value={value}
              checked={role === value}
              onChange={() => setRole(value)}
            />
            <span>
              {ROLE_LABELS[value]}
              <span className="dashboard-form__hint"> – {ROLE_HINTS[value]}</span>
            </span>
          </label>
        ))}
        {result?.fieldErrors.role ? (
          <p className="dashboard-form__error">{result.fieldErrors.role}</p>
        ) : null}
      </fieldset>
      <fieldset className="dashboard-form__group" disabled={isAdmin}>
        <legend>Rättigheter</legend>
        {isAdmin ? (
          <p className="dashboard-form__hint">En administratör har alla rättigheter.</p>
        ) : null}
        {TRADE_RIGHTS.map((right) => (
          <label key={`${right}-${isAdmin}`} className="dashboard-form__check">
            <input type="checkbox" name={right} defaultChecked={isAdmin || initial.rights[right]} />
            {RIGHT_LABELS[right]}
          </label>
        ))}
      </fieldset>
      <div className="dashboard-form__field">
        <label htmlFor={`${id}-region`}>Region</label>
        <select
          id={`${id}-region`}
          name="region"
          defaultValue={initial.region_id === null ? '' : String(initial.region_id)}
        >
          {REGION_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <p className="dashboard-form__hint">
          En användare kan begränsas till butikerna i en region.
        </p>
      </div>
      {user ? (
        <label className="dashboard-form__check">
          <input type="checkbox" name="is_active" defaultChecked={initial.is_active} />
          Kontot är aktivt (en inaktiv användare kan inte logga in)
        </label>
      ) : null}
      <p className="dashboard-form__hint">
        <span aria-hidden="true">*</span> Obligatoriskt fält
      </p>
      <button type="submit" className="button button--primary" disabled={busy}>
        {submitLabel}
      </button>
      {busy ? <DashboardLoading label={pendingLabel} /> : null}
    </Form>
  );
}
