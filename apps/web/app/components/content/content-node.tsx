import { createContext, useContext, useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { browserNodes } from '~/lib/content/browser-nodes.ts';
import { ContentFetchError } from '~/lib/content/errors.ts';
import { renderMarkdown } from '~/lib/content/markdown.ts';
import { extensionOf } from '~/lib/content/node-uri.ts';

/** Values the server already loaded (uri → value), so server and first client render agree. */
const ContentValues = createContext<Record<string, string | null>>({});

export function ContentProvider({
  values,
  children,
}: {
  values: Record<string, string | null>;
  children: ReactNode;
}) {
  const outer = useContext(ContentValues);
  return (
    <ContentValues.Provider value={{ ...outer, ...values }}>{children}</ContentValues.Provider>
  );
}

export type NodeState =
  | { status: 'loading' }
  | { status: 'error'; error: ContentFetchError }
  | { status: 'success'; value: string | null };

/** Spec §7: the node display's default texts. */
export const LOADING_TEXT = 'Loading…';
export const ERROR_TEXT = 'Failed to fetch content';

/**
 * One node's value: the server's, else one batched fetch in the browser. A published value
 * (editor overlay) replaces it at once.
 */
export function useNode(uri: string, defaultValue: string | null): NodeState {
  const preloaded = useContext(ContentValues);
  const initial = uri in preloaded ? preloaded[uri] : browserNodes.peek(uri);
  const [state, setState] = useState<NodeState>(
    initial === undefined
      ? { status: 'loading' }
      : { status: 'success', value: initial ?? defaultValue },
  );
  const firstDefault = useRef(defaultValue);

  useEffect(() => {
    // Spec §8: changing a node's default after the first render is unsupported.
    if (firstDefault.current !== defaultValue) {
      console.error(
        'Changing the default of a content node after the first render is unsupported',
        uri,
      );
    }
  }, [uri, defaultValue]);

  useEffect(() => {
    let active = true;
    if (initial === undefined) {
      browserNodes.load(uri, firstDefault.current).then(
        (value) => active && setState({ status: 'success', value: value ?? firstDefault.current }),
        (error: unknown) =>
          active &&
          setState({
            status: 'error',
            error:
              error instanceof ContentFetchError ? error : new ContentFetchError(String(error), -1),
          }),
      );
    }
    const unsubscribe = browserNodes.subscribe((published, value) => {
      if (published === uri && active)
        setState({ status: 'success', value: value ?? firstDefault.current });
    });
    return () => {
      active = false;
      unsubscribe();
    };
    // The initial value only decides whether to fetch once per uri.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [uri]);

  return state;
}

type NodeProps = {
  uri: string;
  /** Shown until an editor publishes a value, and stored as the node's first version. */
  defaultValue?: string | null;
  /** Text while loading (spec default 'Loading…'). */
  loadingText?: string;
  /** Text on failure; the status (or -1) follows it (spec default 'Failed to fetch content'). */
  errorText?: string;
  className?: string;
};

/**
 * A content node on the page (trade-area spec §7): loading, error and success states; plain
 * text for .txt, sanitised markdown for .md, the API-sanitised rich text for .html. The
 * data-djedi-node attribute lets the editor overlay find it.
 */
export function Node({
  uri,
  defaultValue = null,
  loadingText = LOADING_TEXT,
  errorText = ERROR_TEXT,
  className,
}: NodeProps) {
  const state = useNode(uri, defaultValue);
  const ext = extensionOf(uri);
  const common = { 'data-djedi-node': uri, className };
  if (state.status === 'loading') {
    return (
      <span {...common} data-state="loading" aria-busy="true" lang="en">
        {loadingText}
      </span>
    );
  }
  if (state.status === 'error') {
    return (
      <span {...common} data-state="error" role="status" lang="en">
        {`${errorText} ${state.error.status}`}
      </span>
    );
  }
  const value = state.value ?? '';
  if (ext === 'txt') return <span {...common}>{value}</span>;
  // .html values are sanitised by the API on every write (allow-list); .md is rendered by
  // markdown-it in safe mode (raw HTML escaped, unsafe links dropped).
  const html = ext === 'md' ? renderMarkdown(value) : value;
  return <div {...common} dangerouslySetInnerHTML={{ __html: html }} />;
}
