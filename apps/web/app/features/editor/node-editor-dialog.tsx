import { useEffect, useId, useState } from 'react';
import { useFetcher } from 'react-router';
import type { DjediNode, DjediRevision, EditorField } from '@bygg/contracts/cms';
import { Modal } from '~/components/ui/modal.tsx';
import { browserNodes } from '~/lib/content/browser-nodes.ts';
import { renderMarkdown } from '~/lib/content/markdown.ts';
import { editorApi } from './editor-api.ts';
import { errorText, LoadError } from './load-error.tsx';
import { RichTextEditor } from './rich-text-editor.tsx';
import { VersionList } from './version-list.tsx';

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
 * One field's editor (a dialog): plain text, markdown with a preview, or rich text, as the
 * node's extension says; Publicera makes the next version live; the version list restores
 * any older one (as a new version).
 */
export function NodeEditorDialog({ field, onClose, onPublished }: NodeEditorDialogProps) {
  return (
    <Modal
      open={field !== null}
      onOpenChange={(open) => (open ? null : onClose())}
      title={field ? `Redigera: ${field.label}` : 'Redigera'}
      description={field ? `${KIND_NAMES[field.ext]} · ${field.uri}` : undefined}
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
  const [loaded, setLoaded] = useState<Loaded | null>(null);
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
        setValue((current) => current ?? node.value ?? field.value);
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
      setValue(reply.node.value ?? '');
      setEditorKey((key) => key + 1);
      setReloadKey((key) => key + 1);
    }
  }
  // …and every display of the node on the page shows it at once.
  useEffect(() => {
    if (!reply?.ok) return;
    browserNodes.publish(field.uri, reply.node.value);
    onPublished(reply.node);
  }, [reply, field.uri, onPublished]);

  const busy = fetcher.state !== 'idle';
  const submit = (data: Record<string, string>) =>
    fetcher.submit({ uri: field.uri, ...data }, { method: 'post', action: '/resurser/innehall' });

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
  return (
    <div className="node-editor">
      <form
        className="node-editor__form"
        onSubmit={(event) => {
          event.preventDefault();
          void submit({ intent: 'publish', value });
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
        <div className="node-editor__actions">
          <button
            type="submit"
            className="button button--primary"
            disabled={busy}
            aria-busy={busy || undefined}
          >
            {busy ? 'Publicerar…' : 'Publicera'}
          </button>
          <button type="button" className="button button--secondary" onClick={onClose}>
            Avbryt
          </button>
        </div>
        <p className="node-editor__status" role="status">
          {lastReply?.ok ? `Publicerat som version ${lastReply.node.version}.` : ''}
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
