import type { OrganisationId } from '@bygg/contracts/common';
import type { Organisation } from '@bygg/contracts/organisations';
import { resolveFlags, type Environment } from '@bygg/domain/organisations';
import { FREE_SHIPPING_THRESHOLD_ORE } from '@bygg/domain/shipping';
import { NotFoundError } from '../../../kernel/errors.ts';
import type { OrganisationsRepository } from './repository.ts';

/** The spec's environments (live, dev, local, test) from NODE_ENV. */
export function environmentOf(nodeEnv: 'development' | 'production' | 'test'): Environment {
  if (nodeEnv === 'production') return 'live';
  return nodeEnv === 'test' ? 'test' : 'local';
}

export class OrganisationService {
  constructor(
    private readonly repository: OrganisationsRepository,
    private readonly environment: Environment,
  ) {}

  /** Name and prefixes from the database; feature flags resolved for this environment. */
  async get(id: OrganisationId): Promise<Organisation> {
    const row = await this.repository.byId(id);
    if (!row) throw new NotFoundError(`Organisationen ${id} finns inte`);
    return {
      id,
      name: row.name,
      store_name_prefix: row.storeNamePrefix,
      flags: { ...resolveFlags(id, this.environment) },
      affiliation: row.affiliation,
      free_shipping_threshold_sek: FREE_SHIPPING_THRESHOLD_ORE / 100,
    };
  }
}
