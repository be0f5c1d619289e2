import { fileURLToPath } from 'node:url';
import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

// The dev server proxies the API and the content service so the browser can call them on
// the page's own origin, as it does in production where the API process mounts this build.
const apiTarget = process.env.API_BASE_URL ?? `http://127.0.0.1:${process.env.PORT ?? 3000}`;

export default defineConfig({
  plugins: [reactRouter()],
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
