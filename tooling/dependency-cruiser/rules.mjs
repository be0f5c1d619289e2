// The import rules of the repository, checked by dependency-cruiser in `npm run validate`
// (`npm run lint:deps`). ESLint keeps the rules it can say per file (process.env, web never
// imports the database); this checks what needs the whole graph: the API's bounded contexts
// (apps/api/src/contexts/README.md) and folder-level cycles. ADR 019.

import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

/** A context's internals: anything under contexts/<name>/ but its index.ts. */
const CONTEXT = '^apps/api/src/contexts/([^/]+)/';

/** @type {import('dependency-cruiser').IForbiddenRuleType[]} */
export const boundaries = [
  {
    name: 'context-internals',
    comment:
      'A context is used by other contexts only through its index.ts (its public face). ' +
      'Import what you need from ../../<context>/index.ts, or export it there if it is meant to be shared.',
    severity: 'error',
    from: { path: CONTEXT },
    to: {
      path: '^apps/api/src/contexts/[^/]+/.+',
      pathNot: ['^apps/api/src/contexts/$1/', '^apps/api/src/contexts/[^/]+/index\\.ts$'],
    },
  },
  {
    name: 'context-internals-from-outside',
    comment:
      'Code outside the contexts (app.ts, the shared kernel, benchmarks, apps/api/test) uses a ' +
      'context only through its index.ts.',
    severity: 'error',
    from: { path: '^apps/api/', pathNot: '^apps/api/src/contexts/' },
    to: {
      path: '^apps/api/src/contexts/[^/]+/.+',
      pathNot: '^apps/api/src/contexts/[^/]+/index\\.ts$',
    },
  },
  {
    name: 'kernel-not-contexts',
    comment:
      'The shared kernel (kernel/, lib/, plugins/) is imported by the contexts, never the other way round.',
    severity: 'error',
    from: { path: '^apps/api/src/(kernel|lib|plugins)/', pathNot: '\\.test\\.ts$' },
    to: { path: '^apps/api/src/contexts/' },
  },
  {
    name: 'search-text-face',
    comment:
      'The Swedish search text rules are one module: import @bygg/domain/search-text, not the ' +
      'files of packages/domain/src/search-text/.',
    severity: 'error',
    from: { pathNot: '^packages/domain/src/search-text' },
    to: { path: '^packages/domain/src/search-text/' },
  },
  {
    name: 'domain-is-pure',
    comment: 'packages/domain holds pure rules and imports nothing of ours.',
    severity: 'error',
    from: { path: '^packages/domain/' },
    to: { path: '^(packages/(contracts|db)|apps)/' },
  },
  {
    name: 'contracts-only-domain',
    comment: 'packages/contracts may import packages/domain only.',
    severity: 'error',
    from: { path: '^packages/contracts/' },
    to: { path: '^(packages/db|apps)/' },
  },
  {
    name: 'db-not-apps',
    comment: 'packages/db is used by the API; it imports no app.',
    severity: 'error',
    from: { path: '^packages/db/' },
    to: { path: '^apps/' },
  },
  {
    name: 'web-not-db',
    comment: 'The web app reads and writes only through the API.',
    severity: 'error',
    from: { path: '^apps/web/' },
    to: { path: '^packages/db/' },
  },
  {
    name: 'web-not-api',
    comment: 'The web app talks to the API over HTTP (or its typed client) only.',
    severity: 'error',
    from: { path: '^apps/web/' },
    to: { path: '^apps/api/' },
  },
  {
    name: 'api-not-web',
    comment: 'The API mounts the web build at run time; its code does not import the web app.',
    severity: 'error',
    from: { path: '^apps/api/src/', pathNot: '\\.test\\.ts$' },
    to: { path: '^apps/web/' },
  },
  {
    name: 'feature-not-feature',
    comment: 'A web feature never imports another feature; routes compose them.',
    severity: 'error',
    from: { path: '^apps/web/app/features/([^/]+)/' },
    to: { path: '^apps/web/app/features/', pathNot: '^apps/web/app/features/$1/' },
  },
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
