import { data } from 'react-router';
import { z } from 'zod';

/** Only same-site paths: an absolute or protocol-relative URL would make this an open redirect. */
export const LocalPathSchema = z
  .string()
  .max(2000)
  .regex(/^\/(?![/\\])/, 'redirectTo ska vara en sökväg på webbplatsen');

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

/** Parses a posted form with a schema (a literal `intent` picks the mutation). */
export async function parseForm<T extends z.ZodType>(request: Request, schema: T) {
  return schema.safeParse(Object.fromEntries(await request.formData()));
}
