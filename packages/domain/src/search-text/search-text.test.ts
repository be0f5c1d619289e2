import { describe, expect, it } from 'vitest';
import {
  allParts,
  codeVariants,
  decompound,
  foldSearchText,
  foldWord,
  normalizeText,
  oneEditAway,
  planTitleTokens,
  productiveParts,
  textWords,
  vocabularyEntry,
  type SearchPlan,
} from '../search-text.ts';

describe('decompound', () => {
  const parts = new Set(['gips', 'gipsskiv', 'skiv', 'skruv', 'trä', 'golv', 'list']);
  const isPart = (p: string) => parts.has(p);

  it('splits into the fewest known parts, across a linking letter', () => {
    expect(decompound('gipsskiveskruv', isPart)).toEqual(['gipsskiv', 'skruv']);
    expect(decompound('träskruv', isPart)).toEqual(['trä', 'skruv']);
    expect(allParts('gipsskiveskruv', isPart)).toEqual(['gipsskiv', 'gips', 'skiv', 'skruv']);
  });

  it('leaves words with an unknown part whole', () => {
    expect(decompound('skruvdragare', isPart)).toBeNull();
    expect(decompound('golv', isPart)).toBeNull();
  });

  it('finds parts never written alone from the stems they share', () => {
    const entries = ['skiva', 'skruv', 'gipsskiva', 'gipsskruv', 'takgips'].map(vocabularyEntry);
    expect(productiveParts(entries)).toContain('gips');
    expect(productiveParts(entries)).not.toContain('kiv');
  });
});

describe('tokens', () => {
  it('joins dimensions and units the way shoppers write them', () => {
    expect(normalizeText('Regel 45 x 95 mm 12.5 MM')).toBe('regel 45x95mm 12,5mm');
    expect(textWords('Gipsskiva 12,5 mm för vägg')).toEqual(['gipsskiva', '12,5mm', 'vägg']);
    expect(textWords('123456-D LED-lampa')).toEqual(['123456-d', 'led', 'lampa']);
    // Index words fold with the letters of the SQL matches' table (fold.ts), one table for both.
    expect(foldWord('trä-dörr åäöéèüæø')).toBe(foldSearchText('TRÄ-DÖRR ÅÄÖÉÈÜÆØ'));
  });

  it('indexes a dimension with and without its unit and letter prefix', () => {
    expect(codeVariants('45x95mm')).toEqual(['45x95mm', '45x95']);
    expect(codeVariants('m8x100')).toEqual(['m8x100', '8x100']);
  });

  it('lists every one-edit variant (deletion, transposition, replacement, insertion)', () => {
    const edits = oneEditAway('gipskiva');
    expect(edits).toContain('gipsskiva');
    expect(edits).toContain('gpiskiva');
    expect(edits).toContain('gipkiva');
    expect(edits).not.toContain('gipskiva');
  });
});

describe('planTitleTokens', () => {
  it('lists every token that scores SCORE.other or more in a title, and the off-title maximum', () => {
    const plan: SearchPlan = {
      terms: [
        { word: 'tra', surface: ['tra'], exact: [], loose: ['~tra'], groups: [] },
        {
          word: 'gipsskruv',
          surface: ['gipsskruv'],
          exact: ['gipsskruv'],
          loose: [],
          groups: [['gips', 'skruv']],
        },
      ],
    };
    const { tokens, offTitleMax } = planTitleTokens(plan);
    expect(new Set(tokens)).toEqual(
      new Set([
        'tra',
        '~tra',
        '+~tra',
        'gipsskruv',
        '+gipsskruv',
        'gips',
        'skruv',
        '+gips',
        '+skruv',
      ]),
    );
    expect(offTitleMax).toBe(8);
  });
});
