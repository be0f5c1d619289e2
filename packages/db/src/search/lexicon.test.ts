import { describe, expect, it } from 'vitest';
import { swedishStem } from '@bygg/domain/search-text';
import { swedishMorphology } from './lexicon.ts';

describe('Swedish morphology from the Hunspell sv_SE dictionary', () => {
  it('loads the dictionary once', async () => {
    const [a, b] = await Promise.all([swedishMorphology(), swedishMorphology()]);
    expect(a).toBe(b);
    expect(a.size).toBeGreaterThan(100_000);
  });

  it.each([
    ['dörrar', 'dörr'],
    ['handtagen', 'handtag'],
    ['brädorna', 'bräda'],
    ['fönstren', 'fönster'],
    ['muttrar', 'mutter'],
    ['nycklar', 'nyckel'],
    ['vinklar', 'vinkel'],
    ['gipsskivorna', 'gipsskiva'],
    ['golvlisterna', 'golvlist'],
  ])('finds the base form of %s: %s', async (word, lemma) => {
    const m = await swedishMorphology();
    expect(m.lemmas(word)).toContain(lemma);
    expect(m.analyse(word)).toContain(lemma);
  });

  it('"skruvarna" leads to the stem of skruv', async () => {
    const m = await swedishMorphology();
    expect(m.analyse('skruvarna').map(swedishStem)).toContain('skruv');
  });

  it('analyses the last element of a compound the dictionary does not list', async () => {
    const m = await swedishMorphology();
    expect(m.analyse('laminatgolvet')).toContain('laminatgolv');
    expect(m.analyse('takpanelerna')).toContain('takpanel');
    expect(m.analyse('ekfönstren')).toContain('ekfönster');
  });

  it('leaves base forms, unknown words and uninflected compounds alone', async () => {
    const m = await swedishMorphology();
    expect(m.analyse('skruv')).toEqual([]);
    expect(m.analyse('granpanel')).toEqual([]);
    expect(m.analyse('xqzw')).toEqual([]);
  });

  it('makes the forms of a lemma from its flags', async () => {
    const m = await swedishMorphology();
    expect(m.forms('regel')).toEqual(expect.arrayContaining(['regeln', 'regler', 'reglerna']));
    expect(m.forms('handtag')).toEqual(expect.arrayContaining(['handtaget', 'handtagen']));
    expect(m.forms('finnsinte')).toEqual([]);
  });
});
