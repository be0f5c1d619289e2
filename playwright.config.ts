import { defineConfig, devices } from '@playwright/test';

// End-to-end tests run against the BUILT app served the way `npm start` serves it
// (one origin: pages, /api, /djedi), on a fresh embedded database seeded on first start.
// The browser is Debian's Chromium; Playwright never downloads one (see tooling/scripts/ensure-chromium.mjs).
const PORT = Number(process.env.E2E_PORT ?? 3210);
const baseURL = `http://127.0.0.1:${PORT}`;
// One data directory per port, so two runs on different ports never share a database.
const dataDir = `.data/e2e-${PORT}`;
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL,
    locale: 'sv-SE',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 900 } },
    },
    {
      name: 'mobile',
      use: {
        ...devices['Pixel 7'],
        browserName: 'chromium',
        viewport: { width: 390, height: 844 },
      },
      grep: /@mobile/,
    },
  ],
  webServer: {
    // A fresh embedded database for every run, so the first-start path (migrate + seed) is
    // exercised too. SCALE keeps the catalogue small enough for CI; seeding logic is the same.
    command: `rm -rf ${dataDir} && node apps/api/dist/server.js`,
    url: `${baseURL}/api/health`,
    timeout: 240_000,
    reuseExistingServer: !process.env.CI,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SCALE: process.env.E2E_SCALE ?? '1500',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      // No SESSION_SECRET: the server makes its own under DATA_DIR, as a first `npm start` does.
    },
  },
});
