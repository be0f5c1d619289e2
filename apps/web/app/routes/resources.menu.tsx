import { data } from 'react-router';
import type { Route } from './+types/resources.menu';
import { buildAssortment } from '~/features/main-menu/menu-tree.ts';
import { apiFor } from '~/lib/api.server.ts';
import { reportLoadFailure } from '~/lib/shell-data.server.ts';

// GET /resurser/meny (issue 3): the main menu's assortment, the category tree as menu nodes.
// Pages no longer carry the tree; the mega menu and the drawer fetch it when first used.
export async function loader({ request }: Route.LoaderArgs) {
  try {
    const { categories } = await apiFor(request).categoryTree();
    return data(
      { children: buildAssortment(categories) },
      // The same tree for every visitor of the organisation; the API caches it too.
      { headers: { 'cache-control': 'public, max-age=300' } },
    );
  } catch (error) {
    reportLoadFailure('the category tree for the menu', error);
    return data({ error: 'Kunde inte ladda kategorierna' }, { status: 502 });
  }
}
