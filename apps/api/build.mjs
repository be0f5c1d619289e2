// Bundles src/server.ts into dist/server.js. The @bygg/* workspace packages export TypeScript
// source, so they are bundled; every other package stays external and is loaded from
// node_modules at run time, unless it cannot be found from this folder (npm may install a
// package only inside the workspace that declares it, e.g. packages/db/node_modules), in
// which case it is bundled too.
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));

function packageName(specifier) {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

function resolvableFromHere(specifier) {
  try {
    import.meta.resolve(specifier);
    return true;
  } catch {
    return false;
  }
}

/** @type {import('esbuild').Plugin} */
const externalPackages = {
  name: 'external-packages',
  setup(pluginBuild) {
    const cache = new Map();
    pluginBuild.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('node:')) return { external: true };
      if (args.path.startsWith('@bygg/')) return undefined;
      let external = cache.get(args.path);
      if (external === undefined) {
        external = resolvableFromHere(args.path);
        cache.set(args.path, external);
      }
      if (!external && !cache.has(`warned:${packageName(args.path)}`)) {
        cache.set(`warned:${packageName(args.path)}`, true);
        console.log(`bundling ${packageName(args.path)} (not installed where dist/ can load it)`);
      }
      return external ? { path: args.path, external: true } : undefined;
    });
  },
};

const started = Date.now();
await build({
  absWorkingDir: here,
  entryPoints: ['src/server.ts'],
  outfile: 'dist/server.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [externalPackages],
  // Bundled CommonJS code may call require(); give the ES module one.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
});
console.log(`built dist/server.js in ${Date.now() - started} ms`);
