import { data } from 'react-router';
import { loadOrganisation } from './shell-data.server.ts';

/**
 * The /foretag/ variant of a page exists only while the organisation has the business pages
 * (spec §6 flag b2bPages); otherwise it is a 404 like any unknown path.
 */
export async function assertModeAvailable(request: Request): Promise<void> {
  const { pathname } = new URL(request.url);
  if (pathname !== '/foretag' && !pathname.startsWith('/foretag/')) return;
  const organisation = await loadOrganisation(request);
  if (!organisation.b2bPages) throw data(null, { status: 404 });
}
