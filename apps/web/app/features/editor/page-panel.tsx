import { useCallback, useEffect, useId, useState, type ReactNode } from 'react';
import type { DjediRevision, EditorCmsBlock, EditorPageDetail } from '@bygg/contracts/cms';
import { slugify } from '@bygg/domain/slug';
import { Modal } from '~/components/ui/modal.tsx';
import {
  BLOCK_TYPE_OPTIONS,
  blockSummary,
  blockTypeName,
  fieldValues,
  formFor,
  propsFromValues,
  type BlockField,
  type FieldValues,
} from './block-forms.ts';
import { EditorWriteError, editorApi, pagesApi } from './editor-api.ts';
import { errorText, LoadError } from './load-error.tsx';
import { RichTextEditor } from './rich-text-editor.tsx';
import { VersionList } from './version-list.tsx';

type PagePanelProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The CMS page shown in the browser (null: the page is not a CMS page). */
  currentPageId: number | null;
  /** After every saved change: the live page and the overlay's field lists reload. */
  onChanged: () => void;
};

type BlockFormState =
  | { mode: 'add'; type: string; values: FieldValues; position: 'end' | 'start' }
  | { mode: 'edit'; block: EditorCmsBlock; values: FieldValues };

/**
 * The page panel (issue 6): the current CMS page's blocks in order, with 'Flytta upp',
 * 'Flytta ned', 'Redigera' and 'Ta bort' on each, 'Lägg till block' with a form per type, the
 * page's subpages in order ('Ny undersida'), publishing, renaming, moving and deleting the
 * page, and the block list's versions. Everything is buttons and forms: no dragging.
 */
