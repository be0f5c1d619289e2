import { useLocation, useNavigation } from 'react-router';

/** Shared pieces of the dashboard pages. */

/** Data pages show a spinner while loading (trade-area §2). */
export function DashboardLoading({ label }: { label: string }) {
  return (
    <p className="dashboard__loading" role="status">
      <span className="dashboard__spinner" aria-hidden="true" /> {label}
    </p>
  );
}

/** A page the user lacks the right for, or a store outside the user's region: the API's refusal. */
export function Refusal({ message }: { message: string }) {
  return (
    <div className="dashboard__refusal" role="alert">
      <h2 className="dashboard__card-title">Ingen behörighet</h2>
      <p>{message}.</p>
    </div>
  );
}

/** What a dashboard form's save came to: 'Dina ändringar är sparade.' or the problem. */
export function SaveOutcome({
  result,
}: {
  result: { saved: boolean; error: string | null } | undefined;
}) {
  return (
    <>
      {result?.saved ? (
        <p className="dashboard__saved" role="status">
          Dina ändringar är sparade.
        </p>
      ) : null}
      {result?.error ? (
        <p className="dashboard__problem" role="alert">
          {result.error}
        </p>
      ) : null}
    </>
  );
}

/**
 * One text field of a dashboard form (trade-area §5): the label with an asterisk when the
 * field is required, the error (shown by the caller only after the field is touched, or from
 * the server) tied to the input for screen readers.
 */
export function TextField({
  id,
  name,
  label,
  required,
  error,
  value,
  onChange,
  onBlur,
  type = 'text',
  inputMode,
  hint,
}: {
  id: string;
  name: string;
  label: string;
  required: boolean;
  error: string | null;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  type?: string;
  inputMode?: 'numeric' | undefined;
  hint?: string | null;
}) {
  return (
    <div className="dashboard-form__field">
      <label htmlFor={id}>
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      <input
        id={id}
        name={name}
        type={type}
        inputMode={inputMode}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
      />
      {hint ? <p className="dashboard-form__hint">{hint}</p> : null}
      {error ? (
        <p id={`${id}-error`} className="dashboard-form__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The spinner while another dashboard page loads (trade-area §2: data pages show a spinner
 * while loading); a page shows its own while it reloads itself (a filter, a search).
 */
export function DashboardNavigationSpinner() {
  const navigation = useNavigation();
  const location = useLocation();
  if (navigation.state !== 'loading' || navigation.location.pathname === location.pathname) {
    return null;
  }
  return (
    <div className="container">
      <DashboardLoading label="Hämtar sidan …" />
    </div>
  );
}

/** A form field's error under it; the field points at it with aria-describedby (`{id}`). */
export function FieldError({ id, error }: { id: string; error: string | null }) {
  return error ? (
    <p id={id} className="dashboard-form__error">
      {error}
    </p>
  ) : null;
}
