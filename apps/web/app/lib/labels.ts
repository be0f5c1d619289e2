/**
 * Content-service labels used by the shell (trade-area spec §7: POST /djedi/nodes/ with each
 * uri's Swedish default; language sv-se). Editors change the text; the default is what shows
 * until they do, or when the content service cannot be reached.
 */
export const LABEL_NODES = {
  searchPlaceholder: {
    uri: 'i18n://sv-se@header/search-placeholder.txt',
    default: 'Sök bland tusentals byggvaror',
  },
  freeShipping: {
    uri: 'i18n://sv-se@header/free-shipping.txt',
    default: 'Fri frakt för order över 499:-*',
  },
  clickAndCollect: {
    uri: 'i18n://sv-se@header/click-and-collect.txt',
    default: 'Klicka och hämta i din butik',
  },
} as const;

export type LabelKey = keyof typeof LABEL_NODES;
export type Labels = Record<LabelKey, string>;

export const DEFAULT_LABELS = Object.fromEntries(
  Object.entries(LABEL_NODES).map(([key, node]) => [key, node.default]),
) as Labels;

export function labelDefaultsByUri(): Record<string, string> {
  return Object.fromEntries(Object.values(LABEL_NODES).map((node) => [node.uri, node.default]));
}

/** Maps the content service's uri → value reply back to label keys, defaulting what is missing. */
export function labelsFromReply(reply: Record<string, string | null>): Labels {
  return Object.fromEntries(
    Object.entries(LABEL_NODES).map(([key, node]) => {
      const value = reply[node.uri];
      if (value === undefined) console.warn('Missing result for node', node.uri);
      return [key, value ?? node.default];
    }),
  ) as Labels;
}