export function PagePanel({ open, onOpenChange, currentPageId, onChanged }: PagePanelProps) {
  // The page the panel shows: the current page, or a subpage opened from it.
  const [pageId, setPageId] = useState<number | null>(currentPageId);
  const [detail, setDetail] = useState<EditorPageDetail | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [reload, setReload] = useState(0);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState('');
  const [error, setError] = useState<EditorWriteError | null>(null);
  const [form, setForm] = useState<BlockFormState | null>(null);
  const [confirm, setConfirm] = useState<string | null>(null);
  const [pageForm, setPageForm] = useState<'new' | 'edit' | null>(null);
  const uid = useId();

  // Another page in the browser: the panel follows it (state derived while rendering).
  const [shownFor, setShownFor] = useState(currentPageId);
  if (shownFor !== currentPageId) {
    setShownFor(currentPageId);
    setPageId(currentPageId);
  }

  useEffect(() => {
    if (!open || pageId === null) return;
    let active = true;
    pagesApi.detail(pageId).then(
      (next) => {
        if (!active) return;
        setDetail(next);
        setLoadError(null);
      },
      (err: unknown) => {
        if (active) setLoadError(errorText(err));
      },
    );
    return () => {
      active = false;
    };
  }, [open, pageId, reload]);

  /** Runs one write; on success shows the new state and tells the page to reload. */
  const run = useCallback(
    async (work: () => Promise<EditorPageDetail | null>, done: string): Promise<boolean> => {
      setBusy(true);
      setError(null);
      setStatus('');
      try {
        const next = await work();
        if (next) setDetail(next);
        setStatus(done);
        onChanged();
        return true;
      } catch (err) {
        setError(err instanceof EditorWriteError ? err : new EditorWriteError(errorText(err), -1));
        return false;
      } finally {
        setBusy(false);
      }
    },
    [onChanged],
  );

  const close = (next: boolean) => {
    if (!next) {
      setForm(null);
      setPageForm(null);
      setConfirm(null);
      setError(null);
      setStatus('');
      setPageId(currentPageId);
    }
    onOpenChange(next);
  };

  let body: ReactNode;
  if (currentPageId === null) {
    body = (
      <p className="djedi-panel__empty">
        Sidan är ingen CMS-sida. Öppna en innehållssida, t.ex. Kundservice, för att ändra dess block
        och undersidor.
      </p>
    );
  } else if (loadError) {
    body = (
      <LoadError
        what="sidan"
        message={loadError}
        onRetry={() => {
          setLoadError(null);
          setReload((n) => n + 1);
        }}
      />
    );
  } else if (!detail || detail.page.id !== pageId) {
    body = (
      <p role="status" className="node-editor__loading">
        Hämtar sidan…
      </p>
    );
  } else {
    const { page, blocks, children } = detail;
    const id = page.id;
    body = (
      <div className="page-panel" aria-busy={busy || undefined}>
        {page.id !== currentPageId ? (
          <button
            type="button"
            className="button button--secondary page-panel__back"
            onClick={() => {
              setForm(null);
              setPageForm(null);
              setPageId(currentPageId);
            }}
          >
            Tillbaka till sidan du står på
          </button>
        ) : null}

        <section className="djedi-panel__group" aria-labelledby={`${uid}-page`}>
          <h3 id={`${uid}-page`} className="djedi-panel__title">
            Sidan {page.title}
          </h3>
          <p className="page-panel__meta">
            <span>{page.path}</span>{' '}
            <span className={page.published ? 'page-panel__live' : 'page-panel__draft'}>
              {page.published ? 'Publicerad' : 'Utkast – syns inte för besökare'}
            </span>
          </p>
          <div className="page-panel__actions">
            <button
              type="button"
              className="button button--primary"
              disabled={busy}
              onClick={() =>
                void run(
                  () => pagesApi.update(id, { published: !page.published }),
                  page.published ? 'Sidan är avpublicerad.' : 'Sidan är publicerad.',
                )
              }
            >
              {page.published ? 'Avpublicera sidan' : 'Publicera sidan'}
            </button>
            {page.published && page.id !== currentPageId ? (
              <a className="button button--secondary" href={page.path}>
                Visa sidan
              </a>
            ) : null}
            <button
              type="button"
              className="button button--secondary"
              aria-expanded={pageForm === 'edit'}
              onClick={() => setPageForm((f) => (f === 'edit' ? null : 'edit'))}
            >
              Byt namn eller flytta
            </button>
            {page.path !== '/' ? (
              <ConfirmButton
                label="Ta bort sidan"
                question={`Ta bort sidan ${page.title}?`}
                open={confirm === 'page'}
                onOpen={() => setConfirm('page')}
                onCancel={() => setConfirm(null)}
                disabled={busy}
                onConfirm={() =>
                  void run(async () => {
                    await pagesApi.remove(id);
                    setConfirm(null);
                    if (page.id !== currentPageId) {
                      setPageId(currentPageId);
                      setReload((n) => n + 1);
                    }
                    return null;
                  }, 'Sidan är borttagen.')
                }
              />
            ) : null}
          </div>
          {pageForm === 'edit' ? (
            <PageForm
              key={`edit-${id}`}
              mode="edit"
              initial={{
                title: page.title,
                slug: page.path.split('/').pop() ?? '',
                parentPath: page.path.replace(/\/[^/]*$/, '') || '/',
              }}
              busy={busy}
              error={error}
              onCancel={() => setPageForm(null)}
              onSubmit={async (values) => {
                const ok = await run(
                  () => pagesApi.update(id, values),
                  'Sidans namn och adress är sparade.',
                );
                if (ok) setPageForm(null);
              }}
            />
          ) : null}
        </section>

        <section className="djedi-panel__group" aria-labelledby={`${uid}-blocks`}>
          <h3 id={`${uid}-blocks`} className="djedi-panel__title">
            Block på sidan
          </h3>
          {blocks.length === 0 ? (
            <p className="djedi-panel__empty">Sidan har inga block ännu.</p>
          ) : (
            <ol className="page-panel__list">
              {blocks.map((block, index) => {
                const name = `block ${index + 1}, ${blockTypeName(block.type)}`;
                const moveId = (dir: string) => `${uid}-${block.id}-${dir}`;
                return (
                  <PanelItem
                    key={block.id}
                    title={blockTypeName(block.type)}
                    summary={blockSummary(block)}
                  >
                    <button
                      type="button"
                      className="button button--secondary"
                      id={moveId('first')}
                      disabled={busy}
                      onClick={() =>
                        setForm({
                          mode: 'edit',
                          block,
                          values: fieldValues(block.type, block.props),
                        })
                      }
                    >
                      Redigera<span className="visually-hidden"> {name}</span>
                    </button>
                    <MoveButtons
                      idOf={moveId}
                      name={name}
                      index={index}
                      count={blocks.length}
                      busy={busy}
                      onMove={(direction) =>
                        run(
                          () => pagesApi.moveBlock(id, block.id, direction),
                          direction === 'up'
                            ? `${blockTypeName(block.type)} flyttades upp till plats ${index}.`
                            : `${blockTypeName(block.type)} flyttades ned till plats ${index + 2}.`,
                        )
                      }
                    />
                    <ConfirmButton
                      label="Ta bort"
                      hiddenLabel={` ${name}`}
                      question={`Ta bort ${name}?`}
                      open={confirm === block.id}
                      onOpen={() => setConfirm(block.id)}
                      onCancel={() => setConfirm(null)}
                      disabled={busy}
                      onConfirm={() =>
                        void run(async () => {
                          const next = await pagesApi.removeBlock(id, block.id);
                          setConfirm(null);
                          return next;
                        }, 'Blocket är borttaget.')
                      }
                    />
                  </PanelItem>
                );
              })}
            </ol>
          )}
          {form ? (
            <BlockForm
              state={form}
              busy={busy}
              error={error}
              onChange={setForm}
              onCancel={() => {
                setForm(null);
                setError(null);
              }}
              onSubmit={async () => {
                const props = propsFromValues(
                  form.mode === 'add' ? form.type : form.block.type,
                  form.values,
                  form.mode === 'edit' ? form.block : null,
                );
                const ok = await run(
                  () =>
                    form.mode === 'add'
                      ? pagesApi.addBlock(id, {
                          type: form.type,
                          props,
                          ...(form.position === 'start' ? { position: 0 } : {}),
                        })
                      : pagesApi.updateBlock(id, form.block.id, props),
                  form.mode === 'add' ? 'Blocket är tillagt och publicerat.' : 'Blocket är sparat.',
                );
                if (ok) setForm(null);
              }}
            />
          ) : (
            <button
              type="button"
              className="button button--primary page-panel__add"
              disabled={busy}
              onClick={() => {
                setError(null);
                setForm({
                  mode: 'add',
                  type: 'rich-text',
                  values: fieldValues('rich-text'),
                  position: 'end',
                });
              }}
            >
              Lägg till block
            </button>
          )}
        </section>

        <section className="djedi-panel__group" aria-labelledby={`${uid}-children`}>
          <h3 id={`${uid}-children`} className="djedi-panel__title">
            Undersidor
          </h3>
          {children.length === 0 ? (
            <p className="djedi-panel__empty">Sidan har inga undersidor.</p>
          ) : (
            <ol className="page-panel__list">
              {children.map((child, index) => {
                const moveId = (dir: string) => `${uid}-page-${child.id}-${dir}`;
                return (
                  <PanelItem
                    key={child.id}
                    title={child.title}
                    summary={`${child.path} · ${child.published ? 'Publicerad' : 'Utkast'}`}
                  >
                    <button
                      type="button"
                      className="button button--secondary"
                      id={moveId('first')}
                      onClick={() => {
                        setForm(null);
                        setPageForm(null);
                        setPageId(child.id);
                      }}
                    >
                      Öppna<span className="visually-hidden"> {child.title}</span>
                    </button>
                    <MoveButtons
                      idOf={moveId}
                      name={child.title}
                      index={index}
                      count={children.length}
                      busy={busy}
                      onMove={(direction) =>
                        run(
                          async () => {
                            await pagesApi.reorder(child.id, index + (direction === 'up' ? -1 : 1));
                            return pagesApi.detail(id);
                          },
                          `${child.title} flyttades ${direction === 'up' ? 'upp' : 'ned'}.`,
                        )
                      }
                    />
                  </PanelItem>
                );
              })}
            </ol>
          )}
          {pageForm === 'new' ? (
            <PageForm
              key={`new-${id}`}
              mode="new"
              initial={{ title: '', slug: '', parentPath: page.path }}
              busy={busy}
              error={error}
              onCancel={() => setPageForm(null)}
              onSubmit={async (values) => {
                let created: EditorPageDetail | null = null;
                const ok = await run(async () => {
                  created = await pagesApi.create({
                    namespace: page.namespace,
                    parentPath: page.path,
                    slug: values.slug,
                    title: values.title,
                  });
                  return created;
                }, `Undersidan ${values.title} är skapad som utkast.`);
                if (ok && created) {
                  setPageForm(null);
                  setPageId((created as EditorPageDetail).page.id);
                }
              }}
            />
          ) : (
            <button
              type="button"
              className="button button--secondary page-panel__add"
              disabled={busy}
              onClick={() => {
                setError(null);
                setPageForm('new');
              }}
            >
              Ny undersida
            </button>
          )}
        </section>

        <Versions
          key={`${detail.blocksUri}-${blocks.length}-${status}`}
          uri={detail.blocksUri}
          busy={busy}
          onRestore={(version) =>
            void run(async () => {
              await pagesApi.restore(detail.blocksUri, version);
              return pagesApi.detail(id);
            }, `Version ${version} av blocken är återställd.`)
          }
        />

        <p className="node-editor__status" role="status">
          {busy ? 'Sparar…' : status}
        </p>
        {error && !form && !pageForm ? (
          <p className="node-editor__error" role="alert">
            {error.message}
          </p>
        ) : null}
      </div>
    );
  }

  return (
    <Modal
      open={open}
      onOpenChange={close}
      title="Sidan och blocken"
      description="Lägg till, ändra och ordna sidans block och undersidor. Varje ändring publiceras som en ny version."
    >
      {body}
    </Modal>
  );
}

