import { useEffect, useId, useState } from 'react';
import { Link, useFetcher, useLocation } from 'react-router';
import type { DjediNode, DjediRevision, EditorField } from '@bygg/contracts/cms';
import { Modal } from '~/components/ui/modal.tsx';
import { browserNodes } from '~/lib/content/browser-nodes.ts';
import { renderMarkdown } from '~/lib/content/markdown.ts';
import { editorApi } from './editor-api.ts';
import { errorText, LoadError } from './load-error.tsx';
import { RichTextEditor } from './rich-text-editor.tsx';
import { PREVIEW_PARAMETER } from './draft-preview.ts';
import { VersionList } from './version-list.tsx';

type Intent = 'publish' | 'restore' | 'draft' | 'publish-draft' | 'discard';
/** The intents after which the page shows a new live value. */
const GOES_LIVE: ReadonlySet<Intent> = new Set(['publish', 'restore', 'publish-draft']);

const TIME = new Intl.DateTimeFormat('sv-SE', { hour: '2-digit', minute: '2-digit' });

function doneText(intent: Intent, node: DjediNode): string {
  if (intent === 'draft') {
    const at = node.draft ? TIME.format(new Date(node.draft.updated_at)) : '';
    return `Utkastet är sparat ${at}. Besökarna ser den publicerade texten tills du publicerar.`;
  }
  if (intent === 'discard') return 'Utkastet är kastat. Den publicerade texten gäller.';
  return `Publicerat som version ${node.version}.`;
}

type PublishReply = { ok: true; node: DjediNode } | { ok: false; message: string };

type Loaded = { node: DjediNode; revisions: DjediRevision[] };

const KIND_NAMES = { txt: 'Text', md: 'Markdown', html: 'Formaterad text' } as const;

type NodeEditorDialogProps = {
  field: EditorField | null;
  onClose: () => void;
  /** After a publish or restore: the overlay refreshes what it knows about the page. */
  onPublished: (node: DjediNode) => void;
};

/**
 * One field's editor (a dialog), named for what it edits, never by its node uri (issue 22):
 * plain text, markdown with a preview, or rich text, as the node's extension says. 'Spara
 * utkast' keeps the text as a draft only editors see (ADR 047), 'Förhandsvisa' shows the page
 * with it, 'Publicera' makes the next version live, 'Kasta utkast' drops the draft; the
 * version list restores any older version (as a new version).
 */
export function NodeEditorDialog({ field, onClose, onPublished }: NodeEditorDialogProps) {
  return (
    <Modal
      open={field !== null}
      onOpenChange={(open) => (open ? null : onClose())}
      title={field ? `Redigera: ${field.label}` : 'Redigera'}
      description={
        field
          ? `${KIND_NAMES[field.ext]}. Spara ett utkast och förhandsvisa det innan du publicerar.`
          : undefined
      }
    >
      {field ? (
        <EditorBody key={field.uri} field={field} onPublished={onPublished} onClose={onClose} />
      ) : null}
    </Modal>
  );
}

