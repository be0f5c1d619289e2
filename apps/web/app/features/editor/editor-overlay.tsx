import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation, useRevalidator, useSearchParams } from 'react-router';
import type { DjediDrafts, EditorField, EditorMenu, EditorPage } from '@bygg/contracts/cms';
import { Modal } from '~/components/ui/modal.tsx';
import type { EmbedConfig } from '~/lib/content/embed.ts';
import { extensionOf } from '~/lib/content/node-uri.ts';
import { LABEL_NODES } from '~/lib/labels.ts';
import {
  EDITABLE_ATTRIBUTE,
  OVERLAY_ATTRIBUTE,
  findRegions,
  markRegions,
  unmarkRegions,
  type Region,
} from './editable-regions.ts';
import { applyDrafts, PREVIEW_PARAMETER } from './draft-preview.ts';
import { editorApi } from './editor-api.ts';
import { errorText } from './load-error.tsx';
import { NodeEditorDialog } from './node-editor-dialog.tsx';
import { PagePanel } from './page-panel.tsx';
import './editor.css';

/** Trade-area spec §9: the sidebar refreshes with a 100 ms debounce. */
const REFRESH_DEBOUNCE_MS = 100;

const LABEL_NAMES: Record<string, string> = {
  searchPlaceholder: 'Sökfältets ledtext',
  freeShipping: 'Fri frakt-text',
  clickAndCollect: 'Klicka och hämta-text',
};

/** The shell's labels, listed even where they are not visible text (the search placeholder). */
const SHELL_FIELDS: EditorField[] = Object.entries(LABEL_NODES).map(([key, node]) => ({
  uri: node.uri,
  label: LABEL_NAMES[key] ?? key,
  ext: extensionOf(node.uri),
  value: node.default,
}));

/**
 * The editor overlay (issue 6), loaded only for editors (GET /djedi/embed/). A toolbar turns
 * edit mode on: every label, main-menu entry and editable page block is outlined, can be
 * reached with Tab and opened with a click, Enter or Space. "Innehåll på sidan" lists the same
 * fields in a dialog, so nothing depends on pointing at the page.
 */
