import {
  DENIED_SCRIPT_URLS,
  IGNORED_ERRORS,
  isNotFoundTrace,
  TRACES_SAMPLE_RATE,
} from '@bygg/domain/error-reporting';

/** What the server hands the browser (root loader): the public DSN, environment, release. */
export type ErrorReportingConfig = { dsn: string; environment: string; release: string };

let started = false;

/**
 * Browser error reporting the spec's way (trade-area.md §7): traces sampled at 0.1, the
 * environment and release from the server, the ignore list, and no traces for the 404
 * page. The SDK is loaded only when a DSN is configured, so without one the browser neither
 * downloads it nor sends anything.
 */
export async function startBrowserErrorReporting(
  config: ErrorReportingConfig | null,
): Promise<boolean> {
  if (!config || started || typeof window === 'undefined') return false;
  started = true;
  const Sentry = await import('@sentry/react');
  Sentry.init({
    dsn: config.dsn,
    environment: config.environment,
    release: config.release,
    tracesSampleRate: TRACES_SAMPLE_RATE,
    integrations: [Sentry.browserTracingIntegration()],
    ignoreErrors: [...IGNORED_ERRORS],
    denyUrls: [...DENIED_SCRIPT_URLS],
    beforeSendTransaction(event) {
      return isNotFoundTrace({ name: event.transaction, pageTitle: document.title }) ? null : event;
    },
  });
  return true;
}
