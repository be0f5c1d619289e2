import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { repoRoot } from '@bygg/db/paths';
import { ConfigError, DEV_SESSION_SECRET, loadConfig, SESSION_SECRET_FILE } from './config.ts';

const tempDirs: string[] = [];
function tempDataDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'bygg-config-test-'));
  tempDirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of tempDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('loadConfig', () => {
  it('needs nothing: port 3000, embedded database under <repo>/.data, seeding on', () => {
    // NODE_ENV=test: a development start would write its secret under <repo>/.data.
    const config = loadConfig({ NODE_ENV: 'test' });
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      databaseUrl: undefined,
      sessionSecret: DEV_SESSION_SECRET,
      trustProxy: false,
      publicUrl: 'http://localhost:3000',
      nodeEnv: 'test',
      logLevel: 'silent',
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

  it('generates a secret on the first start, readable by the owner only, and reuses it', () => {
    const dataDir = path.join(tempDataDir(), 'nested');
    const first = loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir });
    const file = path.join(dataDir, SESSION_SECRET_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(first.sessionSecret).toMatch(/^[A-Za-z0-9_-]{64}$/);
    expect(first.sessionSecret).not.toBe(DEV_SESSION_SECRET);
    expect(readFileSync(file, 'utf8').trim()).toBe(first.sessionSecret);
    expect(loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir }).sessionSecret).toBe(
      first.sessionSecret,
    );
    // Another data directory, another secret: nothing is shared between installations.
    expect(loadConfig({ DATA_DIR: tempDataDir() }).sessionSecret).not.toBe(first.sessionSecret);
  });

  it('takes SESSION_SECRET over the stored one, and tightens a stored file readable by others', () => {
    const dataDir = tempDataDir();
    const file = path.join(dataDir, SESSION_SECRET_FILE);
    writeFileSync(file, `${'k'.repeat(40)}\n`, { mode: 0o644 });
    expect(loadConfig({ DATA_DIR: dataDir }).sessionSecret).toBe('k'.repeat(40));
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: 's'.repeat(32) }).sessionSecret).toBe(
      's'.repeat(32),
    );
  });

  it('refuses to start outside tests with the development secret of the repository', () => {
    for (const NODE_ENV of ['production', 'development']) {
      expect(() =>
        loadConfig({ NODE_ENV, SESSION_SECRET: DEV_SESSION_SECRET, DATA_DIR: tempDataDir() }),
      ).toThrow(ConfigError);
    }
    expect(() =>
      loadConfig({ SESSION_SECRET: DEV_SESSION_SECRET, DATA_DIR: tempDataDir() }),
    ).toThrow(/SESSION_SECRET/);
    expect(loadConfig({ NODE_ENV: 'test', SESSION_SECRET: DEV_SESSION_SECRET }).sessionSecret).toBe(
      DEV_SESSION_SECRET,
    );
  });

  it('trusts X-Forwarded-For only as TRUST_PROXY says', () => {
    const trust = (TRUST_PROXY?: string) =>
      loadConfig({ NODE_ENV: 'test', ...(TRUST_PROXY ? { TRUST_PROXY } : {}) }).trustProxy;
    expect(trust()).toBe(false);
    expect(trust('false')).toBe(false);
    expect(trust('true')).toBe(true);
    expect(trust('2')).toBe(2);
    expect(trust('10.0.0.0/8, 192.168.1.7,::1')).toEqual(['10.0.0.0/8', '192.168.1.7', '::1']);
    for (const bad of ['yes please', '10.0.0.0/33', '300.1.1.1', 'proxy.example']) {
      expect(() => trust(bad), bad).toThrow(/TRUST_PROXY/);
    }
  });

  it('takes the public address from PUBLIC_URL, without a trailing slash', () => {
    expect(
      loadConfig({ NODE_ENV: 'test', PUBLIC_URL: 'https://www.timmerkedjan.example/' }).publicUrl,
    ).toBe('https://www.timmerkedjan.example');
    expect(loadConfig({ NODE_ENV: 'test', PORT: '3311' }).publicUrl).toBe('http://localhost:3311');
    expect(() => loadConfig({ NODE_ENV: 'test', PUBLIC_URL: 'ftp://x.example' })).toThrow(
      /PUBLIC_URL/,
    );
    expect(loadConfig({ NODE_ENV: 'production', DATA_DIR: tempDataDir() }).warnings).toEqual([
      expect.stringContaining('PUBLIC_URL'),
    ]);
    expect(
      loadConfig({
        NODE_ENV: 'production',
        DATA_DIR: tempDataDir(),
        PUBLIC_URL: 'https://www.timmerkedjan.example',
      }).warnings,
    ).toEqual([]);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ NODE_ENV: 'test', PORT: '', DATABASE_URL: '' })).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
    });
  });

  it('keeps uploads under DATA_DIR by default and in S3 only with every S3 key', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).uploads).toEqual({ s3: null });
    expect(
      loadConfig({
        NODE_ENV: 'test',
        UPLOAD_STORAGE: 's3',
        S3_ENDPOINT: 'https://s3.eu-north-1.amazonaws.com',
        S3_BUCKET: 'bygg-filer',
        S3_ACCESS_KEY_ID: 'AKIDEXAMPLE',
        S3_SECRET_ACCESS_KEY: 'hemlig',
      }).uploads.s3,
    ).toEqual({
      endpoint: 'https://s3.eu-north-1.amazonaws.com',
      bucket: 'bygg-filer',
      region: 'us-east-1',
      accessKeyId: 'AKIDEXAMPLE',
      secretAccessKey: 'hemlig',
      prefix: '',
    });
    expect(() =>
      loadConfig({ NODE_ENV: 'test', UPLOAD_STORAGE: 's3', S3_BUCKET: 'bygg-filer' }),
    ).toThrow(/UPLOAD_STORAGE=s3 kräver S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY/);
  });
});
