import * as Sentry from '@sentry/node';
import type { FastifyInstance } from 'fastify';
import {
  DENIED_SCRIPT_URLS,
  IGNORED_ERRORS,
  isNotFoundTrace,
  reportingEnvironment,
  reportingRelease,
  TRACES_SAMPLE_RATE,
} from '@bygg/domain/error-reporting';
import type { Config } from '../kernel/config.ts';

export type ErrorReportingSettings = Config['errorReporting'];

/** The SDK options of the spec's setup (sample rate, environment, release, ignore list, 404). */
export function sentryOptions(
  settings: ErrorReportingSettings & { dsn: string },
): Sentry.NodeOptions {
  return {
    dsn: settings.dsn,
    environment: reportingEnvironment({
      explicit: settings.environment,
      hostingEnvironment: settings.hostingEnvironment,
    }),
    release: reportingRelease(settings.commit),
    tracesSampleRate: TRACES_SAMPLE_RATE,
    ignoreErrors: [...IGNORED_ERRORS],
    denyUrls: [...DENIED_SCRIPT_URLS],
    beforeSendTransaction(event) {
      const status = event.contexts?.trace?.data?.['http.response.status_code'];
      const statusCode = typeof status === 'number' ? status : Number(status);
      return isNotFoundTrace({ name: event.transaction, statusCode }) ? null : event;
    },
  };
}

/**
 * Error reporting for the API and the server render. Without SENTRY_DSN the SDK is never
 * initialised, so nothing is sent and nothing is instrumented. With it, errors that become
 * a 5xx reply are captured (a 4xx is the client's mistake, not ours).
 */
export function registerErrorReporting(
  app: FastifyInstance,
  settings: ErrorReportingSettings,
): void {
  const { dsn } = settings;
  if (!dsn) return;
  if (!Sentry.isInitialized()) Sentry.init(sentryOptions({ ...settings, dsn }));
  app.addHook('onError', async (_request, reply, error) => {
    if (reply.statusCode >= 500 || !('statusCode' in error) || (error.statusCode ?? 500) >= 500) {
      Sentry.captureException(error);
    }
  });
  app.addHook('onClose', async () => {
    await Sentry.flush(2000);
  });
}
