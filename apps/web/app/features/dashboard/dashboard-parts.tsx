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

/** A form field's error under it; the field points at it with aria-describedby (`{id}`). */
export function FieldError({ id, error }: { id: string; error: string | null }) {
  return error ? (
    <p id={id} className="dashboard-form__error">
      {error}
    </p>
  ) : null;
}
