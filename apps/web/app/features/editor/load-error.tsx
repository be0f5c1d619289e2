/** What a failed load shows in the editor's dialogs: the error and 'Försök igen'. */
export function LoadError({
  what,
  message,
  onRetry,
  className,
}: {
  /** What could not be loaded, as in 'Kunde inte hämta sidan'. */
  what: string;
  message: string;
  onRetry: () => void;
  className?: string;
}) {
  return (
    <div className={className}>
      <p role="alert" className="node-editor__error">
        Kunde inte hämta {what}: {message}
      </p>
      <button type="button" className="button button--secondary" onClick={onRetry}>
        Försök igen
      </button>
    </div>
  );
}

/** The text of a failed request. */
export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
