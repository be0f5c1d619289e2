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

export default defineConfig({
  plugins: [reactRouter(), bundleReport(process.env.BUNDLE_REPORT)],
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
