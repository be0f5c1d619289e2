import { describe, expect, it } from 'vitest';
import { escapeLike, foldSearchText, SQL_FOLD_FROM, SQL_FOLD_TO } from '../search-text.ts';

describe('foldSearchText', () => {
  it('folds Swedish letters and case so goteborg matches Göteborg', () => {
    expect(foldSearchText('Göteborg')).toBe('goteborg');
    expect(foldSearchText('ÅRE Älvsjö')).toBe('are alvsjo');
  });

  it('keeps the SQL translate() tables the same length', () => {
    expect([...SQL_FOLD_FROM]).toHaveLength([...SQL_FOLD_TO].length);
  });
});

describe('escapeLike', () => {
  it('escapes LIKE wildcards and the escape character', () => {
    expect(escapeLike('50%_a\\b')).toBe('50\\%\\_a\\\\b');
  });
});
