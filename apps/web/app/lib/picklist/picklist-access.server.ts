import type { OrganisationId } from '@bygg/contracts/common';
import type { FeatureFlags } from '@bygg/domain/organisations';
import { isEnabled, resolveFlags } from '@bygg/domain/organisations';
import { apiFor } from '../api.server.ts';
import { getEnv } from '../env.server.ts';
import type { Visitor } from '../visitor.server.ts';
import type { PicklistAccess } from './picklist-access.ts';

/** A logged-in trade customer: the session names stores the user is a proffs customer of. */
export function isProffsAuthenticated(visitor: Visitor): boolean {
  return (visitor.session?.proffs_stores.length ?? 0) > 0;
}

/**
 * The picklist flags for this visitor. The organisation call is shared with the shell's
 * (one pending GET per request); the built-in live flags stand in if the API is down.
 */
export async function loadPicklistAccess(
  request: Request,
  visitor: Visitor,
  chosenStoreId: number | null,
): Promise<PicklistAccess> {
  const { id, flags } = await apiFor(request)
    .organisation()
    .then(
      (organisation): { id: OrganisationId; flags: Partial<FeatureFlags> } => organisation,
      () => ({ id: getEnv().organisation, flags: resolveFlags(getEnv().organisation, 'live') }),
    );
  const hidden = isProffsAuthenticated(visitor);
  return {
    organisation: id,
    root: !hidden && isEnabled(flags, 'picklistRoot'),
    store: !hidden && isEnabled(flags, 'picklistStore'),
    b2bPages: isEnabled(flags, 'b2bPages'),
    chosenStoreId,
  };
}