/**
 * Keyboard users stay where they were: after a move, focus goes to the moved item's button
 * (or, when that is disabled at the end of the list, the item's first button) once the list
 * has been drawn again.
 */
function focusAfterRender(id: string, fallbackId: string): void {
  requestAnimationFrame(() => {
    const element = document.getElementById(id);
    if (element instanceof HTMLButtonElement && !element.disabled) element.focus();
    else document.getElementById(fallbackId)?.focus();
  });
}

/** A block or subpage in the panel's lists: its name and summary, then its buttons. */
function PanelItem({
  title,
  summary,
  children,
}: {
  title: string;
  summary: string;
  children: ReactNode;
}) {
  return (
    <li className="page-panel__item">
      <span className="page-panel__name">
        <strong>{title}</strong>
        <span className="page-panel__summary">{summary}</span>
      </span>
      <span className="page-panel__buttons">{children}</span>
    </li>
  );
}

/**
 * 'Flytta upp' and 'Flytta ned' of one item in a list; after a move the focus stays on the
 * button pressed (or goes to the item's first button when that one is now disabled).
 */
function MoveButtons({
  idOf,
  name,
  index,
  count,
  busy,
  onMove,
}: {
  /** The item's button ids: 'up', 'down' and 'first'. */
  idOf: (button: string) => string;
  /** The item's name, read after the button's text. */
  name: string;
  index: number;
  count: number;
  busy: boolean;
  onMove: (direction: 'up' | 'down') => Promise<unknown>;
}) {
  return (['up', 'down'] as const).map((direction) => (
    <button
      key={direction}
      type="button"
      id={idOf(direction)}
      className="button button--secondary"
      disabled={busy || index === (direction === 'up' ? 0 : count - 1)}
      onClick={() =>
        void onMove(direction).then(() => focusAfterRender(idOf(direction), idOf('first')))
      }
    >
      {direction === 'up' ? 'Flytta upp' : 'Flytta ned'}
      <span className="visually-hidden"> {name}</span>
    </button>
  ));
}

