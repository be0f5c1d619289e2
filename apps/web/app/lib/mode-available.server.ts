import { data } from 'react-router';
import { modePrefixOf, variantOfRequest } from './paths.ts';
import { loadOrganisation } from './shell-data.server.ts';

/**
 * The /foretag/ and /privat/ variants of a page exist only while the organisation has the
 * business pages (spec §6 flag b2bPages); otherwise they are a 404 like any unknown path.
 */
export async function assertModeAvailable(request: Request): Promise<void> {
  if (modePrefixOf(variantOfRequest(request)) === null) return;
  const organisation = await loadOrganisation(request);
  if (!organisation.b2bPages) throw data(null, { status: 404 });
}
