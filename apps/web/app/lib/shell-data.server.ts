import type { CategoryNode } from '@bygg/contracts/catalog';
import type { Footer, MenuItem } from '@bygg/contracts/cms';
import type { OrganisationId } from '@bygg/contracts/common';
import { isEnabled, ORGANISATIONS, resolveFlags } from '@bygg/domain/organisations';
import { apiFor } from './api.server.ts';
import { getEnv } from './env.server.ts';
import { DEFAULT_LABELS, labelDefaultsByUri, labelsFromReply } from './labels.ts';
import type { Labels } from './labels.ts';
import { readVisitor } from './visitor.server.ts';
import type { Visitor } from './visitor.server.ts';

export type ShellOrganisation = { id: OrganisationId; name: string; b2bPages: boolean };

export type ShellData = {
  organisation: ShellOrganisation;
  menuItems: MenuItem[];
  categories: CategoryNode[];
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
  return {
    id,
    name: ORGANISATIONS[id].name,
    b2bPages: isEnabled(resolveFlags(id, 'live'), 'b2bPages'),
  };
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
        return [];
      },
    ),
    api.labels(labelDefaultsByUri()).then(labelsFromReply, (error: unknown) => {
      reportLoadFailure('the header labels', error);
      return DEFAULT_LABELS;
    }),
  ]);
  const footer = api.footer().catch((error: unknown) => {
    reportLoadFailure('the footer', error);
    return null;
  });
  return { organisation, menuItems, categories, labels, visitor, footer };
}