function ConfirmButton({
  label,
  hiddenLabel,
  question,
  open,
  disabled,
  onOpen,
  onCancel,
  onConfirm,
}: {
  label: string;
  hiddenLabel?: string;
  question: string;
  open: boolean;
  disabled: boolean;
  onOpen: () => void;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const questionId = useId();
  if (!open) {
    return (
      <button
        type="button"
        className="button button--secondary"
        disabled={disabled}
        onClick={onOpen}
      >
        {label}
        {hiddenLabel ? <span className="visually-hidden">{hiddenLabel}</span> : null}
      </button>
    );
  }
  return (
    <span className="page-panel__confirm" role="group" aria-labelledby={questionId}>
      <span id={questionId}>{question}</span>
      <button
        type="button"
        className="button button--danger"
        disabled={disabled}
        // The question replaces the button: focus goes to the answer, not to the page.
        autoFocus
        onClick={onConfirm}
      >
        Ja, ta bort
      </button>
      <button type="button" className="button button--secondary" onClick={onCancel}>
        Avbryt
      </button>
    </span>
  );
}

function PageForm({
  mode,
  initial,
  busy,
  error,
  onCancel,
  onSubmit,
}: {
  mode: 'new' | 'edit';
  initial: { title: string; slug: string; parentPath: string };
  busy: boolean;
  error: EditorWriteError | null;
  onCancel: () => void;
  onSubmit: (values: { title: string; slug: string; parentPath: string }) => void;
}) {
  const uid = useId();
  const [values, setValues] = useState(initial);
  // A new page's address follows its title until the editor types an address of their own.
  const [slugTouched, setSlugTouched] = useState(mode === 'edit');
  const fields = [
    { name: 'title' as const, label: 'Rubrik' },
    {
      name: 'slug' as const,
      label: 'Adress',
      hint: `Sista delen av adressen: ${mode === 'new' ? initial.parentPath.replace(/\/$/, '') : values.parentPath.replace(/\/$/, '')}/${values.slug || '…'}`,
    },
    ...(mode === 'edit'
      ? [
          {
            name: 'parentPath' as const,
            label: 'Ligger under',
            hint: 'Föräldersidans sökväg; / för översta nivån.',
          },
        ]
      : []),
  ];
  return (
    <form
      className="page-panel__form"
      aria-label={mode === 'new' ? 'Ny undersida' : 'Byt namn eller flytta sidan'}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit(values);
      }}
    >
      {fields.map((field) => {
        const message = error?.fieldMessage(field.name);
        const id = `${uid}-${field.name}`;
        return (
          <div key={field.name} className="page-panel__field">
            <label htmlFor={id}>{field.label}</label>
            <input
              id={id}
              className="page-panel__input"
              value={values[field.name]}
              required
              aria-invalid={message ? true : undefined}
              aria-describedby={
                [message ? `${id}-error` : '', 'hint' in field ? `${id}-hint` : '']
                  .filter(Boolean)
                  .join(' ') || undefined
              }
              onChange={(event) => {
                const value = event.target.value;
                setValues((current) => ({
                  ...current,
                  [field.name]: value,
                  ...(field.name === 'title' && !slugTouched ? { slug: slugify(value) } : {}),
                }));
                if (field.name === 'slug') setSlugTouched(true);
              }}
            />
            {'hint' in field ? (
              <span id={`${id}-hint`} className="page-panel__hint">
                {field.hint}
              </span>
            ) : null}
            {message ? (
              <span id={`${id}-error`} className="page-panel__field-error">
                {message}
              </span>
            ) : null}
          </div>
        );
      })}
      <FormError error={error} />
      <div className="page-panel__actions">
        <button type="submit" className="button button--primary" disabled={busy}>
          {mode === 'new' ? 'Skapa undersida' : 'Spara'}
        </button>
        <button type="button" className="button button--secondary" onClick={onCancel}>
          Avbryt
        </button>
      </div>
    </form>
  );
}

