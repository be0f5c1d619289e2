import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  HSTS,
  PERMISSIONS_POLICY,
  registerSecurityHeaders,
  type SecurityHeaderSettings,
} from './security-headers.ts';

const NONE: SecurityHeaderSettings = {
  stripe: false,
  tagManager: false,
  errorReportingDsn: null,
  iframeHosts: [],
};

async function appWith(settings: SecurityHeaderSettings) {
  // Behind a proxy that says https (the app's own proxy setting decides this in production).
  const app = Fastify({ trustProxy: true });
  await registerSecurityHeaders(app, settings);
  app.get('/x', async () => ({ ok: true }));
  await app.ready();
  return app;
}

function directives(csp: unknown): Map<string, string[]> {
  return new Map(
    String(csp)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .map(([name, ...values]) => [name ?? '', values]),
  );
}

describe('security headers', () => {
  it('sets the policy, frame, sniffing, referrer and permissions headers on every reply', async () => {
    const app = await appWith(NONE);
    const reply = await app.inject({ url: '/x' });
    expect(reply.headers).toMatchObject({
      'x-frame-options': 'DENY',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'permissions-policy': PERMISSIONS_POLICY,
    });
    const csp = directives(reply.headers['content-security-policy']);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('script-src')?.[0]).toBe("'self'");
    expect(csp.get('script-src')?.[1]).toMatch(/^'nonce-[A-Za-z0-9+/]{22}=='$/);
    expect(csp.get('script-src')).not.toContain("'unsafe-inline'");
    expect(csp.get('connect-src')).toEqual(["'self'"]);
    // 404s too.
    const missing = await app.inject({ url: '/finns-inte' });
    expect(missing.headers['x-frame-options']).toBe('DENY');
  });

  it('gives every request its own nonce', async () => {
    const app = await appWith(NONE);
    const [a, b] = await Promise.all([app.inject({ url: '/x' }), app.inject({ url: '/x' })]);
    const nonce = (reply: typeof a) =>
      directives(reply.headers['content-security-policy']).get('script-src')?.[1];
    expect(nonce(a)).not.toBe(nonce(b));
  });

  it('sends HSTS only over https', async () => {
    const app = await appWith(NONE);
    const plain = await app.inject({ url: '/x' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const secure = await app.inject({ url: '/x', headers: { 'x-forwarded-proto': 'https' } });
    expect(secure.headers['strict-transport-security']).toBe(HSTS);
  });

  it('allows Stripe, the tag manager, the error-reporting host and the iframe hosts only when configured', async () => {
    const app = await appWith({
      stripe: true,
      tagManager: true,
      errorReportingDsn: 'https://abc@o1.ingest.sentry.example/42',
      iframeHosts: ['www.youtube-nocookie.com'],
    });
    const csp = directives((await app.inject({ url: '/x' })).headers['content-security-policy']);
    expect(csp.get('script-src')).toEqual(
      expect.arrayContaining(['https://js.stripe.com', 'https://www.googletagmanager.com']),
    );
    expect(csp.get('frame-src')).toEqual(
      expect.arrayContaining([
        'https://js.stripe.com',
        'https://hooks.stripe.com',
        'https://www.youtube-nocookie.com',
      ]),
    );
    expect(csp.get('connect-src')).toEqual(
      expect.arrayContaining([
        'https://api.stripe.com',
        'https://*.google-analytics.com',
        'https://o1.ingest.sentry.example',
      ]),
    );
    const none = directives(
      (await (await appWith(NONE)).inject({ url: '/x' })).headers['content-security-policy'],
    );
    expect(none.get('script-src')?.join(' ')).not.toMatch(/stripe|googletagmanager/);
    expect(none.get('frame-src')).toEqual(["'self'"]);
  });
});
