import { describe, expect, it } from 'vitest';
import {
  ENVIRONMENTS,
  FEATURE_FLAGS,
  ORGANISATIONS,
  ORGANISATION_IDS,
  isEnabled,
  isEnvironment,
  isFeatureFlag,
  isOrganisationId,
  resolveFlags,
} from './organisations.ts';

describe('organisations', () => {
  it('has the store chain and the building-supply chain with fictional names', () => {
    expect(ORGANISATION_IDS).toEqual(['store-chain', 'building-supply']);
    expect(ORGANISATIONS['store-chain'].name).toBe('Timmerkedjan');
    expect(ORGANISATIONS['building-supply'].name).toBe('Stomvik Bygghandel');
    for (const id of ORGANISATION_IDS) {
      expect(ORGANISATIONS[id].id).toBe(id);
      expect(ORGANISATIONS[id].name.startsWith(ORGANISATIONS[id].storeNamePrefix)).toBe(true);
    }
  });

  it('switches on exactly the store-chain flags the spec lists in live', () => {
    const flags = resolveFlags('store-chain', 'live');
    const on = FEATURE_FLAGS.filter((flag) => flags[flag]);
    expect(on).toEqual([
      'guide',
      'linkStoresToWeb',
      'centralAssortmentFilter',
      'picklistStore',
      'picklistRoot',
      'central',
      'search',
      'pages',
      'favouriteStore',
      'brandPages',
      'newsletterModal',
      'b2bPages',
      'storeSelectorModal',
    ]);
  });

  it('switches on the building-supply flags and leaves b2b pages and picklist off', () => {
    const flags = resolveFlags('building-supply', 'dev');
    expect(isEnabled(flags, 'localStoreOnly')).toBe(true);
    expect(isEnabled(flags, 'webAssortmentAlwaysAvailable')).toBe(true);
    expect(isEnabled(flags, 'cardCheckout')).toBe(true);
    expect(isEnabled(flags, 'search')).toBe(true);
    expect(isEnabled(flags, 'newsletterModal')).toBe(true);
    expect(isEnabled(flags, 'b2bPages')).toBe(false);
    expect(isEnabled(flags, 'picklistStore')).toBe(false);
    expect(isEnabled(flags, 'deliveryDelayNotice')).toBe(false);
  });

  it('switches every flag on in the test environment', () => {
    for (const id of ORGANISATION_IDS) {
      const flags = resolveFlags(id, 'test');
      expect(FEATURE_FLAGS.every((flag) => flags[flag])).toBe(true);
    }
  });

  it('lets explicit overrides win over the organisation and environment', () => {
    const flags = resolveFlags('store-chain', 'live', { deliveryDelayNotice: true, guide: false });
    expect(flags.deliveryDelayNotice).toBe(true);
    expect(flags.guide).toBe(false);
    expect(flags.search).toBe(true);
  });

  it('treats a missing flag as off', () => {
    expect(isEnabled({}, 'search')).toBe(false);
  });

  it('recognises valid identifiers only', () => {
    expect(isOrganisationId('store-chain')).toBe(true);
    expect(isOrganisationId('ikea')).toBe(false);
    expect(isEnvironment('local')).toBe(true);
    expect(ENVIRONMENTS).toEqual(['live', 'dev', 'local', 'test']);
    expect(isEnvironment('production')).toBe(false);
    expect(isFeatureFlag('cardCheckout')).toBe(true);
    expect(isFeatureFlag('card_checkout')).toBe(false);
  });
});
