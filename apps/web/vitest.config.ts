import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// A plain config on purpose: the React Router Vite plugin is for the app build, not for
// rendering single components. Route modules are rendered with createRoutesStub.
export default defineConfig({
  resolve: {
    alias: { '~': fileURLToPath(new URL('./app', import.meta.url)) },
  },
  esbuild: { jsx: 'automatic' },
  test: {
    name: 'web',
    root: fileURLToPath(new URL('.', import.meta.url)),
    environment: 'jsdom',
    include: ['app/**/*.test.{ts,tsx}'],
    setupFiles: ['./test/setup-test-env.ts'],
  },
});
