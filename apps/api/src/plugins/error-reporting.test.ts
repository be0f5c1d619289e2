import * as Sentry from '@sentry/node';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../kernel/config.ts';
import { registerErrorReporting, sentryOptions } from './error-reporting.ts';

describe('error reporting', () => {
  it('initialises nothing and sends nothing without SENTRY_DSN', async () => {
    const config = loadConfig({ NODE_ENV: 'test' });
    expect(config.errorReporting.dsn).toBeNull();
    const app = Fastify();
    registerErrorReporting(app, config.errorReporting);
    await app.ready();
    expect(Sentry.isInitialized()).toBe(false);
    await app.close();
  });

  it("uses the spec's sample rate, environment and release rules", () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      SENTRY_DSN: 'https://key@o1.ingest.example/1',
      VERCEL_ENV: 'preview',
      VERCEL_GIT_COMMIT_SHA: 'fbe4e2b',
    });
    const dsn = config.errorReporting.dsn ?? '';
    const options = sentryOptions({ ...config.errorReporting, dsn });
    expect(options).toMatchObject({
      dsn,
      environment: 'vercel-preview',
      release: 'fbe4e2b',
      tracesSampleRate: 0.1,
    });
    const bare = sentryOptions({ dsn, environment: null, hostingEnvironment: null, commit: null });
    expect(bare).toMatchObject({ environment: 'production', release: 'UNKNOWN' });
  });

  it('drops traces of 404 replies and keeps the others', () => {
    const options = sentryOptions({
      dsn: 'https://key@o1.ingest.example/1',
      environment: null,
      hostingEnvironment: null,
      commit: null,
    });
    const drop = options.beforeSendTransaction;
    if (!drop) throw new Error('beforeSendTransaction missing');
    const trace = (status: number) =>
      ({
        type: 'transaction',
        transaction: 'GET /finns-inte',
        contexts: {
          trace: { trace_id: 'a', span_id: 'b', data: { 'http.response.status_code': status } },
        },
      }) as Parameters<typeof drop>[0];
    expect(drop(trace(404), {})).toBeNull();
    const ok = trace(200);
    expect(drop(ok, {})).toBe(ok);
  });

  it('reads the CMS iframe hosts as a lower-case list and rejects junk', () => {
    expect(
      loadConfig({ NODE_ENV: 'test', CMS_IFRAME_HOSTS: 'www.YouTube-nocookie.com,maps.example.se' })
        .cmsIframeHosts,
    ).toEqual(['www.youtube-nocookie.com', 'maps.example.se']);
    expect(loadConfig({ NODE_ENV: 'test' }).cmsIframeHosts).toBeNull();
    expect(() => loadConfig({ CMS_IFRAME_HOSTS: 'https://x.example/' })).toThrow(
      /CMS_IFRAME_HOSTS/,
    );
  });
});
