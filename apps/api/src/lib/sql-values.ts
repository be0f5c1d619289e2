import { sql, type SQL } from '@bygg/db/orm';

/**
 * Lists travel as one array parameter, however long they are (a parameter per element would
 * hit the 65,535-parameter cap and defeat prepared-statement reuse).
 */
export function intArray(values: readonly number[]): SQL {
  if (!values.every(Number.isSafeInteger)) throw new Error('Ids must be integers');
  return sql`${`{${values.join(',')}}`}::int[]`;
}

export function textArray(values: readonly string[]): SQL {
  const literal = `{${values.map((v) => `"${v.replace(/["\\]/g, (ch) => `\\${ch}`)}"`).join(',')}}`;
  return sql`${literal}::text[]`;
}

export function timestamp(at: Date): SQL {
  return sql`${at.toISOString()}::timestamptz`;
}
