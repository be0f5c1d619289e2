import { lazy, Suspense, useEffect, useId, useMemo, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { Form, useLocation, useNavigate } from 'react-router';
import { usePanel } from '~/components/layout/open-panel.tsx';
import { SearchIcon } from '~/components/ui/icons/search-icon.tsx';
import { setUpRetailSearch, trackSearchClick } from '~/lib/analytics/retail-search.ts';
import { usePaths } from '~/lib/paths.ts';
import { MAX_SEARCH_QUERY_LENGTH, searchHref } from '~/lib/search-groups.ts';
import type * as PreviewModelCode from './search-preview-model.ts';
import type { PreviewModel, PreviewOption } from './search-preview-model.ts';
import { type PreviewState, useSearchPreview } from './use-search-preview.ts';
import './search-preview.css';

// Issue 3 (first-load JavaScript): the preview's markup is a chunk of its own; the server
// renders it, and until the browser has it, the empty listbox stands in (aria-controls
// points at it). Results only come after typing, by which time the chunk is there.
const SearchPreview = lazy(() =>
  import('./search-preview.tsx').then((module) => ({ default: module.SearchPreview })),
);

// The preview's model (grouping, option order, announcement) is needed only once the box is
// used, so it is fetched on focus (issue 3); replies come at least the debounce later.
type PreviewCode = typeof PreviewModelCode;
const loadPreviewCode = (): Promise<PreviewCode> => import('./search-preview-model.ts');

type SearchFormProps = {
  placeholder: string;
  label: string;
  /** The retail-search tracker's website id (null: its commands are logged). */
  trackerWebsiteId?: string | null;
};

/**
 * The header search (spec §2 /sok with q; §4 search preview). A plain GET form, so it works
 * before hydration; once hydrated the box is a combobox (ARIA 1.2) whose listbox previews the
 * grouped search: the arrow keys move the active line (0 is the box itself), Enter on 0 runs
 * the full search and on a line follows it, Escape closes. Focusing it opens the 'search'
 * panel, which closes the main menu, and opening the menu closes it (§4, open-panel.tsx).
 */
export function SearchForm({ placeholder, label, trackerWebsiteId = null }: SearchFormProps) {
  const inputId = useId();
  const listboxId = useId();
  const search = usePanel('search');
  const { pathname, search: locationSearch } = useLocation();
  const navigate = useNavigate();
  // /sok under the page's prefix: the store's, central or business search (spec §2).
  const base = usePaths().search();
  const [query, setQuery] = useState(() => currentQuery(pathname, locationSearch));
  const [active, setActive] = useState(0);
  // Two boxes share the 'search' panel (header and slim bar): only the focused one previews.
  const [focused, setFocused] = useState(false);
  const previewing = search.isOpen && focused;
  const state = useSearchPreview(previewing ? query : '', pathname);
  const [code, setCode] = useState<PreviewCode | null>(null);
  useEffect(() => {
    if (previewing && !code) void loadPreviewCode().then(setCode);
  }, [previewing, code]);

  useEffect(() => setUpRetailSearch(trackerWebsiteId), [trackerWebsiteId]);
  // On a slow connection the visitor may type into the server's markup before the header
  // hydrates (ADR 016). Hydration keeps the text in the box, so the state takes it over (or
  // Enter would search for nothing), and a box that already has the focus previews it.
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const input = inputRef.current;
    if (!input) return;
    const typed = input.value.slice(0, MAX_SEARCH_QUERY_LENGTH);
    if (typed !== query) setQuery(typed);
    if (document.activeElement === input) {
      setFocused(true);
      if (typed.trim()) search.setOpen(true);
    }
    // Once, when the box is hydrated or first rendered; later the state is the box's value.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  // A new page (a followed hit, the landing page) shows its own query, nothing active.
  const location = `${pathname}${locationSearch}`;
  const [seenLocation, setSeenLocation] = useState(location);
  if (seenLocation !== location) {
    setSeenLocation(location);
    setQuery(currentQuery(pathname, locationSearch));
    setActive(0);
  }

  const model = useMemo(
    () =>
      state.status === 'loaded' && code
        ? code.previewModel(state.result, state.result.base, state.query)
        : null,
    [state, code],
  );
  const options = model && code ? code.previewOptions(model) : [];
  const expanded = previewing && query.trim() !== '' && state.status !== 'idle';
  const activeOption = expanded ? options.find((o) => o.index === active) : undefined;

  const follow = (option: PreviewOption) => {
    if (option.trackingCode) trackSearchClick(option.trackingCode, query.trim());
    search.setOpen(false);
    void navigate(option.href);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!expanded) {
        if (query.trim()) search.setOpen(true);
        return;
      }
      if (!code) return;
      setActive((current) =>
        code.moveActive(current, options.length, event.key === 'ArrowDown' ? 1 : -1),
      );
    } else if (event.key === 'Escape') {
      if (expanded) event.preventDefault();
      setActive(0);
      search.setOpen(false);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      if (activeOption) return follow(activeOption);
      const q = query.trim();
      if (!q) return;
      search.setOpen(false);
      void navigate(searchHref(base, q));
    } else if (event.key === 'Tab') {
      search.setOpen(false);
    }
  };

  return (
    <Form
      method="get"
      action={base}
      role="search"
      aria-label={label}
      className={search.isOpen ? 'search-form search-form--active' : 'search-form'}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) {
          setActive(0);
          setFocused(false);
          search.setOpen(false);
        }
      }}
    >
      <label className="visually-hidden" htmlFor={inputId}>
        Sök
      </label>
      <input
        ref={inputRef}
        id={inputId}
        className="search-form__input"
        type="search"
        name="q"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listboxId}
        aria-activedescendant={activeOption ? optionId(listboxId, activeOption.index) : undefined}
        placeholder={placeholder}
        autoComplete="off"
        enterKeyHint="search"
        maxLength={MAX_SEARCH_QUERY_LENGTH}
        value={query}
        onChange={(event) => {
          setQuery(event.currentTarget.value);
          setActive(0);
          search.setOpen(true);
        }}
        onFocus={() => {
          setFocused(true);
          search.setOpen(true);
        }}
        onClick={() => search.setOpen(true)}
        onKeyDown={onKeyDown}
      />
      <button type="submit" className="search-form__submit" aria-label="Sök">
        <SearchIcon />
      </button>
      <Suspense
        fallback={
          <div className="search-preview" hidden>
            <ul id={listboxId} role="listbox" aria-label="Sökförslag" hidden />
          </div>
        }
      >
        <SearchPreview
          id={listboxId}
          open={expanded}
          state={state}
          model={model}
          active={active}
          optionId={(index) => optionId(listboxId, index)}
          onChoose={follow}
          onHover={setActive}
        />
      </Suspense>
      <p className="visually-hidden" role="status" aria-live="polite">
        {expanded ? announcement(state, model, code) : ''}
      </p>
    </Form>
  );
}

function announcement(
  state: PreviewState,
  model: PreviewModel | null,
  code: PreviewCode | null,
): string {
  if (state.status === 'loading') return state.slow ? `Söker efter ${state.query}` : '';
  if (state.status === 'error') return 'Sökningen kunde inte visas just nu.';
  return state.status === 'loaded' && model && code
    ? code.previewAnnouncement(model, state.query)
    : '';
}

function optionId(listboxId: string, index: number): string {
  return `${listboxId}-option-${index}`;
}

/** On a landing page the box shows the query searched for; elsewhere it starts empty. */
function currentQuery(pathname: string, search: string): string {
  if (!/(^|\/)sok$/.test(pathname)) return '';
  return new URLSearchParams(search).get('q')?.slice(0, MAX_SEARCH_QUERY_LENGTH) ?? '';
}
