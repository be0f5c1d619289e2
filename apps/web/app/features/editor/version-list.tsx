import type { DjediRevision } from '@bygg/contracts/cms';

const when = new Intl.DateTimeFormat('sv-SE', { dateStyle: 'short', timeStyle: 'short' });

/**
 * Published versions, newest first: number, author and time; the live one is marked, every
 * other one has 'Återställ' (named with its version for screen readers).
 */
export function VersionList({
  revisions,
  firstAuthor,
  busy,
  onRestore,
}: {
  revisions: readonly DjediRevision[];
  /** Shown for a version without an author (the first default or the seeded value). */
  firstAuthor: string;
  busy: boolean;
  onRestore: (version: number) => void;
}) {
  return (
    <ol className="node-editor__version-list">
      {revisions.map((revision) => (
        <li key={revision.version} className="node-editor__version">
          <span>
            <strong>Version {revision.version}</strong> · {revision.author ?? firstAuthor}
            {revision.created_at ? ` · ${when.format(new Date(revision.created_at))}` : ''}
          </span>
          {revision.published ? (
            <span className="node-editor__live">Publicerad</span>
          ) : (
            <button
              type="button"
              className="button button--secondary"
              disabled={busy}
              onClick={() => onRestore(revision.version)}
            >
              Återställ<span className="visually-hidden"> version {revision.version}</span>
            </button>
          )}
        </li>
      ))}
    </ol>
  );
}
