import type { DjediDrafts } from '@bygg/contracts/cms';
import { renderMarkdown } from '~/lib/content/markdown.ts';
import { VALUE_ATTRIBUTE, type Region } from './editable-regions.ts';

/** `?forhandsvisning=1`: the page as it will look with the drafts published (ADR 047). */
export const PREVIEW_PARAMETER = 'forhandsvisning';
/** Set on every element that shows a draft instead of its live value (styled, counted). */
export const DRAFT_ATTRIBUTE = 'data-djedi-draft';

type Draft = DjediDrafts['drafts'][number];

function show(element: HTMLElement, draft: Draft): void {
  const attribute = element.getAttribute(VALUE_ATTRIBUTE);
  if (attribute) element.setAttribute(attribute, draft.value);
  // Rich text is sanitised by the API when the draft is saved; markdown renders escaped.
  else if (draft.ext === 'html') element.innerHTML = draft.value;
  else if (draft.ext === 'md') element.innerHTML = renderMarkdown(draft.value);
  else element.textContent = draft.value;
  element.setAttribute(DRAFT_ATTRIBUTE, draft.ext);
}

/**
 * Shows each draft where the page shows its node: elements carrying it as data-djedi-node
 * (labels, menu and footer texts, the hero) and rich-text page blocks. Answers the drafts
 * that have no place on this page (another page's, a block's button text), which the preview
 * names instead. Only the editor's browser does this; the server never renders a draft.
 */
export function applyDrafts(root: ParentNode, drafts: Draft[], regions: Region[]): Draft[] {
  const unseen: Draft[] = [];
  for (const draft of drafts) {
    const elements = [
      ...[...root.querySelectorAll<HTMLElement>('[data-djedi-node]')].filter(
        (element) => element.getAttribute('data-djedi-node') === draft.uri,
      ),
      ...regions
        .filter(
          (region) =>
            region.field.uri === draft.uri &&
            draft.ext === 'html' &&
            !region.element.hasAttribute('data-djedi-node'),
        )
        .map((region) => region.element),
    ];
    for (const element of elements) show(element, draft);
    if (elements.length === 0) unseen.push(draft);
  }
  return unseen;
}
