import { z } from 'zod';
import { proffsPath, TradeRequestError } from '~/lib/trade-request.ts';
import { tradeRequestFor } from '~/lib/trade-request.server.ts';
import { idParam, pageParam, searchParam } from './list-params.ts';
import type { ProjectOption } from './quote-cart.tsx';

const ProjectListSchema = z.object({
  results: z.array(z.object({ id: z.number(), number: z.string(), name: z.string() })),
});

/**
 * The projects the user may choose for the quote cart (GET project/): none when the user
 * lacks the projects right (403) or the call is not there; an outage is logged.
 */
export async function projectOptions(request: Request, eid: string): Promise<ProjectOption[]> {
  try {
    const reply = await tradeRequestFor(request).get(proffsPath(eid, 'project/'), {
      page_size: 100,
    });
    return ProjectListSchema.parse(reply.data).results;
  } catch (error) {
    if (!(error instanceof TradeRequestError) || error.status >= 500) {
      console.error('Could not load the projects for the quote cart:', error);
    }
    return [];
  }
}

/** A list page's filters from the address: sok (search), projekt (project id), sida (page). */
export function listFilters(params: URLSearchParams): {
  values: { sok: string; projekt: string };
  query: Record<string, string | number>;
} {
  const sok = searchParam(params);
  const projekt = idParam(params, 'projekt');
  const page = pageParam(params);
  const query: Record<string, string | number> = { page_size: 50 };
  if (sok) query.search = sok;
  if (projekt) query.project_id = projekt;
  if (page > 1) query.page = page;
  return { values: { sok, projekt }, query };
}