export default function EditorOverlay({ config }: { config: EmbedConfig }) {
  const { pathname } = useLocation();
  const hintId = useId();
  const [editing, setEditing] = useState(false);
  const [panelOpen, setPanelOpen] = useState(false);
  const [pagePanelOpen, setPagePanelOpen] = useState(false);
  const revalidator = useRevalidator();
  const [field, setField] = useState<EditorField | null>(null);
  const [page, setPage] = useState<EditorPage | null>(null);
  const [menu, setMenu] = useState<EditorMenu | null>(null);
  const [footerFields, setFooterFields] = useState<EditorField[]>([]);
  const [searchParams] = useSearchParams();
  const preview = searchParams.get(PREVIEW_PARAMETER) === '1';
  const [drafts, setDrafts] = useState<DjediDrafts['drafts'] | null>(null);
  const [unseenDrafts, setUnseenDrafts] = useState(0);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [regions, setRegions] = useState<Region[]>([]);
  const regionsRef = useRef<Region[]>([]);

  // Bumped after a publish, so the page's and the menu's editable fields are read again.
  const [dataVersion, setDataVersion] = useState(0);

  useEffect(() => {
    let active = true;
    Promise.all([
      editorApi.page(pathname),
      editorApi.menu(),
      editorApi.footer(),
      editorApi.drafts(),
    ]).then(
      ([nextPage, nextMenu, nextFooter, nextDrafts]) => {
        if (!active) return;
        setPage(nextPage);
        setMenu(nextMenu);
        setFooterFields(nextFooter.fields);
        setDrafts(nextDrafts.drafts);
        setLoadError(null);
      },
      (error: unknown) => {
        if (active) setLoadError(errorText(error));
      },
    );
    return () => {
      active = false;
    };
  }, [pathname, dataVersion]);

  // Preview (ADR 047): the page shows the drafts in place of the live values, in this
  // browser only. Leaving it reloads the page, so nothing of a draft stays on it.
  useEffect(() => {
    if (!preview || !drafts) return;
    // After the page has painted what it renders, so the drafts land on the final markup.
    const frame = requestAnimationFrame(() => {
      setUnseenDrafts(applyDrafts(document, drafts, findRegions(document, page, menu)).length);
    });
    return () => cancelAnimationFrame(frame);
  }, [preview, drafts, page, menu]);

  // Edit mode: mark the regions now and again whenever the page's DOM changes (navigation,
  // a revalidated loader, a mega panel opening), debounced.
  useEffect(() => {
    if (!editing) return;
    const scan = () => {
      unmarkRegions(document, hintId);
      const found = findRegions(document, page, menu);
      markRegions(found, hintId);
      regionsRef.current = found;
      setRegions(found);
    };
    scan();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const observer = new MutationObserver((mutations) => {
      if (mutations.every((m) => (m.target as Element).closest?.(`[${OVERLAY_ATTRIBUTE}]`))) return;
      clearTimeout(timer);
      timer = setTimeout(scan, REFRESH_DEBOUNCE_MS);
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    return () => {
      observer.disconnect();
      clearTimeout(timer);
      unmarkRegions(document, hintId);
      regionsRef.current = [];
    };
  }, [editing, page, menu, hintId]);

  // A click, Enter or Space on a marked region opens its editor instead of following it.
  useEffect(() => {
    if (!editing) return;
    const regionOf = (target: EventTarget | null) => {
      const element = target instanceof Element ? target.closest(`[${EDITABLE_ATTRIBUTE}]`) : null;
      return element ? regionsRef.current.find((region) => region.element === element) : undefined;
    };
    const open = (event: Event, region: Region | undefined) => {
      if (!region) return;
      event.preventDefault();
      event.stopPropagation();
      setField(region.field);
    };
    const onClick = (event: MouseEvent) => open(event, regionOf(event.target));
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Enter' && event.key !== ' ') return;
      const region = regionOf(event.target);
      // Only when the region itself has focus, not a field inside it.
      if (region && region.element === event.target) open(event, region);
    };
    document.addEventListener('click', onClick, true);
    document.addEventListener('keydown', onKeyDown, true);
    return () => {
      document.removeEventListener('click', onClick, true);
      document.removeEventListener('keydown', onKeyDown, true);
    };
  }, [editing]);

  const onPublished = useCallback(() => setDataVersion((version) => version + 1), []);
  // A page or block change: the live page's loaders run again, so it shows the change.
  const { revalidate } = revalidator;
  const onPageChanged = useCallback(() => {
    setDataVersion((version) => version + 1);
    void revalidate();
  }, [revalidate]);

  const pageFields = (page?.blocks ?? []).flatMap((block) =>
    block.fields.map((f) => ({ ...f, label: `${blockName(block.type)}: ${f.label}` })),
  );
  const menuFields = (menu?.items ?? []).map((item) => item.field);
  const pageLabels = uniqueFields(
    regions
      .filter(
        (r) => r.field.uri.startsWith('i18n') && !SHELL_FIELDS.some((s) => s.uri === r.field.uri),
      )
      .map((r) => r.field),
  );

  // A field picked in 'Innehåll på sidan' opens its editor in place of the list.
  const pick = (f: EditorField) => {
    setPanelOpen(false);
    setField(f);
  };

  return (
    <div className="djedi-overlay" {...{ [OVERLAY_ATTRIBUTE]: '' }}>
      <p id={hintId} hidden>
        Redigerbart innehåll: tryck Enter för att redigera.
      </p>
      <div className="djedi-toolbar" role="region" aria-label="Redigeringsläge">
        <span className="djedi-toolbar__who">Redaktör: {config.editor.name}</span>
        <button
          type="button"
          className="button button--primary djedi-toolbar__button"
          aria-pressed={editing}
          onClick={() => setEditing((on) => !on)}
        >
          {editing ? 'Avsluta redigering' : 'Redigera sidan'}
        </button>
        <button
          type="button"
          className="button button--secondary djedi-toolbar__button"
          onClick={() => setPanelOpen(true)}
        >
          Innehåll på sidan
        </button>
        <button
          type="button"
          className="button button--secondary djedi-toolbar__button"
          onClick={() => setPagePanelOpen(true)}
        >
          Sidan och blocken
        </button>
        {preview ? (
          <a className="button button--secondary djedi-toolbar__button" href={pathname}>
            Avsluta förhandsvisning
          </a>
        ) : (
          <Link
            className="button button--secondary djedi-toolbar__button"
            to={`${pathname}?${PREVIEW_PARAMETER}=1`}
          >
            Förhandsvisa utkast{drafts && drafts.length > 0 ? ` (${drafts.length})` : ''}
          </Link>
        )}
        {preview ? (
          <p className="djedi-toolbar__preview">
            Förhandsvisning: sidan visas med {drafts?.length ?? 0} opublicerade utkast
            {unseenDrafts > 0 ? ` (${unseenDrafts} av dem finns inte på den här sidan)` : ''}.
            Besökarna ser den publicerade sidan.
          </p>
        ) : null}
        <p className="djedi-toolbar__status" role="status">
          {editing ? `${regions.length} redigerbara delar markerade.` : ''}
          {loadError ? ` Kunde inte hämta sidans innehåll: ${loadError}` : ''}
        </p>
      </div>
      <Modal
        open={panelOpen}
        onOpenChange={setPanelOpen}
        title="Innehåll på sidan"
        description="Välj en text, ett menyval eller ett block att redigera."
      >
        <FieldGroup title="Sidhuvudets texter" fields={SHELL_FIELDS} onPick={pick} />
        {pageLabels.length > 0 ? (
          <FieldGroup title="Övriga texter" fields={pageLabels} onPick={pick} />
        ) : null}
        {page?.fields.length ? (
          <FieldGroup
            title={
              page.page?.path.replace(/^\/+|\/+$/g, '') === '' ? 'Startsidans topp' : 'Sidans topp'
            }
            fields={page.fields}
            onPick={pick}
          />
        ) : null}
        <FieldGroup title="Huvudmenyn" fields={menuFields} onPick={pick} />
        <FieldGroup
          title={page?.page ? `Sidan ${page.page.title}` : 'Sidans block'}
          fields={pageFields}
          empty={
            page?.page ? 'Sidan har inga block som kan redigeras här.' : 'Sidan är ingen CMS-sida.'
          }
          onPick={pick}
        />
        <FieldGroup title="Sidfoten" fields={footerFields} onPick={pick} />
      </Modal>
      <PagePanel
        open={pagePanelOpen}
        onOpenChange={setPagePanelOpen}
        currentPageId={page?.page?.id ?? null}
        onChanged={onPageChanged}
      />
      <NodeEditorDialog field={field} onClose={() => setField(null)} onPublished={onPublished} />
    </div>
  );
}

function FieldGroup({
  title,
  fields,
  empty = 'Inget att redigera.',
  onPick,
}: {
  title: string;
  fields: EditorField[];
  empty?: string;
  onPick: (field: EditorField) => void;
}) {
  const id = useId();
  return (
    <section className="djedi-panel__group" aria-labelledby={id}>
      <h3 id={id} className="djedi-panel__title">
        {title}
      </h3>
      {fields.length === 0 ? (
        <p className="djedi-panel__empty">{empty}</p>
      ) : (
        <ul className="djedi-panel__list">
          {fields.map((f) => (
            <li key={f.uri}>
              <button type="button" className="djedi-panel__item" onClick={() => onPick(f)}>
                <span className="djedi-panel__name">{f.label}</span>
                <span className="djedi-panel__value">{preview(f)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

const BLOCK_NAMES: Record<string, string> = {
  richtext: 'Textblock',
  buttonlink: 'Knapp',
  image: 'Bild',
};

function blockName(type: string): string {
  return BLOCK_NAMES[type.toLowerCase().replace(/[-_\s]/g, '')] ?? type;
}

function preview(field: EditorField): string {
  const text = field.ext === 'html' ? field.value.replace(/<[^>]*>/g, ' ') : field.value;
  const clean = text.replace(/\s+/g, ' ').trim();
  return clean.length > 60 ? `${clean.slice(0, 59)}…` : clean;
}

function uniqueFields(fields: EditorField[]): EditorField[] {
  return [...new Map(fields.map((f) => [f.uri, f])).values()];
}
