import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';
import type { Plugin } from 'vite';

// The dev server proxies the API and the content service so the browser can call them on
// the page's own origin, as it does in production where the API process mounts this build.
const apiTarget = process.env.API_BASE_URL ?? `http://127.0.0.1:${process.env.PORT ?? 3000}`;

/**
 * BUNDLE_REPORT=<file.json> (issue 3): writes, for every chunk of the browser build, the
 * modules it holds with their rendered sizes and what imports each, so `npm run
 * bench:first-load -- --why` can tell why a module is in the first load. Off otherwise.
 */
function bundleReport(file: string | undefined): Plugin | null {
  if (!file) return null;
  return {
    name: 'bygg-bundle-report',
    apply: 'build',
    generateBundle(_options, bundle) {
      if (this.environment.name !== 'client') return;
      const chunks = Object.values(bundle).flatMap((output) =>
        output.type === 'chunk'
          ? [
              {
                file: output.fileName,
                imports: output.imports,
                dynamicImports: output.dynamicImports,
                modules: Object.entries(output.modules)
                  .map(([id, info]) => ({
                    id,
                    size: info.renderedLength,
                    importers: this.getModuleInfo(id)?.importers ?? [],
                  }))
                  .filter((module) => module.size > 0)
                  .sort((a, b) => b.size - a.size),
              },
            ]
          : [],
      );
      writeFileSync(file, JSON.stringify({ chunks }, null, 1));
    },
  };
}

/**
 * React Router's package.json maps every import condition to its development build (dev
 * warnings on, `ENABLE_DEV_WARNINGS = true`); the production build next to it is reachable by
 * path only. The browser build takes that one, so the warnings' code is left out (issue 3).
 * Both entry points move together: `react-router` and `react-router/dom` must be one copy.
 * The server keeps the package's default, as Node resolves it at run time.
 */
function reactRouterProductionBuild(): Plugin {
  return {
    name: 'bygg-react-router-production',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (this.environment.name !== 'client') return null;
      if (source !== 'react-router' && source !== 'react-router/dom') return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved) return null;
      return { ...resolved, id: resolved.id.replace('/dist/development/', '/dist/production/') };
    },
  };
}

/**
 * React Router's production build still carries its developer messages: `warning()` and
 * `warnOnce()` print advice to the console (how to use a blocker, a missing route, future
 * flags …) and `invariant()` throws with a long explanation. In the browser build the
 * warnings become no-ops and an invariant throws a short error, the way React's own
 * production build and `tiny-invariant` do (issue 3: some 2 kB gzip of the first load).
 * Behaviour is unchanged: an invariant still throws where it threw. Should a React Router
 * upgrade rename these helpers, the build stops here instead of silently growing.
 */
