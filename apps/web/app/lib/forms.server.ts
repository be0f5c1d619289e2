import { data } from 'react-router';
import { z } from 'zod';
import { findUnsafeText } from '@bygg/contracts/input';
import { safeRedirectPath } from './safe-redirect.ts';

/**
 * A redirect target from a form or query: a same-site path, normalised (lib/safe-redirect.ts);
 * anything else would make the route an open redirect.
 */
export const LocalPathSchema = z.string().transform((value, ctx) => {
  const path = safeRedirectPath(value);
  if (path !== null) return path;
  ctx.addIssue({ code: 'custom', message: 'redirectTo ska vara en sökväg på webbplatsen' });
  return z.NEVER;
});

/** The 400 body every resource route answers bad input with: which field, and why. */
export function badRequest(
  issues: ReadonlyArray<{ path: readonly PropertyKey[]; message: string }>,
) {
  return data(
    {
      error: 'Ogiltig begäran',
      fields: issues.map((issue) => ({
        path: issue.path.map(String).join('.'),
        message: issue.message,
      })),
    },
    { status: 400 },
  );
}

/**
 * A schema for a form or query string with the input rules every request shares
 * (@bygg/contracts/input, ADR 023): a NUL or lone surrogate in any field is a 400 naming it,
 * before the schema runs and before anything reaches the API.
 */
export function withInputRules<T extends z.ZodType>(schema: T) {
  return z
    .unknown()
    .superRefine((value, ctx) => {
      const unsafe = findUnsafeText(value);
      if (unsafe) ctx.addIssue({ code: 'custom', path: unsafe.path, message: unsafe.message });
    })
    .pipe(schema);
}

/** Parses a posted form with a schema (a literal `intent` picks the mutation). */
export async function parseForm<T extends z.ZodType>(request: Request, schema: T) {
  return withInputRules(schema).safeParse(Object.fromEntries(await request.formData()));
}
