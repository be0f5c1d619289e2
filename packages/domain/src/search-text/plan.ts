import { decompound, MIN_PART } from './decompound.ts';
import { ALIAS_MARK, HEAD_MARK, PART_MARK, type VocabularyEntry } from './document-tokens.ts';
import type { Lemmatizer } from './morphology.ts';
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
 * The stems a query word may stand for: its own stem and the stems of its base forms in the
 * Swedish dictionary ("skruvarna" → skruv, "fönstren" → fönster, "laminatgolvet" →
 * laminatgolv; morphology.ts), the stem the stemmer leaves for the plural and definite forms
 * the stemmer does not undo.
 */
function candidateStems(word: string, lemmatizer: Lemmatizer | undefined): string[] {
  const stems = new Set([swedishStem(word)]);
  for (const lemma of lemmatizer?.analyse(word) ?? []) stems.add(swedishStem(lemma));
  return [...stems];
}

/**
 * The part lists a compound query word is found by: its parts ("gipsskiveskruv" → gipsskiv +
 * skruv), and the same with each compound modifier cut to its first part (gips + skruv), since
 * the catalogue often says the short compound ("Gipsskruv") for the long one.
 */
function compoundGroups(
  stem: string,
  isPart: (part: string) => boolean,
  resolve: (part: string) => string = (part) => part,
): string[][] {
  const parts = decompound(stem, isPart)?.map(resolve);
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
export function vocabularyLookups(q: string, lemmatizer?: Lemmatizer): string[] {
  const lookups = new Set<string>();
  for (const word of queryWords(q)) {
    if (isCode(word) || word.length > MAX_WORD_LENGTH) continue;
    lookups.add(word);
    for (const stem of candidateStems(word, lemmatizer)) {
      lookups.add(stem).add(foldWord(stem));
      for (const s of substrings(stem)) lookups.add(s).add(ALIAS_MARK + s);
    }
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

/**
 * planSearch with the vocabulary entries of vocabularyLookups(q) already at hand (and the same
 * lemmatizer). Alias rows (term `=stem`, refresh.ts) lead a stem the stemmer leaves for a
 * form of a catalogue word to that word's stem: "reglar" and "regler" stem to regl, an alias
 * of regel.
 */
export function planFromVocabulary(
  q: string,
  rows: readonly VocabularyEntry[],
  lemmatizer?: Lemmatizer,
): SearchPlan {
  const words = queryWords(q);
  const aliases = new Map<string, string>();
  const terms = new Set<string>();
  const stems = new Set<string>();
  const folded = new Set<string>();
  for (const r of rows) {
    if (r.term.startsWith(ALIAS_MARK)) {
      // The alias's stem is the stem of a catalogue word.
      aliases.set(r.term.slice(ALIAS_MARK.length), r.stem);
      stems.add(r.stem);
      continue;
    }
    terms.add(r.term);
    stems.add(r.stem);
    folded.add(r.folded);
  }
  // A stem and the catalogue stem its alias leads to (regl → regl, regel).
  const expand = (stem: string) => {
    const alias = aliases.get(stem);
    return alias && alias !== stem ? [stem, alias] : [stem];
  };
  const resolve = (stem: string) => (stems.has(stem) ? stem : (aliases.get(stem) ?? stem));
  const isPart = (part: string) =>
    part.length >= MIN_PART && (stems.has(part) || terms.has(part) || aliases.has(part));

  return {
    terms: words.map((word): SearchTerm => {
      if (isCode(word)) return { word, surface: [word], exact: [word], loose: [], groups: [] };
      if (word.length > MAX_WORD_LENGTH) {
        return { word, surface: [word], exact: [], loose: [], groups: [] };
      }
      const surface = new Set([word]);
      const candidates = [...new Set(candidateStems(word, lemmatizer).flatMap(expand))];
      const exact = new Set(candidates.filter((stem) => stems.has(stem)));
      if (terms.has(word)) exact.add(swedishStem(word));
      const loose = new Set<string>();
      for (const stem of candidates) {
        const foldedStem = foldWord(stem);
        if (!exact.has(stem) && folded.has(foldedStem)) loose.add(FOLDED_MARK + foldedStem);
      }
      const foldedOwn = foldWord(swedishStem(word));
      if (folded.has(foldedOwn)) loose.add(FOLDED_MARK + foldedOwn);
      if (
        exact.size === 0 &&
        !terms.has(word) &&
        word.length >= TYPO_MIN - 1 &&
        word.length <= TYPO_MAX
      ) {
        const edits = new Set(oneEditAway(word));
        for (const r of rows) {
          if (edits.has(r.term) && r.term.length >= TYPO_MIN) {
            loose.add(r.stem);
            surface.add(r.term);
          }
        }
      }
      const groups = new Map<string, string[]>();
      for (const stem of candidates) {
        for (const group of compoundGroups(stem, isPart, resolve))
          groups.set(group.join(' '), group);
      }
      return {
        word,
        surface: [...surface],
        exact: [...exact],
        loose: [...loose],
        groups: [...groups.values()],
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
    /** The word, its stem or a corrected form is the title's head noun (or its last part). */
    head: [...new Set([...term.surface, ...term.exact])].map((t) => HEAD_MARK + t),
  };
}

/**
 * planScore's points per term (packages/db/src/search/query.ts): the word as typed (or
 * corrected) in the title, its stem there, its stem as a compound part there, another title
 * hit (part group, folded form), an exact hit off the title; and the bonus when the title's
 * head noun (its first word, or that word's last compound part) is the word or its stem, so
 * "Gipsskiva …" ranks before "Hård gipsskiva …" and a door ("Innerdörr") before a door's
 * casing ("Fodersats dörr") for "dörrar". Given once per title, and less than the step from
 * a stem to the word as typed, so a title with every word as typed still ranks first.
 */
export const SCORE = { surface: 16, stem: 12, part: 10, other: 6, offTitle: 4, head: 3 };

/**
 * Every token whose presence in the title gives a term of the plan SCORE.other points or more
 * in planScore. A document without any of them in its title scores at most `offTitleMax`:
 * SCORE.offTitle per term (an exact hit in category, brand or codes). So when enough documents do have a title
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
  return { tokens: [...tokens], offTitleMax: SCORE.offTitle * plan.terms.length };
}

/**
 * The title tokens of a one-term plan split by the score they give in planScore: `high` (the
 * word, its stem or the stem as a compound part in the title: SCORE.part and more) and `low`
 * (a part group, folded or corrected form in the title: exactly SCORE.other; the head bonus
 * needs a high token). A title with a low token and no high one scores SCORE.other whatever
 * else it has, so such products rank among themselves by the
 * tie-breaks alone (apps/api/src/contexts/catalogue/products/product-search.ts reads them in popularity
 * order instead of scoring them all).
 */
export function termTitleTokens(term: SearchTerm): { high: string[]; low: string[] } {
  const sets = scoreSets(term);
  const high = new Set([...sets.surface, ...sets.exact, ...sets.exactPart]);
  return { high: [...high], low: [...new Set(sets.other)].filter((t) => !high.has(t)) };
}
