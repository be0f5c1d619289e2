import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '@bygg/db/paths';
import { ConfigError, DEV_SESSION_SECRET, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('needs nothing: port 3000, embedded database under <repo>/.data, seeding on', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      databaseUrl: undefined,
      sessionSecret: DEV_SESSION_SECRET,
      nodeEnv: 'development',
      logLevel: 'info',
      seedOnStart: true,
      dataDir: path.join(repoRoot(), '.data'),
      webBuildDir: path.join(repoRoot(), 'apps', 'web', 'build'),
      warnings: [],
    });
  });

  it('reads every variable it knows', () => {
    const config = loadConfig({
      PORT: '8080',
      DATABASE_URL: 'postgres://u@db:5432/shop',
      REDIS_URL: 'redis://cache:6379',
      SESSION_SECRET: 'x'.repeat(40),
      SCALE: '100000',
      STORES: '200',
      LOG_LEVEL: 'debug',
      SEED_ON_START: 'false',
      DATA_DIR: 'tmp-data',
    });
    expect(config).toMatchObject({
      port: 8080,
      databaseUrl: 'postgres://u@db:5432/shop',
      redisUrl: 'redis://cache:6379',
      scale: 100_000,
      stores: 200,
      logLevel: 'debug',
      seedOnStart: false,
      dataDir: path.resolve('tmp-data'),
    });
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://x'],
    ['SEED_ON_START', 'maybe'],
    ['SCALE', '-5'],
    ['STORES', '201'],
    ['LOG_LEVEL', 'loud'],
  ])('rejects %s=%s with a message naming the variable', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(name);
  });

  it('warns when production runs with the development session secret', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).warnings).toEqual([
      expect.stringContaining('SESSION_SECRET'),
    ]);
    expect(loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 's'.repeat(32) }).warnings).toEqual(
      [],
    );
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' })).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
    });
  });
});
