import { z } from 'zod';

/**
 * Input rules every request shares (issue 15, ADR 023). Text: PostgreSQL's `text` cannot hold
 * U+0000 and a lone UTF-16 surrogate is not Unicode (it cannot be stored, searched or
 * mailed), so neither is ever accepted; the API's validator compiler checks every string of
 * every params, query and body with `findUnsafeText` before the route's own schema runs.
 * Ids: every table's id is PostgreSQL's `integer`, so an id beyond it names nothing.
 */

/** The largest value of PostgreSQL's `integer`: every table's id. */
export const DB_INT_MAX = 2_147_483_647;

export const UNSAFE_TEXT_MESSAGE = 'får inte innehålla nolltecken eller ogiltiga Unicode-tecken';

/** A NUL, or a high surrogate not followed by a low one, or a low one not after a high one. */
// eslint-disable-next-line no-control-regex -- control characters are what it finds
const UNSAFE_TEXT = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export function isUnsafeText(value: string): boolean {
  return UNSAFE_TEXT.test(value);
}

export type UnsafeText = { path: Array<string | number>; message: string };

type Visit = { value: unknown; key: string | number | null; parent: Visit | null };

function pathOf(visit: Visit, last?: string): Array<string | number> {
  const reversed: Array<string | number> = last === undefined ? [] : [last];
  for (let at: Visit | null = visit; at && at.key !== null; at = at.parent) reversed.push(at.key);
  return reversed.reverse();
}

/**
 * The first string (value or object key) in a parsed request part that breaks the text rule,
 * with its path. Walks with its own stack and parent links (the path is built only for the
 * finding), so deeply nested input costs linear time and cannot overflow the call stack.
 */
export function findUnsafeText(input: unknown): UnsafeText | null {
  const stack: Visit[] = [{ value: input, key: null, parent: null }];
  while (stack.length > 0) {
    const visit = stack.pop()!;
    const { value } = visit;
    if (typeof value === 'string') {
      if (isUnsafeText(value)) return { path: pathOf(visit), message: UNSAFE_TEXT_MESSAGE };
    } else if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) {
        stack.push({ value: value[i], key: i, parent: visit });
      }
    } else if (value !== null && typeof value === 'object') {
      const entries = Object.entries(value);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, child] = entries[i]!;
        if (isUnsafeText(key)) return { path: pathOf(visit, key), message: UNSAFE_TEXT_MESSAGE };
        stack.push({ value: child, key, parent: visit });
      }
    }
  }
  return null;
}

/** The `params` of the custom issue a path id beyond DB_INT_MAX raises: the API answers 404. */
export const OUT_OF_RANGE_ID = 'id-out-of-range';

/** The issue of a well-formed id no table can hold (see PathIdSchema). */
export function outOfRangeIdIssue() {
  return { code: 'custom' as const, message: 'Hittades inte', params: { reason: OUT_OF_RANGE_ID } };
}

export function isOutOfRangeIdIssue(issue: { code?: string; params?: unknown }): boolean {
  return (
    issue.code === 'custom' &&
    typeof issue.params === 'object' &&
    issue.params !== null &&
    (issue.params as { reason?: unknown }).reason === OUT_OF_RANGE_ID
  );
}

/**
 * An id in a URL path ("/products/{id}/"): digits only, 400 otherwise; a number no table can
 * hold names nothing, so it is a 404 (the API maps the issue), never a database error.
 */
export const PathIdSchema = z
  .string()
  .regex(/^\d+$/, 'ska vara ett positivt heltal')
  .transform((value, ctx) => {
    const id = Number(value);
    if (id >= 1 && id <= DB_INT_MAX) return id;
    if (id === 0) {
      ctx.addIssue({ code: 'custom', message: 'ska vara ett positivt heltal' });
    } else {
      ctx.addIssue(outOfRangeIdIssue());
    }
    return z.NEVER;
  });

/** An id in a JSON body. */
export const IdSchema = z.number().int().min(1).max(DB_INT_MAX);

/** An id in a query string (arrives as a string): 400 naming the field when out of range. */
export const QueryIdSchema = z.coerce.number().int().min(1).max(DB_INT_MAX);

/** A comma-separated list of ids in a query string ("?ids=1,2,3"), each within DB_INT_MAX. */
export const QueryIdListSchema = z
  .string()
  .regex(/^\d+(,\d+)*$/, 'ska vara en kommaseparerad lista med heltal')
  .transform((value) => value.split(',').map(Number))
  .pipe(
    z
      .array(z.number().int().min(1, 'id ska vara minst 1').max(DB_INT_MAX, 'id är för stort'))
      .max(10_000),
  );

/**
 * A site path as a client may write it, normalised: one leading '/', no repeated or trailing
 * '/', no '.' or '..' segments, Unicode in NFC ('/Kundservice//' → '/Kundservice').
 */
export function normalisePath(value: string): string {
  const segments = value
    .normalize('NFC')
    .split('/')
    .filter((segment) => segment !== '' && segment !== '.' && segment !== '..');
  return `/${segments.join('/')}`;
}

/** A site path in a query or body, normalised by normalisePath. */
export const SitePathSchema = z.string().trim().max(500).transform(normalisePath);
