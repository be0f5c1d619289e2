import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { slugify } from './slug.ts';

/** A sample of name → slug pairs from the reference data (categories, brands, towns). */
const REFERENCE: [string, string][] = [
  ['Trävaror', 'travaror'],
  ['Mur, betong & grund', 'mur-betong-och-grund'],
  ['Dörr- & fönsterfoder', 'dorr-och-fonsterfoder'],
  ['Golv- och våtrumsfärg', 'golv-och-vatrumsfarg'],
  ['Entrédörrar', 'entredorrar'],
  ['Ångspärr & plastfolie', 'angsparr-och-plastfolie'],
  ['Färgtråg, skrapor & spackelverktyg', 'fargtrag-skrapor-och-spackelverktyg'],
  ['Flügger', 'flugger'],
  ['Nordsjö', 'nordsjo'],
  ['H+H', 'h-plus-h'],
  ['S:t Eriks', 'st-eriks'],
  ['Upplands Väsby', 'upplands-vasby'],
  ['Järfälla', 'jarfalla'],
];

describe('slugify', () => {
  it('reproduces the reference data slugs', () => {
    for (const [name, slug] of REFERENCE) expect(slugify(name), name).toBe(slug);
  });

  it('handles m², ampersands without spaces and stray punctuation', () => {
    expect(slugify('Pris per m²')).toBe('pris-per-m2');
    expect(slugify('A&B')).toBe('a-och-b');
    expect(slugify('  --Regel 45x95 (C24)!-- ')).toBe('regel-45x95-c24');
    expect(slugify('')).toBe('');
  });

  it('always yields lowercase a–z, 0–9 and single inner dashes, and is idempotent', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 60 }), (text) => {
        const slug = slugify(text);
        expect(slug).toMatch(/^([a-z0-9]+(-[a-z0-9]+)*)?$/);
        expect(slugify(slug)).toBe(slug);
      }),
    );
  });
});
