import { allParts, decompound, MIN_PART } from './decompound.ts';
import { swedishStem } from './swedish-stemmer.ts';
import { codeVariants, FOLDED_MARK, foldWord, isCode, textWords } from './tokens.ts';

/** The text of one searchable thing: its title, what else names it, and exact codes. */
export type SearchFields = {
  /** Title hits rank first (a product's title, a category's or a store's name). */
  title: string[];
  /** Brand, parent categories, town: found, ranked after title hits. */
  other?: string[];
  /** Article ids, ERP numbers, GTINs: matched exactly, as typed. */
  codes?: string[];
};

export type SearchTokens = { tokens: string[]; titleTokens: string[] };

/** One vocabulary row: a word of the catalogue, its stem and its folded stem. */
export type VocabularyEntry = { term: string; stem: string; folded: string };

/** Which strings count as compound parts: stems and words of the catalogue's vocabulary. */
export type PartTest = (part: string) => boolean;

export function vocabularyEntry(word: string): VocabularyEntry {
  const stem = swedishStem(word);
  return { term: word, stem, folded: foldWord(stem) };
}

/** The vocabulary words of some fields: every non-code word. */
export function vocabularyWords(fields: SearchFields): string[] {
  return [...fields.title, ...(fields.other ?? [])]
    .flatMap((text) => textWords(text))
    .filter((w) => !isCode(w) && w.length > 1);
}

export function partTest(entries: Iterable<VocabularyEntry>): PartTest {
  const parts = new Set<string>();
  for (const e of entries) {
    if (e.stem.length >= MIN_PART) parts.add(e.stem);
    if (e.term.length >= MIN_PART) parts.add(e.term);
  }
  return (part) => parts.has(part);
}

/** A head or modifier seen in this many stems beside a known part counts as a part itself. */
const PRODUCTIVE_MIN_STEMS = 2;
const LINKING = ['s', 'e', 'a', 'o', 'u'];

/**
 * Parts the catalogue uses without ever writing them alone: a beginning or ending that stands
 * beside a known part in several stems ("gips" in gipsskiva and gipsskruv, beside skiv and
 * skruv). Both sides must be at least MIN_PART long; one linking letter may sit between them.
 */
export function productiveParts(entries: Iterable<VocabularyEntry>): string[] {
  const known = new Set<string>();
  const stems = new Set<string>();
  for (const e of entries) {
    stems.add(e.stem);
    if (e.stem.length >= MIN_PART) known.add(e.stem);
    if (e.term.length >= MIN_PART) known.add(e.term);
  }
  const isKnown = (part: string, linkAt: 'start' | 'end') => {
    if (known.has(part)) return true;
    const edge = linkAt === 'start' ? part[0] : part[part.length - 1];
    if (!edge || !LINKING.includes(edge) || part.length <= MIN_PART) return false;
    return known.has(linkAt === 'start' ? part.slice(1) : part.slice(0, -1));
  };
  const counts = new Map<string, number>();
  for (const stem of stems) {
    for (let k = MIN_PART; k <= stem.length - MIN_PART; k++) {
      const modifier = stem.slice(0, k);
      const head = stem.slice(k);
      // A linking letter that could as well start the head ("gips|s|kiv" vs "gips|skiv")
      // belongs to the head: only whole known neighbours make a new part.
      const headKnown =
        known.has(head) || (isKnown(head, 'start') && !known.has(modifier + head[0]));
      const modifierKnown =
        known.has(modifier) || (isKnown(modifier, 'end') && !known.has(modifier.slice(-1) + head));
      if (!known.has(modifier) && headKnown) counts.set(modifier, (counts.get(modifier) ?? 0) + 1);
      if (!known.has(head) && modifierKnown) counts.set(head, (counts.get(head) ?? 0) + 1);
    }
  }
  return [...counts]
    .filter(([, n]) => n >= PRODUCTIVE_MIN_STEMS)
    .map(([part]) => part)
    .sort();
}

/**
 * Title tokens mark compound parts, so that a title saying the word itself ranks before a
 * title that only contains it in a compound ("Glasull" before "Glasullsskiva" for glasull).
 */
