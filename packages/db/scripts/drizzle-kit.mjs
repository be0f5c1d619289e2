// npm 11 keeps drizzle-orm inside packages/db/node_modules instead of hoisting it next to
// drizzle-kit, so drizzle-kit (at the root) cannot find it. This launcher lets drizzle-kit's
// `require` and `import()` fall back to this package's copy, then runs the CLI unchanged.
import Module, { createRequire, register } from 'node:module';

const require = createRequire(import.meta.url);
const packageUrl = new URL('../package.json', import.meta.url).href;

register(
  'data:text/javascript,' +
    encodeURIComponent(`
      export async function resolve(specifier, context, next) {
        try {
          return await next(specifier, context);
        } catch (error) {
          if (!specifier.startsWith('drizzle-orm')) throw error;
          return next(specifier, { ...context, parentURL: ${JSON.stringify(packageUrl)} });
        }
      }`),
);

const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (request, parent, isMain, options) {
  try {
    return resolveFilename.call(this, request, parent, isMain, options);
  } catch (error) {
    if (!request.startsWith('drizzle-orm')) throw error;
    return require.resolve(request);
  }
};

require(require.resolve('drizzle-kit').replace(/index\.(c?js)$/, 'bin.cjs'));
