/**
 * Swedish inflection from a Hunspell dictionary (the sv_SE dictionary of the `dictionary-sv`
 * package, read by packages/db/src/search/lexicon.ts): its affix rules (.aff) and word list
 * with flags (.dic) are parsed here, without I/O, into a suffix analyser.
 *
 * - `lemmas(word)`: the dictionary words the word is an inflected form of, by undoing one
 *   suffix rule whose flag the base word carries ("dörrar" → dörr, "skruvarna" → skruv,
 *   "brädorna" → bräda, "handtagen" → handtag, "reglar" → regel, "fönstren" → fönster,
 *   "muttrar" → mutter), plus the word itself when the dictionary has it.
 * - `forms(lemma)`: every form the lemma's flags make (the inverse; the search benchmark
 *   uses it to write inflected queries).
 * - `analyse(word)`: lemmas of the word, or, when the word is a compound the dictionary does
 *   not list, the lemmas of its last element with the first elements kept
 *   ("granreglar" → granregel, "laminatgolvet" → laminatgolv).
 * Vowel-change plurals that the dictionary lists as words of their own ("tänger", "stänger")
 * are found through the å/ä/ö-folded tokens of the index instead (tokens.ts).

 */
import { MIN_PART } from './decompound.ts';
import { ALIAS_MARK, type VocabularyEntry } from './document-tokens.ts';
import { swedishStem } from './swedish-stemmer.ts';
import { foldWord, isCode } from './tokens.ts';

type SuffixRule = {
  flag: string;
  /** Letters removed from the base word before `add` is appended ('' for none). */
  strip: string;
  add: string;
  /** The base word must end like this (the rule's condition). */
  condition: RegExp;
};

/** The shortest first and last elements of a compound whose last element is analysed. */
const MIN_MODIFIER = 2;
const MIN_ELEMENT = 3;

function condition(text: string): RegExp {
  if (text === '.' || text === '') return /(?:)/;
  // Hunspell conditions are a sequence of letters and [...] / [^...] classes.
  return new RegExp(`${text}$`, 'u');
}

export class SwedishMorphology {
  /** Lower-case dictionary words and their flags (one character each in sv_SE). */
  private readonly words = new Map<string, string>();
  /** Suffix rules by the text they add. */
  private readonly byAdd = new Map<string, SuffixRule[]>();
  private readonly byFlag = new Map<string, SuffixRule[]>();
  private readonly maxAdd: number;
  /** Flags of words that never stand alone (NEEDAFFIX, FORBIDDENWORD, ONLYINCOMPOUND). */
  private readonly notAlone = new Set<string>();

  constructor(aff: string, dic: string) {
    let longest = 0;
    for (const line of aff.split(/\r?\n/)) {
      const f = line.trim().split(/\s+/);
      if ((f[0] === 'NEEDAFFIX' || f[0] === 'FORBIDDENWORD' || f[0] === 'ONLYINCOMPOUND') && f[1]) {
        this.notAlone.add(f[1]);
      }
      // "SFX flag strip add condition": the header line "SFX flag Y count" has no condition.
      if (f[0] !== 'SFX' || f.length < 5 || !f[1] || !f[2] || !f[3] || !f[4]) continue;
      // The text added, without continuation flags ("0/XY": nothing added).
      const bare = f[3].split('/')[0] ?? '';
      const add = bare === '0' ? '' : bare;
      const rule: SuffixRule = {
        flag: f[1],
        strip: f[2] === '0' ? '' : f[2],
        add,
        condition: condition(f[4]),
      };
      longest = Math.max(longest, add.length);
      this.byAdd.set(add, [...(this.byAdd.get(add) ?? []), rule]);
      this.byFlag.set(rule.flag, [...(this.byFlag.get(rule.flag) ?? []), rule]);
    }
    this.maxAdd = longest;
    const lines = dic.split(/\r?\n/);
    for (let i = 1; i < lines.length; i++) {
      const line = lines[i];
      if (!line) continue;
      const entry = line.split(/[\t ]/)[0] ?? '';
      const slash = entry.indexOf('/');
      const word = (slash < 0 ? entry : entry.slice(0, slash)).normalize('NFC');
      // Proper nouns and abbreviations (capitals) are not catalogue words.
      if (!word || word !== word.toLowerCase()) continue;
      const flags = slash < 0 ? '' : entry.slice(slash + 1);
      this.words.set(word, (this.words.get(word) ?? '') + flags);
    }
  }

