// The built server for a benchmark: started on a scratch embedded database (DATA_DIR in the
// temp dir, SCALE products, seeded on first start) and stopped with its data removed, or a
// running server when BENCH_BASE_URL is given. Shared by the benchmarks (waitFor by all of them).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('../../', import.meta.url).pathname;

/** Polls `url` every `intervalMs` until it answers 200 or `deadlineMs` has passed. */
export async function waitFor(url, deadlineMs, intervalMs = 250) {
  const started = Date.now();
  while (Date.now() - started < deadlineMs) {
    try {
      const res = await fetch(url);
      await res.arrayBuffer();
      if (res.status === 200) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  throw new Error(`${url} not ready after ${deadlineMs} ms`);
}

/**
 * Starts apps/api/dist/server.js (BENCH_SERVER_ENTRY, WEB_BUILD_DIR override) on `port` with
 * `scale` products, or returns null when BENCH_BASE_URL points at a running server. Exits the
 * process when there is no build.
 */
export function startBuiltServer({ port, scale, name, env = {} }) {
  if (process.env.BENCH_BASE_URL) return null;
  const serverEntry = process.env.BENCH_SERVER_ENTRY ?? join(root, 'apps/api/dist/server.js');
  const webBuildDir = process.env.WEB_BUILD_DIR ?? join(root, 'apps/web/build');
  if (!existsSync(serverEntry) || !existsSync(join(webBuildDir, 'client'))) {
    console.error('No build found: run `npm run build` first.');
    process.exit(1);
  }
  const dataDir = mkdtempSync(join(tmpdir(), `bygg-${name}-`));
  const child = spawn(process.execPath, [serverEntry], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SCALE: String(scale),
      WEB_BUILD_DIR: webBuildDir,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return {
    async stop() {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
