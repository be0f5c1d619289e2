// The import rules of the repository, checked by dependency-cruiser in `npm run validate`
// (`npm run lint:deps`). ESLint keeps the rules it can say per file (process.env, web never
// imports the database); this checks what needs the whole graph: the API's bounded contexts
// (apps/api/src/contexts/README.md) and folder-level cycles. ADR 019.

import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

/** A context's internals: anything under contexts/<name>/ but its index.ts. */
const CONTEXT = '^apps/api/src/contexts/([^/]+)/';

/**
 * A forbidden import: from files whose path matches `from` to files whose path matches `to`.
 * @returns {import('dependency-cruiser').IForbiddenRuleType}
 */
function forbid(name, comment, from, to) {
  return { name, comment, severity: 'error', from, to };
}

/** Everything under a folder, as a path pattern. */
const under = (folder) => ({ path: `^${folder}` });

export const boundaries = [
  forbid(
    'context-internals',
    'A context is used by other contexts only through its index.ts (its public face). ' +
      'Import what you need from ../../<context>/index.ts, or export it there if it is meant to be shared.',
    { path: CONTEXT },
    {
      path: '^apps/api/src/contexts/[^/]+/.+',
      pathNot: ['^apps/api/src/contexts/$1/', '^apps/api/src/contexts/[^/]+/index\\.ts$'],
    },
  ),
  forbid(
    'context-internals-from-outside',
    'Code outside the contexts (app.ts, the shared kernel, benchmarks, apps/api/test) uses a ' +
      'context only through its index.ts.',
    { path: '^apps/api/', pathNot: '^apps/api/src/contexts/' },
    {
      path: '^apps/api/src/contexts/[^/]+/.+',
      pathNot: '^apps/api/src/contexts/[^/]+/index\\.ts$',
    },
  ),
  forbid(
    'kernel-not-contexts',
    'The shared kernel (kernel/, lib/, plugins/) is imported by the contexts, never the other way round.',
    { path: '^apps/api/src/(kernel|lib|plugins)/', pathNot: '\\.test\\.ts$' },
    under('apps/api/src/contexts/'),
  ),
  forbid(
    'search-text-face',
    'The Swedish search text rules are one module: import @bygg/domain/search-text, not the ' +
      'files of packages/domain/src/search-text/.',
    { pathNot: '^packages/domain/src/search-text' },
    under('packages/domain/src/search-text/'),
  ),
  forbid(
    'domain-is-pure',
    'packages/domain holds pure rules and imports nothing of ours.',
    under('packages/domain/'),
    under('(packages/(contracts|db)|apps)/'),
  ),
  forbid(
    'contracts-only-domain',
    'packages/contracts may import packages/domain only.',
    under('packages/contracts/'),
    under('(packages/db|apps)/'),
  ),
  forbid(
    'db-not-apps',
    'packages/db is used by the API; it imports no app.',
    under('packages/db/'),
    under('apps/'),
  ),
  forbid(
    'web-not-db',
    'The web app reads and writes only through the API.',
    under('apps/web/'),
    under('packages/db/'),
  ),
  forbid(
    'web-not-api',
    'The web app talks to the API over HTTP (or its typed client) only.',
    under('apps/web/'),
    under('apps/api/'),
  ),
  forbid(
    'api-not-web',
    'The API mounts the web build at run time; its code does not import the web app.',
    { path: '^apps/api/src/', pathNot: '\\.test\\.ts$' },
    under('apps/web/'),
  ),
  forbid(
    'feature-not-feature',
    'A web feature never imports another feature; routes compose them.',
    { path: '^apps/web/app/features/([^/]+)/' },
    { path: '^apps/web/app/features/', pathNot: '^apps/web/app/features/$1/' },
  ),
];

/** @type {import('dependency-cruiser').IForbiddenRuleType[]} */
export const cycles = [
  {
    name: 'no-folder-cycle',
    comment:
      'No two folders of the API import each other, directly or round a loop (e.g. cart <-> ' +
      'giftcards). Move what both need into one of them, a shared folder, or packages/domain.',
    severity: 'error',
    scope: 'folder',
    from: { path: '^apps/api/src' },
    to: { circular: true },
  },
];

/** @param {import('dependency-cruiser').IForbiddenRuleType[]} forbidden */
export function config(forbidden, exclude) {
  return {
    forbidden,
    options: {
      doNotFollow: { path: 'node_modules' },
      exclude: { path: exclude },
      // Type-only imports count: a type from another context's internals couples them too.
      tsPreCompilationDeps: true,
      // The web app's `~/…` is apps/web/app/ (as in apps/web/tsconfig.json).
      tsConfig: { fileName: path.join(here, 'tsconfig.json') },
      enhancedResolveOptions: {
        exportsFields: ['exports'],
        conditionNames: ['import', 'require', 'node', 'default', 'types'],
        extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.d.ts'],
      },
    },
  };
}
