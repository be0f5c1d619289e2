import type { ProductDetail } from '@bygg/contracts/products';

export type ChoiceTree = NonNullable<ProductDetail['choices_tree']>;
export type ChoiceEntry = ChoiceTree[number];
/** Chosen value per choice name; '' or a missing key means not chosen. */
export type ChoiceSelection = Record<string, string>;

/** A choice named for a better U-value (the window's insulation upgrade). */
export function isBetterUValueChoice(entry: Pick<ChoiceEntry, 'name' | 'label'>): boolean {
  return /^u$|u[-_ ]?v(?:a|ä)rde|better[-_ ]?u/i.test(entry.name) || /u-värde/i.test(entry.label);
}

/**
 * Spec §3: a choice named for a better U-value counts only if it is not 'false' or unset;
 * any other choice counts once it has a value.
 */
export function choiceCounts(entry: ChoiceEntry, value: string | undefined): value is string {
  if (value === undefined || value === '') return false;
  return !(isBetterUValueChoice(entry) && value === 'false');
}

function keyFor(entry: ChoiceEntry, selection: ChoiceSelection, value: string): string | null {
  const parts: string[] = [];
  for (const dep of entry.deps) {
    const depValue = selection[dep];
    if (depValue === undefined || depValue === '') return null;
    parts.push(depValue);
  }
  parts.push(value);
  return parts.join('|');
}

/** The values of an entry still possible given the choices it depends on. */
export function availableChoices(entry: ChoiceEntry, selection: ChoiceSelection) {
  return entry.choices.filter((choice) => {
    const key = keyFor(entry, selection, choice.value);
    return key !== null && (entry.articles[key]?.length ?? 0) > 0;
  });
}

export type Resolution = {
  /** Articles matching every choice that counts, in the tree's order. */
  articleIds: number[];
  /** True when every choice other than an optional U-value upgrade has a value. */
  complete: boolean;
};

/** The articles the chosen combination leads to (the intersection over counting choices). */
export function resolveChoices(tree: ChoiceTree, selection: ChoiceSelection): Resolution {
  let candidates: number[] | undefined;
  let complete = true;
  for (const entry of tree) {
    const value = selection[entry.name];
    if (!choiceCounts(entry, value)) {
      if (!isBetterUValueChoice(entry)) complete = false;
      continue;
    }
    const key = keyFor(entry, selection, value);
    const ids: number[] = key === null ? [] : (entry.articles[key] ?? []);
    candidates = candidates ? candidates.filter((id) => ids.includes(id)) : [...ids];
  }
  return { articleIds: candidates ?? [], complete };
}

/** The selection that leads to an article: per entry, the value whose list holds it. */
export function selectionForArticle(tree: ChoiceTree, articleId: number): ChoiceSelection {
  const selection: ChoiceSelection = {};
  for (const entry of tree) {
    const value = entry.choices.find((choice) => {
      const key = keyFor(entry, selection, choice.value);
      return key !== null && (entry.articles[key] ?? []).includes(articleId);
    })?.value;
    if (value !== undefined) selection[entry.name] = value;
  }
  return selection;
}

/**
 * Reads the selection from query parameters (one per choice name), keeping only values the
 * tree offers given the earlier choices; a later value no longer possible is dropped.
 */
export function selectionFromParams(tree: ChoiceTree, params: URLSearchParams): ChoiceSelection {
  const selection: ChoiceSelection = {};
  for (const entry of tree) {
    const value = params.get(entry.name);
    if (value === null || value === '') continue;
    if (isBetterUValueChoice(entry) && value === 'false') {
      selection[entry.name] = value;
      continue;
    }
    if (availableChoices(entry, selection).some((choice) => choice.value === value)) {
      selection[entry.name] = value;
    }
  }
  return selection;
}
