import { data } from 'react-router';
import { z } from 'zod';
import { DJEDI_MAX_VALUE_LENGTH } from '@bygg/contracts/cms';
import type { Route } from './+types/resources.content';
import { sendPublish } from '~/lib/content/publish.server.ts';
import { badRequest, parseForm } from '~/lib/forms.server.ts';

const ContentFormSchema = z.discriminatedUnion('intent', [
  z.object({
    intent: z.enum(['publish', 'draft']),
    uri: z.string().min(1).max(500),
    value: z.string().max(DJEDI_MAX_VALUE_LENGTH),
  }),
  z.object({
    intent: z.literal('restore'),
    uri: z.string().min(1).max(500),
    version: z.coerce.number().int().positive(),
  }),
  z.object({
    intent: z.enum(['publish-draft', 'discard']),
    uri: z.string().min(1).max(500),
  }),
]);

export function loader() {
  throw data(null, { status: 405, headers: { Allow: 'POST' } });
}

/**
 * The editor overlay's writes (issue 6): intent 'publish' (a new value) or 'restore' (an
 * older version); 'draft', 'publish-draft' and 'discard' for drafts (issue 22, ADR 047). Through this route, not straight to the API, so the web server's node cache
 * is dropped and the page's loaders revalidate with the new text.
 */
export async function action({ request }: Route.ActionArgs) {
  const parsed = await parseForm(request, ContentFormSchema);
  if (!parsed.success) return badRequest(parsed.error.issues);
  const result = await sendPublish(request, parsed.data);
  if (!result.ok) return data(result, { status: result.status });
  return data(result, { headers: { 'cache-control': 'no-store' } });
}
