import { sql, type SQL } from 'drizzle-orm';

/** A text[] as one parameter (an array literal), the same on node-postgres and PGlite. */
export function textArraySql(values: readonly string[]): SQL {
  const literal = `{${values.map((v) => `"${v.replace(/["\\]/g, (ch) => `\\${ch}`)}"`).join(',')}}`;
  return sql`${literal}::text[]`;
}
