import { describe, expect, it } from 'vitest';
import {
  escapeLike,
  foldSearchText,
  foldWord,
  SQL_FOLD_FROM,
  SQL_FOLD_TO,
} from '../search-text.ts';

describe('foldSearchText', () => {
  it('folds Swedish letters and case so goteborg matches Göteborg', () => {
    expect(foldSearchText('Göteborg')).toBe('goteborg');
    expect(foldSearchText('ÅRE Älvsjö')).toBe('are alvsjo');
  });

  it('keeps the SQL translate() tables the same length', () => {
    expect([...SQL_FOLD_FROM]).toHaveLength([...SQL_FOLD_TO].length);
  });

  it('folds index words with the same letters as the SQL tables (one table for both)', () => {
    const lower = [...SQL_FOLD_FROM].filter((ch) => ch === ch.toLowerCase()).join('');
    expect(foldWord(lower)).toBe(foldSearchText(lower));
    expect(foldWord('trä-dörr')).toBe('tra-dorr');
  });
});

describe('escapeLike', () => {
  it('escapes LIKE wildcards and the escape character', () => {
    expect(escapeLike('50%_a\\b')).toBe('50\\%\\_a\\\\b');
  });
});
