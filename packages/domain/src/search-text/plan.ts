import { decompound, MIN_PART } from './decompound.ts';
import { PART_MARK, type VocabularyEntry } from './document-tokens.ts';
import { swedishStem } from './swedish-stemmer.ts';
import { FOLDED_MARK, foldWord, isCode, textWords } from './tokens.ts';

// A shopper's query as index tokens (the pure half of the search; packages/db/src/search/
// query.ts reads the vocabulary and turns a plan into SQL).

/**
 * One query word as index tokens. A document matches the term when it has any `exact` or
 * `loose` token, or every token of one of `groups` (the parts of a compound query word).
 * Exact tokens (the word's stem, a code) rank before loose ones (folded, typo-corrected).
 */
export type SearchTerm = {
  word: string;
  /** The word as typed and its corrections: these in a title rank first. */
  surface: string[];
  exact: string[];
  loose: string[];
  groups: string[][];
};
export type SearchPlan = { terms: SearchTerm[] };

/** More words than this are ignored; longer words are neither split nor corrected. */
const MAX_WORDS = 8;
const MAX_WORD_LENGTH = 40;
/**
 * Typo tolerance: one edit to a vocabulary word of TYPO_MIN letters or more ("riba" is one
 * letter short of "ribba", so the typed word may be a letter shorter).
 */
const TYPO_MIN = 5;
const TYPO_MAX = 20;
const ALPHABET = 'abcdefghijklmnopqrstuvwxyzåäö';

/** Every string one edit away (delete, transpose, replace, insert). */
export function oneEditAway(word: string): string[] {
  const out = new Set<string>();
  for (let i = 0; i <= word.length; i++) {
    const head = word.slice(0, i);
    const tail = word.slice(i);
    if (tail) out.add(head + tail.slice(1));
    if (tail.length > 1) out.add(head + (tail[1] as string) + (tail[0] as string) + tail.slice(2));
    for (const ch of ALPHABET) {
      if (tail) out.add(head + ch + tail.slice(1));
      out.add(head + ch + tail);
    }
  }
  out.delete(word);
  return [...out];
}

function substrings(word: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < word.length; i++) {
    for (let j = i + MIN_PART; j <= word.length; j++) out.push(word.slice(i, j));
  }
  return out;
}

/** The longest known proper prefix of a word (gipsskiv → gips), else the word. */
function knownPrefix(word: string, isPart: (part: string) => boolean): string {
  for (let end = word.length - 1; end >= MIN_PART; end--) {
    if (isPart(word.slice(0, end))) return word.slice(0, end);
  }
  return word;
}

/**
 * Definite and plural endings the stemmer leaves ("plankan" → planka, "skruven" → skruv):
 * tried when the word itself is unknown.
 */
const DEFINITE_ENDINGS = ['erna', 'arna', 'orna', 'en', 'et', 'na', 'n', 't'];

function baseForms(word: string): string[] {
  return DEFINITE_ENDINGS.filter((e) => word.endsWith(e) && word.length - e.length >= MIN_PART).map(
    (e) => swedishStem(word.slice(0, -e.length)),
  );
}

/**
 * The part lists a compound query word is found by: its parts ("gipsskiveskruv" → gipsskiv +
 * skruv), and the same with each compound modifier cut to its first part (gips + skruv), since
 * the catalogue often says the short compound ("Gipsskruv") for the long one.
 */
function compoundGroups(stem: string, isPart: (part: string) => boolean): string[][] {
  const parts = decompound(stem, isPart);
  if (!parts) return [];
  const head = parts.slice(-1);
  const shortened = parts
    .slice(0, -1)
    .map((m) => decompound(m, isPart)?.[0] ?? knownPrefix(m, isPart));
  const groups = [parts, [...shortened, ...head]];
  return [...new Map(groups.map((g) => [g.join(' '), g])).values()];
}

/** The query's words: distinct, at most MAX_WORDS, from the first 500 characters. */
function queryWords(q: string): string[] {
  return [...new Set(textWords(q.slice(0, 500)))].slice(0, MAX_WORDS);
}

/**
 * The vocabulary entries a plan of q needs: those whose term, stem or folded form is one of
 * these strings (the word, its stem and base forms, substrings for splitting, one-edit
 * variants).
 */
export function vocabularyLookups(q: string): string[] {
  const lookups = new Set<string>();
  for (const word of queryWords(q)) {
    if (isCode(word) || word.length > MAX_WORD_LENGTH) continue;
    const stem = swedishStem(word);
    lookups.add(word).add(stem).add(foldWord(stem));
    for (const base of baseForms(word)) lookups.add(base);
    for (const s of substrings(stem)) lookups.add(s);
    if (word.length >= TYPO_MIN - 1 && word.length <= TYPO_MAX) {
      for (const e of oneEditAway(word)) if (e.length >= TYPO_MIN) lookups.add(e);
    }
  }
  return [...lookups];
}

