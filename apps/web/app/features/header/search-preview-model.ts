import type { SearchGroup, SearchResult } from '@bygg/contracts/search';
import { SEARCH_SUGGESTIONS_PER_GROUP } from '@bygg/domain/limits';
import { SEARCH_GROUP_NAMES, searchHref, showAllText } from '~/lib/search-groups.ts';
import { formatCount } from '~/lib/format.ts';

/** One choosable line of the preview: a hit, a group's 'Visa alla N …', or all results. */
export type PreviewOption = {
  /** 1-based: index 0 is the search box itself (spec §4: Enter there runs the full search). */
  index: number;
  text: string;
  detail: string | null;
  href: string;
  /** The hit's tracking_code for the retail-search tracker; null for 'Visa alla' lines. */
  trackingCode: string | null;
  kind: 'hit' | 'group-all' | 'all';
};

export type PreviewGroup = { group: SearchGroup; heading: string; options: PreviewOption[] };

export type PreviewModel = { groups: PreviewGroup[]; all: PreviewOption | null; total: number };

/** The order the spec lists the reply's groups in (§3 search result). */
const PREVIEW_ORDER: readonly SearchGroup[] = [
  'products',
  'brands',
  'bk04_categories',
  'stores',
  'cms_pages',
];

/**
 * The preview of one reply (spec §4, §9): each group with hits shows up to 3 and then
 * 'Visa alla N {group}' when it has more; last comes 'Visa alla N sökresultat'. Every line
 * gets the next index, in reading order, for the arrow keys.
 */
export function previewModel(result: SearchResult, base: string, query: string): PreviewModel {
  let index = 0;
  const groups: PreviewGroup[] = [];
  for (const group of PREVIEW_ORDER) {
    const items = result[group].slice(0, SEARCH_SUGGESTIONS_PER_GROUP);
    if (items.length === 0) continue;
    const options: PreviewOption[] = items.map((item) => ({
      index: (index += 1),
      text: item.text,
      detail: item.path && item.path !== item.url ? item.path : null,
      href: item.url,
      trackingCode: item.tracking_code,
      kind: 'hit',
    }));
    const count = result.counts[group];
    if (count > items.length) {
      options.push({
        index: (index += 1),
        text: showAllText(count, group),
        detail: null,
        href: searchHref(base, query, group),
        trackingCode: null,
        kind: 'group-all',
      });
    }
    groups.push({ group, heading: SEARCH_GROUP_NAMES[group].heading, options });
  }
  const total = PREVIEW_ORDER.reduce((sum, group) => sum + result.counts[group], 0);
  const all: PreviewOption | null =
    total > 0
      ? {
          index: (index += 1),
          text: `Visa alla ${formatCount(total)} sökresultat`,
          detail: null,
          href: searchHref(base, query),
          trackingCode: null,
          kind: 'all',
        }
      : null;
  return { groups, all, total };
}

/** The options in index order (index 1 first). */
export function previewOptions(model: PreviewModel): PreviewOption[] {
  const options = model.groups.flatMap((group) => group.options);
  return model.all ? [...options, model.all] : options;
}

/** What the live region says about a reply (counts per group), in Swedish. */
export function previewAnnouncement(model: PreviewModel, query: string): string {
  if (model.total === 0) return `Inga resultat för ${query}`;
  const parts = model.groups.map(
    (group) =>
      `${group.options.filter((o) => o.kind === 'hit').length} ${group.heading.toLowerCase()}`,
  );
  return `${formatCount(model.total)} sökresultat för ${query}. Visar ${parts.join(', ')}. Använd pil upp och ner för att välja.`;
}

/** The next active index for an arrow key: 0 (the box) … last, wrapping around. */
export function moveActive(active: number, count: number, step: 1 | -1): number {
  const positions = count + 1;
  return (((active + step) % positions) + positions) % positions;
}
