import type { CategoryNode } from '@bygg/contracts/catalog';
import type { Footer, MenuItem } from '@bygg/contracts/cms';
import type { OrganisationId } from '@bygg/contracts/common';
import { isEnabled, ORGANISATIONS, resolveFlags } from '@bygg/domain/organisations';
import type { FeatureFlags } from '@bygg/domain/organisations';
import { apiFor } from './api.server.ts';
import { getEnv } from './env.server.ts';
import { footerForFlags, menuForFlags, toFeatureFlags } from './feature-flags.ts';
import { loadNodes } from './content/nodes.server.ts';
import { DEFAULT_LABELS, labelDefaultsByUri, labelsFromReply } from './labels.ts';
import type { Labels } from './labels.ts';
import { readVisitor } from './visitor.server.ts';
import type { Visitor } from './visitor.server.ts';

export type ShellOrganisation = {
  id: OrganisationId;
  name: string;
  b2bPages: boolean;
  /** Spec §6: resolved once per request (the organisation call is shared by its loaders). */
  flags: FeatureFlags;
};

export type ShellData = {
  organisation: ShellOrganisation;
  menuItems: MenuItem[];
  categories: CategoryNode[];
  /**
   * The catalogue (category tree) could not be loaded: search and product display are
   * likely down too, so the technical-problems notice shows (spec §2, §8).
   */
  catalogueUnavailable: boolean;
  labels: Labels;
  visitor: Visitor;
  /** Below the fold: streamed after the header (spec: load the header first, defer the rest). */
  footer: Promise<Footer | null>;
};

/**
 * Spec §8: a failed category, menu or user fetch is reported and leaves empty lists; the page
 * goes on. The log line names what failed so the operator can find the API call.
 */
export function reportLoadFailure(what: string, error: unknown): void {
  console.error(`Could not load ${what}; the page continues without it:`, error);
}

function organisationFromConfig(id: OrganisationId): ShellOrganisation {
  const flags = resolveFlags(id, 'live');
  return { id, name: ORGANISATIONS[id].name, b2bPages: isEnabled(flags, 'b2bPages'), flags };
}

/**
 * The organisation this deployment serves, with flags resolved by the API for its
 * environment; the built-in configuration stands in when the API cannot be reached.
 */
export function loadOrganisation(request: Request): Promise<ShellOrganisation> {
  return apiFor(request)
    .organisation()
    .then(
      (org): ShellOrganisation => ({
        id: org.id,
        name: org.name,
        b2bPages: isEnabled(org.flags, 'b2bPages'),
        flags: toFeatureFlags(org.flags),
      }),
      (error: unknown) => {
        reportLoadFailure('the organisation', error);
        return organisationFromConfig(getEnv().organisation);
      },
    );
}

/** Everything the header, menu and footer need; header data awaited in parallel. */
export async function loadShellData(request: Request): Promise<ShellData> {
  const env = getEnv();
  const api = apiFor(request);
  const visitor = readVisitor(request, env.sessionSecret);
  const [organisation, menuItems, categories, labels] = await Promise.all([
    loadOrganisation(request),
    api.mainMenu().then(
      (menu) => menu.items,
      (error: unknown) => {
        reportLoadFailure('the main menu', error);
        return [];
      },
    ),
    api.categoryTree().then(
      (tree) => tree.categories,
      (error: unknown) => {
        reportLoadFailure('the category tree', error);
        return null;
      },
    ),
    // Through the server's node cache (20 s TTL, dropped on publish): labels are the same
    // for every visitor, so most page views do not ask the content service at all.
    loadNodes(labelDefaultsByUri()).then(labelsFromReply, (error: unknown) => {
      reportLoadFailure('the header labels', error);
      return DEFAULT_LABELS;
    }),
  ]);
  const footer = api.footer().then(
    // A feature that is off has no link (spec §6), in the footer as in the menu.
    (reply) => footerForFlags(reply, organisation.flags),
    (error: unknown) => {
      reportLoadFailure('the footer', error);
      return null;
    },
  );
  return {
    organisation,
    menuItems: menuForFlags(menuItems, organisation.flags),
    categories: categories ?? [],
    catalogueUnavailable: categories === null,
    labels,
    visitor,
    footer,
  };
}