function FormError({ error }: { error: EditorWriteError | null }) {
  if (!error) return null;
  return (
    <p className="node-editor__error" role="alert">
      {error.fields.length > 0 ? 'Rätta det markerade fältet: ' : ''}
      {error.message}
    </p>
  );
}

function BlockForm({
  state,
  busy,
  error,
  onChange,
  onCancel,
  onSubmit,
}: {
  state: BlockFormState;
  busy: boolean;
  error: EditorWriteError | null;
  onChange: (state: BlockFormState) => void;
  onCancel: () => void;
  onSubmit: () => void;
}) {
  const uid = useId();
  const type = state.mode === 'add' ? state.type : state.block.type;
  const setValue = (prop: string, value: string | boolean) =>
    onChange({ ...state, values: { ...state.values, [prop]: value } });
  const typeError = error?.fieldMessage('type');
  return (
    <form
      className="page-panel__form"
      aria-label={state.mode === 'add' ? 'Lägg till block' : `Redigera ${blockTypeName(type)}`}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <h4 className="page-panel__form-title">
        {state.mode === 'add' ? 'Lägg till block' : `Redigera ${blockTypeName(type)}`}
      </h4>
      {state.mode === 'add' ? (
        <>
          <div className="page-panel__field">
            <label htmlFor={`${uid}-type`}>Blocktyp</label>
            <select
              id={`${uid}-type`}
              className="page-panel__input"
              value={state.type}
              aria-invalid={typeError ? true : undefined}
              onChange={(event) =>
                onChange({
                  ...state,
                  type: event.target.value,
                  values: fieldValues(event.target.value),
                })
              }
            >
              {BLOCK_TYPE_OPTIONS.map((option) => (
                <option key={option.type} value={option.type}>
                  {option.name}
                </option>
              ))}
            </select>
          </div>
          <div className="page-panel__field">
            <label htmlFor={`${uid}-position`}>Placering</label>
            <select
              id={`${uid}-position`}
              className="page-panel__input"
              value={state.position}
              onChange={(event) =>
                onChange({ ...state, position: event.target.value === 'start' ? 'start' : 'end' })
              }
            >
              <option value="end">Sist på sidan</option>
              <option value="start">Först på sidan</option>
            </select>
          </div>
        </>
      ) : null}
      {formFor(type).map((field) => (
        <BlockFieldInput
          key={`${type}-${field.prop}`}
          id={`${uid}-${field.prop}`}
          field={field}
          value={state.values[field.prop] ?? ''}
          error={error?.fieldMessage(`props.${field.prop}`)}
          onChange={(value) => setValue(field.prop, value)}
        />
      ))}
      <FormError error={error} />
      <div className="page-panel__actions">
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy
            ? 'Publicerar…'
            : state.mode === 'add'
              ? 'Lägg till och publicera'
              : 'Spara och publicera'}
        </button>
        <button type="button" className="button button--secondary" onClick={onCancel}>
          Avbryt
        </button>
      </div>
    </form>
  );
}

