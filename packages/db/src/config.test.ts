import { describe, expect, it } from 'vitest';
import { DEFAULT_SCALE, readDbEnv } from './config.ts';

describe('readDbEnv', () => {
  it('defaults to the embedded database and 5,000 products', () => {
    expect(readDbEnv({})).toEqual({
      databaseUrl: undefined,
      testDatabaseUrl: undefined,
      scale: DEFAULT_SCALE,
      stores: undefined,
    });
  });

  it('reads the URLs, SCALE with thousands separators and STORES', () => {
    const env = readDbEnv({
      DATABASE_URL: 'postgres://u@h:5432/db',
      TEST_DATABASE_URL: 'postgresql://u@h/test',
      SCALE: '100_000',
      STORES: '200',
    });
    expect(env).toEqual({
      databaseUrl: 'postgres://u@h:5432/db',
      testDatabaseUrl: 'postgresql://u@h/test',
      scale: 100_000,
      stores: 200,
    });
  });

  it('names the variable in the error for a bad value', () => {
    expect(() => readDbEnv({ SCALE: 'många' })).toThrow(/SCALE/);
    expect(() => readDbEnv({ STORES: '5' })).toThrow(
      /STORES must be a whole number between 12 and 200/,
    );
    expect(() => readDbEnv({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
  });
});
