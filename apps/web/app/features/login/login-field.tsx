import type { ReactNode } from 'react';

type LoginFieldProps = {
  id: string;
  name: string;
  label: string;
  /** Shown under the field (spec §5: only once it was touched or the server named it). */
  error: string | null;
  type: 'email' | 'password' | 'text';
  autoComplete: string;
  inputMode?: 'email' | undefined;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  /** Beside the input, e.g. the show-password toggle; the input and it share a row. */
  addon?: ReactNode;
};

/**
 * One required field of the login and password forms: label with the asterisk (spec §5),
 * the input tied to its error for screen readers, and the error text.
 */
export function LoginField(props: LoginFieldProps) {
  const errorId = `${props.id}-error`;
  const input = (
    <input
      id={props.id}
      name={props.name}
      type={props.type}
      autoComplete={props.autoComplete}
      inputMode={props.inputMode}
      required
      aria-required="true"
      aria-invalid={props.error ? true : undefined}
      aria-describedby={props.error ? errorId : undefined}
      className="login-form__input"
      value={props.value}
      onChange={(event) => props.onChange(event.target.value)}
      onBlur={props.onBlur}
    />
  );
  return (
    <div className="login-form__field">
      <label htmlFor={props.id} className="login-form__label">
        {props.label}
        <span aria-hidden="true" className="login-form__required">
          {' '}
          *
        </span>
      </label>
      {props.addon ? (
        <div className="login-form__password">
          {input}
          {props.addon}
        </div>
      ) : (
        input
      )}
      {props.error ? (
        <p id={errorId} className="login-form__field-error">
          {props.error}
        </p>
      ) : null}
    </div>
  );
}

/** The required-field hint and the submit button that ends both forms. */
export function LoginSubmit({
  submitting,
  children,
}: {
  submitting: boolean;
  children: ReactNode;
}) {
  return (
    <>
      <p className="login-form__hint">
        <span aria-hidden="true">*</span> Obligatoriskt fält
      </p>
      <button
        type="submit"
        className="button button--primary button--block"
        disabled={submitting}
        aria-busy={submitting || undefined}
      >
        {children}
      </button>
    </>
  );
}