function EditorBody({
  field,
  onPublished,
  onClose,
}: {
  field: EditorField;
  onPublished: (node: DjediNode) => void;
  onClose: () => void;
}) {
  const ids = { label: useId(), input: useId(), versions: useId(), preview: useId() };
  const fetcher = useFetcher<PublishReply>();
  const { pathname } = useLocation();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  // The last write's intent: what its reply means (a draft, a discard, a new live value).
  const [intent, setIntent] = useState<Intent>('publish');
  const [loadError, setLoadError] = useState<string | null>(null);
  const [reloadKey, setReloadKey] = useState(0);
  // null until the node has loaded; then the editor's text.
  const [value, setValue] = useState<string | null>(null);
  // Remounts the rich-text area when a publish or restore replaces its content.
  const [editorKey, setEditorKey] = useState(0);

  useEffect(() => {
    let active = true;
    Promise.all([editorApi.node(field.uri), editorApi.revisions(field.uri)]).then(
      ([node, history]) => {
        if (!active) return;
        setLoaded({ node, revisions: history.revisions });
        setLoadError(null);
        setValue((current) => current ?? node.draft?.value ?? node.value ?? field.value);
      },
      (error: unknown) => {
        if (active) setLoadError(errorText(error));
      },
    );
    return () => {
      active = false;
    };
  }, [field.uri, field.value, reloadKey]);

  // A finished publish or restore (derived while rendering): the editor shows the live value
  // and the history reloads.
  const reply = fetcher.state === 'idle' ? fetcher.data : undefined;
  const [handled, setHandled] = useState<PublishReply | undefined>(undefined);
  if (reply !== handled) {
    setHandled(reply);
    if (reply?.ok) {
      setValue(reply.node.draft?.value ?? reply.node.value ?? '');
      setEditorKey((key) => key + 1);
      setReloadKey((key) => key + 1);
    }
  }
  // …and every display of the node on the page shows it at once.
  // A draft changes nothing live, but the overlay reads the drafts again (the preview).
  useEffect(() => {
    if (!reply?.ok) return;
    if (GOES_LIVE.has(intent)) browserNodes.publish(field.uri, reply.node.value);
    onPublished(reply.node);
  }, [reply, intent, field.uri, onPublished]);

  const busy = fetcher.state !== 'idle';
  const submit = (data: Record<string, string> & { intent: Intent }) => {
    setIntent(data.intent);
    return fetcher.submit(
      { uri: field.uri, ...data },
      { method: 'post', action: '/resurser/innehall' },
    );
  };

  if (loadError) {
    return (
      <LoadError
        className="node-editor"
        what="innehållet"
        message={loadError}
        onRetry={() => {
          setLoadError(null);
          setReloadKey((key) => key + 1);
        }}
      />
    );
  }
  if (!loaded || value === null) {
    return (
      <p role="status" className="node-editor__loading">
        Hämtar innehållet…
      </p>
    );
  }

  const lastReply = handled ?? null;
  const draft = lastReply?.ok ? (lastReply.node.draft ?? null) : (loaded.node.draft ?? null);
  const busyText = {
    publish: 'Publicerar…',
    'publish-draft': 'Publicerar…',
    restore: 'Återställer…',
    draft: 'Sparar…',
    discard: 'Kastar…',
  }[intent];
  return (
    <div className="node-editor">
      <form
        className="node-editor__form"
        onSubmit={(event) => {
          event.preventDefault();
          void submit({ intent: 'draft', value });
        }}
      >
        <span id={ids.label} className="node-editor__label">
          Innehåll
        </span>
        {field.ext === 'html' ? (
          <RichTextEditor
            key={editorKey}
            id={ids.input}
            labelledBy={ids.label}
            initialHtml={value}
            onChange={setValue}
          />
        ) : field.ext === 'md' ? (
          <div className="node-editor__markdown">
            <textarea
              id={ids.input}
              aria-labelledby={ids.label}
              className="node-editor__textarea"
              rows={8}
              value={value}
              onChange={(event) => setValue(event.target.value)}
            />
            <div className="node-editor__preview" aria-labelledby={ids.preview} role="region">
              <span id={ids.preview} className="node-editor__label">
                Förhandsvisning
              </span>
              <div dangerouslySetInnerHTML={{ __html: renderMarkdown(value) }} />
            </div>
          </div>
        ) : (
          <textarea
            id={ids.input}
            aria-labelledby={ids.label}
            className="node-editor__textarea"
            rows={value.length > 80 ? 4 : 2}
            value={value}
            onChange={(event) => setValue(event.target.value)}
          />
        )}
        {draft ? (
          <p className="node-editor__draft">
            Det finns ett utkast (av {draft.author}) som inte är publicerat.
          </p>
        ) : null}
        <div className="node-editor__actions">
          <button
            type="submit"
            className="button button--secondary"
            disabled={busy}
            aria-busy={busy || undefined}
          >
            Spara utkast
          </button>
          <button
            type="button"
            className="button button--primary"
            disabled={busy}
            onClick={() =>
              void (draft && draft.value === value
                ? submit({ intent: 'publish-draft' })
                : submit({ intent: 'publish', value }))
            }
          >
            Publicera
          </button>
          {draft ? (
            <>
              <Link
                className="button button--secondary"
                to={`${pathname}?${PREVIEW_PARAMETER}=1`}
                onClick={onClose}
              >
                Förhandsvisa
              </Link>
              <button
                type="button"
                className="button button--secondary"
                disabled={busy}
                onClick={() => void submit({ intent: 'discard' })}
              >
                Kasta utkast
              </button>
            </>
          ) : null}
          <button type="button" className="button button--secondary" onClick={onClose}>
            Avbryt
          </button>
        </div>
        <p className="node-editor__status" role="status">
          {busy ? busyText : lastReply?.ok ? doneText(intent, lastReply.node) : ''}
        </p>
        {lastReply && !lastReply.ok ? (
          <p className="node-editor__error" role="alert">
            {lastReply.message}
          </p>
        ) : null}
      </form>
      <section className="node-editor__versions" aria-labelledby={ids.versions}>
        <h3 id={ids.versions} className="node-editor__versions-title">
          Versioner
        </h3>
        {loaded.revisions.length === 0 ? (
          <p>Inga publicerade versioner ännu.</p>
        ) : (
          <VersionList
            revisions={loaded.revisions}
            firstAuthor="Ursprunglig text"
            busy={busy}
            onRestore={(version) => void submit({ intent: 'restore', version: String(version) })}
          />
        )}
      </section>
    </div>
  );
}
