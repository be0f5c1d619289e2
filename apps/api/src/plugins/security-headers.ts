import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import helmet from 'helmet';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * Security headers on every reply, API and pages alike (issue 15 finding 6, ADR 023), with
 * helmet: a Content-Security-Policy whose scripts are this origin's files and the
 * inline scripts that carry this request's nonce (React Router's hydration and streaming
 * scripts, React's Suspense scripts, the consent-mode head script), frame-ancestors 'none'
 * with X-Frame-Options DENY, nosniff, a referrer policy, a permissions policy, and HSTS
 * when the request came over https. Third parties are allowed only when configured: Stripe
 * (card payment), the tag manager (GTM_ID), the error-reporting host (SENTRY_DSN) and the
 * CMS's iframe hosts.
 */
export type SecurityHeaderSettings = {
  /** Card payment is offered (both Stripe keys set): Stripe.js, its frames and its API. */
  stripe: boolean;
  /** The tag manager may load (GTM_ID set; it still waits for the visitor's consent). */
  tagManager: boolean;
  /** The error-reporting DSN; the browser posts its events to its origin. */
  errorReportingDsn: string | null;
  /** Hosts whose iframes CMS embedded-HTML blocks may show. */
  iframeHosts: readonly string[];
};

/** Max-age of HSTS: one year (the usual value for preload lists), subdomains included. */
export const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Features the shop uses: geolocation for the nearest store (this origin) and the Payment
 * Request API for card wallets (this origin and Stripe's frames); everything else is off.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'browsing-topics=()',
  'camera=()',
  'display-capture=()',
  'geolocation=(self)',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=(self "https://js.stripe.com")',
  'usb=()',
].join(', ');

const STRIPE = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
};
// Google's list for the tag manager with Google Analytics 4.
const TAG_MANAGER = {
  script: ['https://www.googletagmanager.com'],
  connect: [
    'https://*.google-analytics.com',
    'https://*.analytics.google.com',
    'https://*.googletagmanager.com',
  ],
};

const nonces = new WeakMap<IncomingMessage, string>();

/** This request's CSP nonce (base64 of 16 random bytes), made once per request. */
export function cspNonceOf(request: FastifyRequest): string {
  return nonceOfRaw(request.raw);
}

function nonceOfRaw(raw: IncomingMessage): string {
  let nonce = nonces.get(raw);
  if (!nonce) {
    nonce = randomBytes(16).toString('base64');
    nonces.set(raw, nonce);
  }
  return nonce;
}

function originOf(url: string | null): string[] {
  if (!url) return [];
  try {
    return [new URL(url).origin];
  } catch {
    return [];
  }
}

/** The policy's directives; script-src gets the request's nonce as a function of the request. */
export function cspDirectives(settings: SecurityHeaderSettings) {
  const scriptSources = [
    "'self'",
    (raw: IncomingMessage) => `'nonce-${nonceOfRaw(raw)}'`,
    ...(settings.stripe ? STRIPE.script : []),
    ...(settings.tagManager ? TAG_MANAGER.script : []),
  ];
  const connectSources = [
    "'self'",
    ...(settings.stripe ? STRIPE.connect : []),
    ...(settings.tagManager ? TAG_MANAGER.connect : []),
    ...originOf(settings.errorReportingDsn),
  ];
  const frameSources = [
    "'self'",
    ...(settings.stripe ? STRIPE.frame : []),
    ...settings.iframeHosts.map((host) => `https://${host}`),
  ];
  return {
    defaultSrc: ["'self'"],
    scriptSrc: scriptSources,
    // Inline style attributes: React's style props, the dialog primitives, Stripe's fields.
    styleSrc: ["'self'", "'unsafe-inline'"],
    // Product images are ours; CMS blocks and the tag manager may show images over https.
    imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: connectSources,
    frameSrc: frameSources,
    // CMS video blocks play files from this site or over https (domain/cms-blocks.ts).
    mediaSrc: ["'self'", 'https:'],
    workerSrc: ["'self'", 'blob:'],
    manifestSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  };
}

export async function registerSecurityHeaders(
  app: FastifyInstance,
  settings: SecurityHeaderSettings,
): Promise<void> {
  // helmet's middleware, built once: @fastify/helmet built it again for every request
  // (parsing every directive each time, about 0.1 ms per reply in the cart benchmark). The
  // script-src nonce is a function of the request, so one middleware serves every request.
  const headers = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(settings) },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Set below, and only over https: HSTS on a plain-http answer means nothing.
    strictTransportSecurity: false,
    // Stripe's 3-D Secure and wallet windows talk back to the opener.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    // Product images are linked from order e-mails read in web mail on other origins, and
    // the embedded players (YouTube, Vimeo) do not send CORP: neither policy fits the shop.
    crossOriginResourcePolicy: false,
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    headers(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });
  app.addHook('onRequest', async (request, reply) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
  });
}
