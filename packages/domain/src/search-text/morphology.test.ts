import { describe, expect, it } from 'vitest';
import {
  inflectedForms,
  inflectionAliases,
  planFromVocabulary,
  SwedishMorphology,
  vocabularyEntry,
  vocabularyLookups,
  VocabularyIndex,
} from '../search-text.ts';

// A few rules and words in the Hunspell format of the sv_SE dictionary (the real one is tested
// in packages/db/src/search/lexicon.test.ts): G plural -ar, D definite -en, I el → lar,
// a continuation flag on an affix ("0/X"), a word that never stands alone (Z).
const AFF = `SET UTF-8
ONLYINCOMPOUND Z
SFX G Y 4
SFX G 0 ar [^a]
SFX G 0 arna [^a]
SFX G a or a
SFX G a orna a
SFX D Y 2
SFX D 0 en [^a]
SFX D 0/X 0 .
SFX I Y 2
SFX I el ler el
SFX I el lerna el
`;
const DIC = `6
dörr/DG
bräda/G
regel/I
gips/Z
Göteborg
panel/DG
`;
const morphology = new SwedishMorphology(AFF, DIC);

describe('SwedishMorphology (Hunspell affix rules)', () => {
  it('reads lower-case words, skipping proper nouns', () => {
    expect(morphology.size).toBe(5);
    expect(morphology.has('dörr')).toBe(true);
    expect(morphology.has('göteborg')).toBe(false);
  });

  it('undoes one suffix rule whose flag the base word has', () => {
    expect(morphology.lemmas('dörrarna')).toEqual(['dörr']);
    expect(morphology.lemmas('brädorna')).toEqual(['bräda']);
    expect(morphology.lemmas('regler')).toEqual(['regel']);
    // bräda has no D flag: "brädaen" is no form of it.
    expect(morphology.lemmas('brädaen')).toEqual([]);
  });

  it('does not count a word that only stands in compounds as a word', () => {
    expect(morphology.has('gips')).toBe(false);
    expect(morphology.lemmas('gips')).toEqual([]);
  });

  it('analyses the last element of an unlisted compound', () => {
    expect(morphology.analyse('innerdörrarna')).toEqual(['innerdörr']);
    expect(morphology.analyse('dörr')).toEqual([]);
    expect(morphology.analyse('innerdörr')).toEqual([]);
  });

  it('makes the forms of a word and of an unlisted compound, continuation flags dropped', () => {
    expect(morphology.forms('dörr').sort()).toEqual(['dörr', 'dörrar', 'dörrarna', 'dörren']);
    expect(inflectedForms('innerdörr', morphology)).toContain('innerdörrarna');
    expect(inflectedForms('xyz', morphology)).toEqual([]);
  });

  it('aliases only the stems the stemmer cuts differently from the word itself', () => {
    // regler and reglerna stem to regl, not regel; dörr's forms all stem to dörr.
    expect(inflectionAliases(['regel', 'dörr', '45x95'], morphology)).toEqual([
      { term: '=regl', stem: 'regel', folded: 'regel' },
    ]);
  });
});

describe('a query plan with the morphology', () => {
  const words = ['dörr', 'regel', 'reglar', 'panel', 'gran', 'bräda'];
  const entries = [...words.map(vocabularyEntry), ...inflectionAliases(words, morphology)];
  const index = new VocabularyIndex(entries);
  const plan = (q: string) =>
    planFromVocabulary(q, index.lookup(vocabularyLookups(q, morphology)), morphology);

  it('looks for the base form of an inflected word', () => {
    expect(plan('dörrarna').terms[0]?.exact).toEqual(['dörr']);
    expect(plan('brädorna').terms[0]?.exact).toEqual(['bräd']);
  });

  it('looks for both a stem of the catalogue and the word its alias leads to', () => {
    // "reglar" (a category word here) and regel's plural regler both stem to regl.
    expect(plan('reglar').terms[0]?.exact.sort()).toEqual(['regel', 'regl']);
  });

  it('splits a compound into catalogue words, with the base form of its last element', () => {
    expect(plan('granpanel').terms[0]?.groups).toContainEqual(['gran', 'panel']);
    expect(plan('granpanelerna').terms[0]?.groups).toContainEqual(['gran', 'panel']);
  });

  it('finds nothing for a word the catalogue lacks', () => {
    const term = plan('kvast').terms[0];
    expect([...(term?.exact ?? []), ...(term?.loose ?? []), ...(term?.groups ?? [])]).toEqual([]);
  });
});