export const PART_MARK = '+';

/**
 * Title tokens of the title's head noun (its first word, in a product title the kind of
 * product: "Gipsskiva", "Innerdörr"): the word, its stem and its last compound part, marked,
 * so that planScore can rank the products that are the thing searched for first.
 */
export const HEAD_MARK = '^';

/**
 * Vocabulary rows whose term is this mark and a stem are aliases: the stem that the stemmer
 * leaves for a dictionary form of a catalogue word ("regler" → regl), whose own stem (regel)
 * is the row's stem (refresh.ts writes them from the Swedish dictionary; plan.ts reads them).
 */
export const ALIAS_MARK = '=';

/** The head tokens of a title (HEAD_MARK): its first word, that word's stem and last part. */
export function headTokens(title: string, isPart: PartTest): string[] {
  const first = textWords(title).find((w) => !isCode(w));
  if (!first) return [];
  const stem = swedishStem(first);
  const last = decompound(stem, isPart)?.at(-1);
  return [...new Set([first, stem, ...(last ? [last] : [])])].map((t) => HEAD_MARK + t);
}

/**
 * The tokens a word is found by: itself and its stem (whole), the parts of its stem when it
 * is a compound, and the å/ä/ö-folded form of each, marked (so "tra" finds "trä" while exact
 * tokens never meet folded ones).
 */
export function wordTokens(word: string, isPart: PartTest): { whole: string[]; parts: string[] } {
  if (isCode(word)) return { whole: codeVariants(word), parts: [] };
  const stem = swedishStem(word);
  return { whole: [word, stem], parts: allParts(stem, isPart) };
}

const folded = (tokens: string[]) => tokens.map((t) => FOLDED_MARK + foldWord(t));

/** A word's tokens in a document: all of them, and those it adds when it is in the title. */
type WordDocumentTokens = { all: string[]; title: string[] };

/**
 * The document tokens of each word already seen with this part test: a catalogue repeats its
 * words (category and brand names in every product of them), and stemming and splitting a
 * word is the cost of a full refresh. Keyed by the part test, so a refresh with a grown
 * vocabulary (a new test) never reads tokens split with an older one.
 */
const wordCache = new WeakMap<PartTest, Map<string, WordDocumentTokens>>();

function wordDocumentTokens(word: string, isPart: PartTest): WordDocumentTokens {
  let cache = wordCache.get(isPart);
  if (!cache) {
    cache = new Map();
    wordCache.set(isPart, cache);
  }
  let tokens = cache.get(word);
  if (!tokens) {
    const { whole, parts } = wordTokens(word, isPart);
    tokens = {
      all: [...whole, ...parts, ...folded(whole), ...folded(parts)],
      title: [...whole, ...folded(whole), ...folded(parts), ...parts.map((p) => PART_MARK + p)],
    };
    cache.set(word, tokens);
  }
  return tokens;
}

export function documentTokens(fields: SearchFields, isPart: PartTest): SearchTokens {
  const title = new Set<string>();
  const all = new Set<string>();
  const add = (text: string, inTitle: boolean) => {
    for (const word of textWords(text)) {
      const tokens = wordDocumentTokens(word, isPart);
      for (const t of tokens.all) all.add(t);
      if (inTitle) for (const t of tokens.title) title.add(t);
    }
  };
  for (const text of fields.title) add(text, true);
  const head = fields.title[0];
  if (head !== undefined) for (const t of headTokens(head, isPart)) title.add(t);
  for (const text of fields.other ?? []) add(text, false);
  for (const code of fields.codes ?? []) {
    const c = code.trim().toLowerCase();
    if (c) all.add(c);
  }
  return { tokens: [...all].sort(), titleTokens: [...title].sort() };
}

/**
 * products.search_text: the lower-cased title, brand and category names, which the suggest
 * call's prefix ordering and the trigram index read.
 */
export function productSearchText(fields: {
  title: string;
  brand: string | null;
  category: string;
}): string {
  return [fields.title, fields.brand ?? '', fields.category].join(' ').toLowerCase();
}