function BlockFieldInput({
  id,
  field,
  value,
  error,
  onChange,
}: {
  id: string;
  field: BlockField;
  value: string | boolean;
  error: string | undefined;
  onChange: (value: string | boolean) => void;
}) {
  const describedBy =
    [field.hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') ||
    undefined;
  const common = {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
  } as const;
  const text = typeof value === 'string' ? value : '';
  let input: ReactNode;
  if (field.kind === 'checkbox') {
    return (
      <div className="page-panel__field page-panel__field--check">
        <input
          {...common}
          type="checkbox"
          checked={value === true}
          onChange={(event) => onChange(event.target.checked)}
        />
        <label htmlFor={id}>{field.label}</label>
      </div>
    );
  }
  if (field.kind === 'html') {
    return (
      <div className="page-panel__field">
        <span id={`${id}-label`}>
          {field.label}
          {field.required ? ' (krävs)' : ''}
        </span>
        <RichTextEditor id={id} labelledBy={`${id}-label`} initialHtml={text} onChange={onChange} />
        {error ? (
          <span id={`${id}-error`} className="page-panel__field-error">
            {error}
          </span>
        ) : null}
      </div>
    );
  }
  if (field.kind === 'select') {
    input = (
      <select
        {...common}
        className="page-panel__input"
        value={text}
        onChange={(event) => onChange(event.target.value)}
      >
        {(field.options ?? []).map(([optionValue, label]) => (
          <option key={optionValue} value={optionValue}>
            {label}
          </option>
        ))}
      </select>
    );
  } else if (['textarea', 'lines', 'rows', 'base64', 'inner-text'].includes(field.kind)) {
    input = (
      <textarea
        {...common}
        className="page-panel__input"
        rows={4}
        value={text}
        onChange={(event) => onChange(event.target.value)}
      />
    );
  } else {
    input = (
      <input
        {...common}
        className="page-panel__input"
        inputMode={field.kind === 'number' ? 'decimal' : undefined}
        value={text}
        onChange={(event) => onChange(event.target.value)}
      />
    );
  }
  return (
    <div className="page-panel__field">
      <label htmlFor={id}>
        {field.label}
        {field.required ? ' (krävs)' : ''}
      </label>
      {input}
      {field.hint ? (
        <span id={`${id}-hint`} className="page-panel__hint">
          {field.hint}
        </span>
      ) : null}
      {error ? (
        <span id={`${id}-error`} className="page-panel__field-error">
          {error}
        </span>
      ) : null}
    </div>
  );
}

function Versions({
  uri,
  busy,
  onRestore,
}: {
  uri: string;
  busy: boolean;
  onRestore: (version: number) => void;
}) {
  const uid = useId();
  const [shown, setShown] = useState(false);
  const [revisions, setRevisions] = useState<DjediRevision[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!shown) return;
    let active = true;
    editorApi.revisions(uri).then(
      (reply) => active && setRevisions(reply.revisions),
      (err: unknown) => active && setError(errorText(err)),
    );
    return () => {
      active = false;
    };
  }, [shown, uri]);
  return (
    <section className="djedi-panel__group" aria-labelledby={`${uid}-title`}>
      <h3 id={`${uid}-title`} className="djedi-panel__title">
        Versioner av blocken
      </h3>
      {!shown ? (
        <button type="button" className="button button--secondary" onClick={() => setShown(true)}>
          Visa versioner
        </button>
      ) : error ? (
        <p role="alert" className="node-editor__error">
          Kunde inte hämta versionerna: {error}
        </p>
      ) : !revisions ? (
        <p role="status">Hämtar versioner…</p>
      ) : revisions.length === 0 ? (
        <p className="djedi-panel__empty">Blocken har inte ändrats här ännu.</p>
      ) : (
        <VersionList
          revisions={revisions}
          firstAuthor="Ursprunglig"
          busy={busy}
          onRestore={onRestore}
        />
      )}
    </section>
  );
}
