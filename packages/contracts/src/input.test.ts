import { describe, expect, it } from 'vitest';
import {
  DB_INT_MAX,
  findUnsafeText,
  isOutOfRangeIdIssue,
  normalisePath,
  PathIdSchema,
  QueryIdListSchema,
} from './input.ts';

describe('findUnsafeText', () => {
  it('finds a NUL or a lone surrogate in values and keys, with the path', () => {
    expect(findUnsafeText({ a: [{ b: 'x\u0000' }] })?.path).toEqual(['a', 0, 'b']);
    expect(findUnsafeText({ name: 'Sund\ud800berg' })?.path).toEqual(['name']);
    expect(findUnsafeText({ name: '\udc00' })?.path).toEqual(['name']);
    expect(findUnsafeText({ 'uri\u0000': null })?.path).toEqual(['uri\u0000']);
  });

  it('accepts well-formed text, surrogate pairs included, and other values', () => {
    expect(findUnsafeText({ q: 'träskruv 🪵', n: 1, ok: true, none: null })).toBeNull();
    expect(findUnsafeText(undefined)).toBeNull();
  });

  it('walks nesting far deeper than a call stack would allow', () => {
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findUnsafeText(deep)?.path).toHaveLength(100_000);
  });
});

describe('PathIdSchema', () => {
  it('reads ids within PostgreSQL integer', () => {
    expect(PathIdSchema.parse('1')).toBe(1);
    expect(PathIdSchema.parse(String(DB_INT_MAX))).toBe(DB_INT_MAX);
  });

  it('marks an id beyond integer as not found, and malformed ones as bad', () => {
    const beyond = PathIdSchema.safeParse(String(DB_INT_MAX + 1));
    expect(beyond.error?.issues.some(isOutOfRangeIdIssue)).toBe(true);
    for (const bad of ['0', '-1', 'abc', '1.5', '']) {
      const result = PathIdSchema.safeParse(bad);
      expect(result.success, bad).toBe(false);
      expect(result.error?.issues.some(isOutOfRangeIdIssue), bad).toBe(false);
    }
  });
});

describe('QueryIdListSchema', () => {
  it('names the id beyond integer', () => {
    const result = QueryIdListSchema.safeParse(`1,${DB_INT_MAX + 1}`);
    expect(result.error?.issues[0]?.path).toEqual([1]);
    expect(QueryIdListSchema.parse('3,1')).toEqual([3, 1]);
  });
});

describe('normalisePath', () => {
  it.each([
    ['/', '/'],
    ['', '/'],
    ['//kundservice/./', '/kundservice'],
    ['kundservice/../om-oss', '/kundservice/om-oss'],
    ['/tra\u0308/', '/trä'],
  ])('%j → %j', (input, expected) => {
    expect(normalisePath(input)).toBe(expected);
  });
});