  /** Words in the dictionary (for tests and reports). */
  get size(): number {
    return this.words.size;
  }

  /** The dictionary has the word as a word of its own. */
  has(word: string): boolean {
    const flags = this.words.get(word);
    return flags !== undefined && ![...flags].some((f) => this.notAlone.has(f));
  }

  /** The dictionary words whose inflected form the word is (and the word itself, if listed). */
  lemmas(word: string): string[] {
    const out = new Set<string>();
    if (this.has(word)) out.add(word);
    for (let k = 0; k <= Math.min(this.maxAdd, word.length - 1); k++) {
      const rules = this.byAdd.get(word.slice(word.length - k));
      if (!rules) continue;
      for (const rule of rules) {
        const base = word.slice(0, word.length - k) + rule.strip;
        if (base.length < 2 || base === word || !rule.condition.test(base)) continue;
        if (this.words.get(base)?.includes(rule.flag)) out.add(base);
      }
    }
    return [...out];
  }

  /** Every form one suffix rule of the lemma's flags makes, the lemma first. */
  forms(lemma: string): string[] {
    const flags = this.words.get(lemma);
    if (flags === undefined) return [];
    const out = new Set([lemma]);
    for (const flag of flags) {
      for (const rule of this.byFlag.get(flag) ?? []) {
        if (!lemma.endsWith(rule.strip) || !rule.condition.test(lemma)) continue;
        out.add(lemma.slice(0, lemma.length - rule.strip.length) + rule.add);
      }
    }
    return [...out];
  }

  /**
   * The base forms a shopper's word may stand for, other than itself: its lemmas, or for a
   * compound the dictionary does not list, its first letters with the lemmas of its longest
   * last element that is an inflected dictionary word ("granreglar" → granregel).
   */
  analyse(word: string): string[] {
    const own = this.lemmas(word).filter((l) => l !== word);
    if (own.length > 0 || this.has(word)) return own;
    for (let i = MIN_MODIFIER; i <= word.length - MIN_ELEMENT; i++) {
      const tail = word.slice(i);
      const bases = this.lemmas(tail).filter((l) => l !== tail);
      if (bases.length > 0) return bases.map((b) => word.slice(0, i) + b);
      if (this.has(tail)) return [];
    }
    return [];
  }
}

/** What the plan needs of the morphology: base forms of a query word (none when unknown). */
export type Lemmatizer = { analyse(word: string): string[] };

/**
 * Every dictionary form of a catalogue word: its own forms, or, for a compound the
 * dictionary does not list, its first letters with the forms of its longest listed last
 * element ("innerdörr" → innerdörrar, innerdörrarna, … through dörr).
 */
export function inflectedForms(word: string, morphology: SwedishMorphology): string[] {
  if (morphology.has(word)) return morphology.forms(word);
  for (let i = MIN_MODIFIER; i <= word.length - MIN_ELEMENT; i++) {
    const tail = word.slice(i);
    if (morphology.has(tail)) return morphology.forms(tail).map((f) => word.slice(0, i) + f);
  }
  return [];
}

/**
 * The alias rows of the search vocabulary (ALIAS_MARK) for some catalogue words: each stem
 * that the stemmer leaves for one of a word's dictionary forms, other than the word's own
 * stem, leads to the word's stem. The Snowball stemmer
 * leaves "regl" for regler and reglar, "nyckl" for nycklar: their alias rows lead to regel
 * and nyckel. The first word (in sorted order) keeps a stem two words share.
 */
export function inflectionAliases(
  words: Iterable<string>,
  morphology: SwedishMorphology,
): VocabularyEntry[] {
  // A stem may be both a catalogue word's stem and another's form ("reglar" in a category
  // name and regel's plural regler both stem to regl): the query then looks for both (plan.ts).
  const out = new Map<string, VocabularyEntry>();
  for (const word of [...new Set(words)].sort()) {
    if (isCode(word)) continue;
    const stem = swedishStem(word);
    for (const form of inflectedForms(word, morphology)) {
      const formStem = swedishStem(form);
      if (formStem === stem || formStem.length < MIN_PART) continue;
      const term = ALIAS_MARK + formStem;
      if (!out.has(term)) out.set(term, { term, stem, folded: foldWord(stem) });
    }
  }
  return [...out.values()];
}
