/**
 * The Snowball Swedish stemmer (Martin Porter's algorithm, as PostgreSQL's swedish_stem), in
 * TypeScript so index and query tokens come from one implementation on PostgreSQL and PGlite.
 */
const VOWELS = new Set('aeiouyäåö');
const S_ENDING = new Set('bcdfghjklmnoprtvy');

const MAIN_SUFFIXES = [
  'heterna',
  'hetens',
  'anden',
  'arnas',
  'ernas',
  'ornas',
  'andes',
  'arens',
  'andet',
  'arna',
  'erna',
  'orna',
  'ande',
  'arne',
  'aste',
  'aren',
  'heten',
  'heter',
  'ades',
  'erns',
  'ade',
  'are',
  'ern',
  'ens',
  'het',
  'ast',
  'ad',
  'en',
  'ar',
  'er',
  'or',
  'as',
  'es',
  'at',
  'a',
  'e',
].sort((a, b) => b.length - a.length);
const CONSONANT_PAIRS = ['dd', 'gd', 'nn', 'dt', 'gt', 'kt', 'tt'];

/** Start of region R1: after the first non-vowel that follows a vowel, at least 3. */
function regionOne(word: string): number {
  for (let i = 1; i < word.length; i++) {
    if (!VOWELS.has(word[i] as string) && VOWELS.has(word[i - 1] as string)) {
      return Math.max(3, i + 1);
    }
  }
  return word.length;
}

function endsInRegion(word: string, suffix: string, r1: number): boolean {
  return word.endsWith(suffix) && word.length - suffix.length >= r1;
}

/** Stems one lower-case word. */
export function swedishStem(input: string): string {
  let word = input;
  const r1 = regionOne(word);
  const main = MAIN_SUFFIXES.find((s) => endsInRegion(word, s, r1));
  if (main) {
    word = word.slice(0, -main.length);
  } else if (endsInRegion(word, 's', r1) && S_ENDING.has(word[word.length - 2] ?? '')) {
    word = word.slice(0, -1);
  }
  if (CONSONANT_PAIRS.some((pair) => endsInRegion(word, pair, r1))) word = word.slice(0, -1);
  if (endsInRegion(word, 'fullt', r1)) return word.slice(0, -1);
  if (endsInRegion(word, 'löst', r1)) return word.slice(0, -1);
  for (const suffix of ['lig', 'els', 'ig']) {
    if (endsInRegion(word, suffix, r1)) return word.slice(0, -suffix.length);
  }
  return word;
}
