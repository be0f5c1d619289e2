import { data } from 'react-router';
import { isEnabled } from '@bygg/domain/organisations';
import type { Route } from './+types/resources.newsletter';
import { loadNewsletterContent } from '~/features/newsletter/newsletter.server.ts';
import { loadOrganisation } from '~/lib/shell-data.server.ts';

// GET /resurser/nyhetsbrev: the newsletter modal's CMS content as JSON (404 when the
// organisation has no newsletter modal or the CMS has no content for it).
export async function loader({ request }: Route.LoaderArgs) {
  const { flags } = await loadOrganisation(request);
  if (!isEnabled(flags, 'newsletterModal')) throw data(null, { status: 404 });
  const content = await loadNewsletterContent(request);
  if (!content) throw data(null, { status: 404 });
  return data(content, { headers: { 'cache-control': 'public, max-age=60' } });
}