/**
 * The whole vocabulary in memory (a few thousand words for 100,000 products), answering the
 * lookup of planSearch without a query: the entries whose term, stem or folded form is one
 * of the strings.
 */
export class VocabularyIndex {
  private readonly byKey = new Map<string, VocabularyEntry[]>();

  constructor(entries: readonly VocabularyEntry[]) {
    for (const entry of entries) {
      for (const key of new Set([entry.term, entry.stem, entry.folded])) {
        const list = this.byKey.get(key);
        if (list) list.push(entry);
        else this.byKey.set(key, [entry]);
      }
    }
  }

  lookup(strings: readonly string[]): VocabularyEntry[] {
    const found = new Set<VocabularyEntry>();
    for (const s of strings) for (const entry of this.byKey.get(s) ?? []) found.add(entry);
    return [...found];
  }

  get size(): number {
    return this.byKey.size;
  }
}

/** planSearch with the vocabulary entries of vocabularyLookups(q) already at hand. */
export function planFromVocabulary(q: string, rows: readonly VocabularyEntry[]): SearchPlan {
  const words = queryWords(q);
  const terms = new Set(rows.map((r) => r.term));
  const stems = new Set(rows.map((r) => r.stem));
  const folded = new Set(rows.map((r) => r.folded));
  const isPart = (part: string) => part.length >= MIN_PART && (stems.has(part) || terms.has(part));

  return {
    terms: words.map((word): SearchTerm => {
      if (isCode(word)) return { word, surface: [word], exact: [word], loose: [], groups: [] };
      if (word.length > MAX_WORD_LENGTH) {
        return { word, surface: [word], exact: [], loose: [], groups: [] };
      }
      const surface = new Set([word]);
      const stem = swedishStem(word);
      const exact = stems.has(stem) || terms.has(word) ? [stem] : [];
      const loose = new Set<string>();
      const foldedStem = foldWord(stem);
      if (folded.has(foldedStem)) loose.add(FOLDED_MARK + foldedStem);
      if (exact.length === 0) {
        for (const base of baseForms(word)) if (stems.has(base)) loose.add(base);
      }
      if (!terms.has(word) && word.length >= TYPO_MIN - 1 && word.length <= TYPO_MAX) {
        const edits = new Set(oneEditAway(word));
        for (const r of rows) {
          if (edits.has(r.term) && r.term.length >= TYPO_MIN) {
            loose.add(r.stem);
            surface.add(r.term);
          }
        }
      }
      return {
        word,
        surface: [...surface],
        exact,
        loose: [...loose],
        groups: compoundGroups(stem, isPart),
      };
    }),
  };
}

/** The plan's words found nothing at all: no document can match. */
export function planIsEmpty(plan: SearchPlan): boolean {
  return plan.terms.length === 0;
}

/** The token sets of one term that planScore tests, best first. */
export function scoreSets(term: SearchTerm) {
  const other = [...term.loose, ...term.groups.flat()];
  return {
    surface: term.surface,
    exact: term.exact,
    exactPart: term.exact.map((t) => PART_MARK + t),
    other: [...other, ...other.map((t) => PART_MARK + t)],
  };
}

/**
 * Every token whose presence in the title gives a term of the plan 3 points or more in
 * planScore. A document without any of them in its title scores at most `offTitleMax`: 2 per
 * term (an exact hit in category, brand or codes). So when enough documents do have a title
 * hit and score above that, the best of them are the best of all, and the many matches of a
 * broad word ("trä") need not be scored one by one (apps/api/src/contexts/catalogue/products/product-search.ts).
 */
export function planTitleTokens(plan: SearchPlan): { tokens: string[]; offTitleMax: number } {
  const tokens = new Set<string>();
  for (const term of plan.terms) {
    const sets = scoreSets(term);
    for (const t of [...sets.surface, ...sets.exact, ...sets.exactPart, ...sets.other]) {
      tokens.add(t);
    }
  }
  return { tokens: [...tokens], offTitleMax: 2 * plan.terms.length };
}

/**
 * The title tokens of a one-term plan split by the score they give in planScore: `high` (the
 * word, its stem or the stem as a compound part in the title: 5 to 8) and `low` (a part
 * group, folded or corrected form in the title: exactly 3). A title with a low token and no
 * high one scores 3 whatever else it has, so such products rank among themselves by the
 * tie-breaks alone (apps/api/src/contexts/catalogue/products/product-search.ts reads them in popularity
 * order instead of scoring them all).
 */
export function termTitleTokens(term: SearchTerm): { high: string[]; low: string[] } {
  const sets = scoreSets(term);
  const high = new Set([...sets.surface, ...sets.exact, ...sets.exactPart]);
  return { high: [...high], low: [...new Set(sets.other)].filter((t) => !high.has(t)) };
}
