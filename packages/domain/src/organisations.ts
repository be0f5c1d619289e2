/**
 * The two organisations the platform serves and their feature flags (storefront.md §1, §6).
 * Names are fictional on purpose: neither is a real Swedish company.
 */

export const ORGANISATION_IDS = ['store-chain', 'building-supply'] as const;
export type OrganisationId = (typeof ORGANISATION_IDS)[number];

export const ENVIRONMENTS = ['live', 'dev', 'local', 'test'] as const;
export type Environment = (typeof ENVIRONMENTS)[number];

/** Every named flag, camelCase. The spec's wording is in the comment beside each. */
export const FEATURE_FLAGS = [
  'guide', // guide
  'linkStoresToWeb', // link stores to web
  'centralAssortmentFilter', // central assortment filter
  'picklistStore', // picklist store
  'picklistRoot', // picklist root
  'central', // central
  'search', // search
  'pages', // pages
  'favouriteStore', // favourite store
  'brandPages', // brand pages
  'newsletterModal', // newsletter modal
  'b2bPages', // b2b pages
  'storeSelectorModal', // store selector modal
  'localStoreOnly', // local store only
  'webAssortmentAlwaysAvailable', // web assortment always available
  'cardCheckout', // card checkout
  'deliveryDelayNotice', // delivery-delay notice
  'localStoreOnlyMenuLinks', // local-store-only menu links
  'sportsSponsorLogo', // extra logo: a sports sponsor
  'charityLogo', // extra logo: a charity
] as const;
export type FeatureFlag = (typeof FEATURE_FLAGS)[number];
export type FeatureFlags = Readonly<Record<FeatureFlag, boolean>>;

export interface OrganisationConfig {
  id: OrganisationId;
  name: string;
  /** Stripped from store names in the UI (see stripOrganisationPrefix in stores.ts). */
  storeNamePrefix: string;
  /** The analytics "affiliation" of purchase events (storefront.md §7). */
  affiliation: string;
  /** Flags switched on in live, dev and local; 'test' switches every flag on. */
  flags: readonly FeatureFlag[];
  /** Where trade customers pay invoices (printed with the OCR reference). Fictional. */
  bankgiro: string;
}

export const ORGANISATIONS: Readonly<Record<OrganisationId, OrganisationConfig>> = {
  'store-chain': {
    id: 'store-chain',
    name: 'Timmerkedjan',
    storeNamePrefix: 'Timmerkedjan',
    affiliation: 'Timmerkedjan webbshop',
    bankgiro: '505-0109',
    flags: [
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
    ],
  },
  'building-supply': {
    id: 'building-supply',
    name: 'Stomvik Bygghandel',
    storeNamePrefix: 'Stomvik Bygghandel',
    affiliation: 'Stomvik Bygghandel webbshop',
    bankgiro: '517-3422',
    flags: [
      'localStoreOnly',
      'webAssortmentAlwaysAvailable',
      'cardCheckout',
      'search',
      'pages',
      'favouriteStore',
      'brandPages',
      'newsletterModal',
      // The spec lists this among the "further flags"; it belongs with local-store-only.
      'localStoreOnlyMenuLinks',
    ],
  },
};

export function isOrganisationId(value: unknown): value is OrganisationId {
  return typeof value === 'string' && (ORGANISATION_IDS as readonly string[]).includes(value);
}

export function isEnvironment(value: unknown): value is Environment {
  return typeof value === 'string' && (ENVIRONMENTS as readonly string[]).includes(value);
}

export function isFeatureFlag(value: unknown): value is FeatureFlag {
  return typeof value === 'string' && (FEATURE_FLAGS as readonly string[]).includes(value);
}

/**
 * The flags of one organisation in one environment. 'test' has every flag on (§6);
 * live, dev and local use the organisation's list. `overrides` (e.g. from configuration)
 * win over both, so an operator can switch the delivery-delay notice on in live.
 */
export function resolveFlags(
  organisation: OrganisationId,
  environment: Environment,
  overrides: Partial<Record<FeatureFlag, boolean>> = {},
): FeatureFlags {
  const enabled = new Set<FeatureFlag>(ORGANISATIONS[organisation].flags);
  const flags = Object.fromEntries(
    FEATURE_FLAGS.map((flag) => [flag, environment === 'test' || enabled.has(flag)]),
  ) as Record<FeatureFlag, boolean>;
  for (const flag of FEATURE_FLAGS) {
    const value = overrides[flag];
    if (value !== undefined) flags[flag] = value;
  }
  return flags;
}

export function isEnabled(
  flags: Partial<Record<FeatureFlag, boolean>>,
  name: FeatureFlag,
): boolean {
  return flags[name] === true;
}