function reactRouterWithoutDevMessages(): Plugin {
  const FILE = /\/node_modules\/react-router\/dist\/production\/[\w-]+\.mjs$/;
  const DEFINED = /^function (warning|warnOnce|invariant\d*)\(/gm;
  const HELPER = /^function (warning|warnOnce|invariant\d*)\((\w+), (\w+)\) \{\n[\s\S]*?\n\}$/gm;
  return {
    name: 'bygg-react-router-without-dev-messages',
    apply: 'build',
    transform(code, id) {
      if (this.environment.name !== 'client' || !FILE.test(id)) return null;
      const defined = code.match(DEFINED)?.length ?? 0;
      if (defined === 0) return null;
      let replaced = 0;
      const stripped = code.replace(HELPER, (_all, name: string, first: string, second: string) => {
        replaced += 1;
        return name.startsWith('invariant')
          ? `function ${name}(${first}) {\n  if (${first} === false || ${first} === null || typeof ${first} === "undefined") throw new Error("React Router invariant failed");\n}`
          : `function ${name}(${first}, ${second}) {}`;
      });
      if (replaced !== defined) {
        this.error(`React Router's message helpers have changed in ${id}; update this plugin.`);
      }
      return { code: stripped, map: null };
    },
  };
}

/**
 * The browser build's output (issue 3). Fewer files in the first load: Rollup gives every set of routes that share code
 * a chunk of its own, so the shell used to arrive as some twenty files of under 1 KiB each,
 * every one with its own request and gzip overhead. Two groups instead:
 * - 'framework': React, React DOM and React Router, which every page needs;
 * - 'shell': the app modules the root route imports statically (header, menu bar, cart
 *   state, shared helpers). Every page loads the root route, so no page gets more code.
 * Modules only reached through import() are left alone: they stay lazy chunks.
 */
function firstLoadChunks(): Plugin {
  const FRAMEWORK = /\/node_modules\/(react|react-dom|react-router|scheduler)\//;
  const APP = /\/(apps\/web\/app|packages\/[\w-]+\/src)\//;
  const ROOT = /\/apps\/web\/app\/root\.tsx($|\?)/;
  // root.tsx renders the consent-mode head script with AnalyticsHead on the server only
  // (import.meta.env.SSR), and imports the consent-mode code with import() for a consent
  // choice. The browser's build keeps none of AnalyticsHead, but its static import of that
  // code is still in the module graph, and Rollup would put the code into the shell.
  const CONSENT_MODE = /\/apps\/web\/app\/lib\/analytics\/consent-mode\.ts$/;
  const ROUTE_ENTRY = /\?__react-router-build-client-route$/;
  const PRODUCT = /\/apps\/web\/app\/routes\/product\.tsx\?/;
  const SCRIPT = /\.(tsx?|jsx?|mjs|cjs)($|\?)/;
  const STYLE = /\.css($|\?)/;
  const PAGE_HEADER = /\/apps\/web\/app\/page-header\.tsx($|\?)/;
  return {
    name: 'bygg-first-load-chunks',
    apply: 'build',
    configEnvironment(name) {
      if (name !== 'client') return;
      return {
        build: {
          // Terser (three passes) makes the browser's files some 3 % smaller after gzip than
          // esbuild's minifier; the build takes a few seconds longer. No Safari 10 workarounds:
          // the build targets browsers that ES modules with dynamic import run in.
          // A lazy chunk's list of files to preload with it leaves out the framework and the
          // shell: every page has loaded both before any of its code can ask for a chunk.
          modulePreload: {
            resolveDependencies: (_file: string, deps: string[]) =>
              deps.filter((dep) => !/(^|\/)(framework|shell)-[\w-]+\.(js|css)$/.test(dep)),
          },
          minify: 'terser',
          terserOptions: { compress: { passes: 3 }, safari10: false },
          rollupOptions: {
            output: {
              manualChunks(id, { getModuleInfo }) {
                if (FRAMEWORK.test(id)) return 'framework';
                /** Reached from a module matching `start` by static imports only (memoised; cycles count as no). */
                const reachedFrom = (start: RegExp) => {
                  const known = new Map<string, boolean>();
                  const reached = (moduleId: string): boolean => {
                    if (start.test(moduleId)) return true;
                    const seen = known.get(moduleId);
                    if (seen !== undefined) return seen;
                    known.set(moduleId, false);
                    const result = (getModuleInfo(moduleId)?.importers ?? []).some(reached);
                    known.set(moduleId, result);
                    return result;
                  };
                  return reached;
                };
                // The header is server rendered on every page, but its code is a lazy chunk
                // (ADR 016). Its styles go into the shell's stylesheet, which the server's HTML
                // links: in the lazy chunk's own, they came only with its code, and until then
                // the header was unstyled (its logo as wide as the page).
                if (APP.test(id) && STYLE.test(id)) {
                  const fromHeader = reachedFrom(PAGE_HEADER);
                  return (getModuleInfo(id)?.importers ?? []).some(fromHeader)
                    ? 'shell'
                    : undefined;
                }
                if (!APP.test(id) || !SCRIPT.test(id)) return undefined;
                if (CONSENT_MODE.test(id)) return 'consent-mode';
                const fromRoot = reachedFrom(ROOT);
                if (fromRoot(id)) return 'shell';
                // What the product route shares with other routes or lazy chunks: one chunk,
                // not one file per set of sharers (stock, money, quantity, breadcrumbs …).
                const sharers = new Map<string, Set<string>>();
                const startsOf = (moduleId: string): Set<string> => {
                  const known = sharers.get(moduleId);
                  if (known) return known;
                  const starts = new Set<string>();
                  sharers.set(moduleId, starts);
                  const info = getModuleInfo(moduleId);
                  if (ROUTE_ENTRY.test(moduleId) || info?.dynamicImporters.length) {
                    starts.add(moduleId);
                  }
                  for (const importer of info?.importers ?? []) {
                    for (const start of startsOf(importer)) starts.add(start);
                  }
                  return starts;
                };
                const starts = startsOf(id);
                return starts.size > 1 && [...starts].some((start) => PRODUCT.test(start))
                  ? 'catalog'
                  : undefined;
              },
            },
          },
        },
      };
    },
  };
}

export default defineConfig({
  plugins: [
    reactRouter(),
    reactRouterProductionBuild(),
    reactRouterWithoutDevMessages(),
    firstLoadChunks(),
    bundleReport(process.env.BUNDLE_REPORT),
  ],
  resolve: {
    alias: { '~': fileURLToPath(new URL('./app', import.meta.url)) },
  },
  // Workspace packages export TypeScript source, so they must go through Vite's transform
  // in the server bundle instead of being required from node_modules at run time.
  ssr: { noExternal: [/^@bygg\//] },
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/djedi': { target: apiTarget, changeOrigin: true },
    },
  },
});
