import type { EditorField, EditorMenu, EditorPage } from '@bygg/contracts/cms';
import { extensionOf } from '~/lib/content/node-uri.ts';

/** An element on the live page the editor can click to edit, and what it edits. */
export type Region = { element: HTMLElement; field: EditorField };

export const EDITABLE_ATTRIBUTE = 'data-djedi-editable';
export const MAIN_MENU_SELECTOR = 'nav[aria-label="Huvudmeny"]';
/** Elements of the overlay itself are never regions. */
export const OVERLAY_ATTRIBUTE = 'data-djedi-overlay';

/** Longest stretch of a label's text its editor's title quotes. */
const QUOTED_TEXT_LENGTH = 40;

/**
 * Issue 22: a content-service label is named by the text it shows ('Etikett ”Fri frakt för
 * order över 499:-*”'), not by its node URI (`i18n://sv-se@…`), which means nothing to an editor.
 */
export function labelName(text: string): string {
  const shown = text.replace(/\s+/g, ' ').trim();
  if (shown === '') return 'Etikett';
  const quoted =
    shown.length > QUOTED_TEXT_LENGTH ? `${shown.slice(0, QUOTED_TEXT_LENGTH - 1)}…` : shown;
  return `Etikett ”${quoted}”`;
}

/** The element's own name for its field ('Startsidans rubrik', 'Sidfot: kontakt'). */
export const NAME_ATTRIBUTE = 'data-djedi-name';
/** The attribute that shows the node's value, when not the text (a hero image's `src`). */
export const VALUE_ATTRIBUTE = 'data-djedi-attr';

/** What the element shows of its node: its text, or the attribute it names. */
export function shownValue(element: Element): string {
  const attribute = element.getAttribute(VALUE_ATTRIBUTE);
  return (attribute ? element.getAttribute(attribute) : element.textContent)?.trim() ?? '';
}

function labelField(element: HTMLElement): EditorField | null {
  const uri = element.getAttribute('data-djedi-node');
  if (!uri) return null;
  const value = shownValue(element);
  // Menu and footer labels from the CMS carry their node (cms://node@{id}/navigation/label.txt).
  const label =
    element.getAttribute(NAME_ATTRIBUTE) ??
    (/^cms:\/\/node@\d+\/navigation\/label/.test(uri) ? 'Menytext' : labelName(value));
  return { uri, label, ext: extensionOf(uri), value };
}

/**
 * Finds what the overlay can edit on the page: content-service labels (data-djedi-node),
 * CMS page blocks (data-cms-block, matched to the page's editable fields) and main-menu
 * entries (links by href, panel triggers by their text).
 */
export function findRegions(
  root: ParentNode,
  page: EditorPage | null,
  menu: EditorMenu | null,
): Region[] {
  const regions: Region[] = [];
  const outside = (element: Element) => !element.closest(`[${OVERLAY_ATTRIBUTE}]`);
  for (const element of root.querySelectorAll<HTMLElement>('[data-djedi-node]')) {
    const field = labelField(element);
    if (field && outside(element)) regions.push({ element, field });
  }
  for (const block of page?.blocks ?? []) {
    const field = block.fields[0];
    if (!field) continue;
    for (const element of root.querySelectorAll<HTMLElement>('[data-cms-block]')) {
      if (element.getAttribute('data-cms-block') === block.id && outside(element)) {
        regions.push({ element, field });
      }
    }
  }
  for (const nav of root.querySelectorAll<HTMLElement>(MAIN_MENU_SELECTOR)) {
    for (const item of menu?.items ?? []) {
      for (const element of nav.querySelectorAll<HTMLElement>('a[href], button')) {
        // Entries that carry their node are regions already (data-djedi-node above).
        if (element.hasAttribute('data-djedi-node')) continue;
        const matches =
          element instanceof HTMLAnchorElement
            ? element.getAttribute('href') === item.href
            : element.textContent?.trim() === item.field.value;
        if (matches) regions.push({ element, field: item.field });
      }
    }
  }
  return regions;
}

/** Marks regions for edit mode: outlined, reachable by Tab, described for screen readers. */
export function markRegions(regions: Region[], hintId: string): void {
  for (const { element, field } of regions) {
    element.setAttribute(EDITABLE_ATTRIBUTE, field.uri);
    const focusable = element.matches('a[href], button, input, select, textarea, [tabindex]');
    if (!focusable) {
      element.setAttribute('tabindex', '0');
      element.setAttribute('data-djedi-tabindex', '');
    }
    const described = element.getAttribute('aria-describedby') ?? '';
    if (!described.split(' ').includes(hintId)) {
      element.setAttribute('aria-describedby', `${described} ${hintId}`.trim());
    }
  }
}

/** Leaves the page as it was before edit mode. */
export function unmarkRegions(root: ParentNode, hintId: string): void {
  for (const element of root.querySelectorAll<HTMLElement>(`[${EDITABLE_ATTRIBUTE}]`)) {
    element.removeAttribute(EDITABLE_ATTRIBUTE);
    if (element.hasAttribute('data-djedi-tabindex')) {
      element.removeAttribute('tabindex');
      element.removeAttribute('data-djedi-tabindex');
    }
    const rest = (element.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .filter((id) => id && id !== hintId)
      .join(' ');
    if (rest) element.setAttribute('aria-describedby', rest);
    else element.removeAttribute('aria-describedby');
  }
}
