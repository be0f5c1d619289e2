// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { parseEnv } from './env.server.ts';
import { DEV_SESSION_SECRET } from '@bygg/contracts/cookies';

describe('parseEnv', () => {
  it('needs nothing set in tests: the API is this process on port 3000 and the store chain is served', () => {
    expect(parseEnv({ NODE_ENV: 'test' })).toEqual({
      nodeEnv: 'test',
      apiBaseUrl: 'http://127.0.0.1:3000',
      apiBaseUrlSet: false,
      apiProxyBase: null,
      apiBasicAuth: null,
      publicUrl: 'http://localhost:3000',
      organisation: 'store-chain',
      sessionSecret: DEV_SESSION_SECRET,
      gtmId: null,
      errorReporting: null,
      mapTiles: null,
      retailSearchWebsiteId: null,
    });
  });

  it('takes a proxy base and basic auth for the trade request helper', () => {
    const env = parseEnv({
      NODE_ENV: 'test',
      API_PROXY_BASE: 'https://proxy.example/api/',
      API_BASIC_AUTH_USER: 'stage',
      API_BASIC_AUTH_PASSWORD: 'hemlig',
    });
    expect(env.apiProxyBase).toBe('https://proxy.example/api');
    expect(env.apiBasicAuth).toEqual({ user: 'stage', password: 'hemlig' });
  });

  it("reports errors only with SENTRY_DSN, as 'vercel-{env}' or production, release from the commit", () => {
    expect(parseEnv({ NODE_ENV: 'test', VERCEL_ENV: 'preview' }).errorReporting).toBeNull();
    expect(
      parseEnv({
        NODE_ENV: 'test',
        SENTRY_DSN: 'https://key@o1.ingest.example/1',
        VERCEL_ENV: 'preview',
      }).errorReporting,
    ).toEqual({
      dsn: 'https://key@o1.ingest.example/1',
      environment: 'vercel-preview',
      release: 'UNKNOWN',
    });
    expect(
      parseEnv({
        NODE_ENV: 'test',
        SENTRY_DSN: 'https://key@o1.ingest.example/1',
        SOURCE_COMMIT: 'fbe4e2b',
      }).errorReporting,
    ).toMatchObject({ environment: 'production', release: 'fbe4e2b' });
  });

  it('follows PORT for the default API address and strips a trailing slash from API_BASE_URL', () => {
    expect(parseEnv({ NODE_ENV: 'test', PORT: '3100' }).apiBaseUrl).toBe('http://127.0.0.1:3100');
    expect(parseEnv({ NODE_ENV: 'test', PORT: '3100' }).apiBaseUrlSet).toBe(false);
    expect(
      parseEnv({ NODE_ENV: 'test', API_BASE_URL: 'https://api.example.se' }).apiBaseUrlSet,
    ).toBe(true);
    expect(parseEnv({ NODE_ENV: 'test', API_BASE_URL: 'https://api.example.se/' }).apiBaseUrl).toBe(
      'https://api.example.se',
    );
  });

  it('takes the public address from PUBLIC_URL, never from a request', () => {
    expect(
      parseEnv({ NODE_ENV: 'test', PUBLIC_URL: 'https://www.timmerkedjan.example/' }).publicUrl,
    ).toBe('https://www.timmerkedjan.example');
    expect(parseEnv({ NODE_ENV: 'test', PORT: '3311' }).publicUrl).toBe('http://localhost:3311');
  });

  it('treats empty values as unset', () => {
    expect(parseEnv({ NODE_ENV: 'test', ORGANISATION: '', GTM_ID: '' }).organisation).toBe(
      'store-chain',
    );
  });

  it('takes a map tile server with {z}, {x} and {y} and an optional attribution', () => {
    expect(
      parseEnv({
        NODE_ENV: 'test',
        MAP_TILE_URL: 'https://tiles.example.se/{z}/{x}/{y}.png',
        MAP_TILE_ATTRIBUTION: '© Exempelkartor',
      }).mapTiles,
    ).toEqual({ url: 'https://tiles.example.se/{z}/{x}/{y}.png', attribution: '© Exempelkartor' });
    expect(() =>
      parseEnv({ NODE_ENV: 'test', MAP_TILE_URL: 'https://tiles.example.se/tile.png' }),
    ).toThrow(/MAP_TILE_URL/);
  });

  it('names the variable when a value is invalid', () => {
    expect(() => parseEnv({ NODE_ENV: 'test', ORGANISATION: 'ikea' })).toThrow(/ORGANISATION/);
    expect(() => parseEnv({ NODE_ENV: 'test', API_BASE_URL: 'not a url' })).toThrow(/API_BASE_URL/);
    expect(() => parseEnv({ NODE_ENV: 'test', SESSION_SECRET: 'short' })).toThrow(/SESSION_SECRET/);
  });

  it("needs the API's session secret outside tests and refuses the development one", () => {
    expect(() => parseEnv({ NODE_ENV: 'production' })).toThrow(/SESSION_SECRET/);
    expect(() => parseEnv({ NODE_ENV: 'production', SESSION_SECRET: DEV_SESSION_SECRET })).toThrow(
      /SESSION_SECRET/,
    );
    expect(parseEnv({ NODE_ENV: 'production', SESSION_SECRET: 's'.repeat(40) }).sessionSecret).toBe(
      's'.repeat(40),
    );
  });
});
