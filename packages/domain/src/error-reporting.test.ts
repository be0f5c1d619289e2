import { describe, expect, it } from 'vitest';
import {
  isIgnoredError,
  isNotFoundTrace,
  reportingEnvironment,
  reportingRelease,
  TRACES_SAMPLE_RATE,
} from './error-reporting.ts';

describe('error-reporting rules', () => {
  it('samples one trace in ten', () => {
    expect(TRACES_SAMPLE_RATE).toBe(0.1);
  });

  it("names the environment: explicit, else 'vercel-' + hosting name, else 'production'", () => {
    expect(reportingEnvironment({})).toBe('production');
    expect(reportingEnvironment({ hostingEnvironment: 'preview' })).toBe('vercel-preview');
    expect(reportingEnvironment({ explicit: 'staging', hostingEnvironment: 'preview' })).toBe(
      'staging',
    );
  });

  it("uses the source commit as release, or 'UNKNOWN'", () => {
    expect(reportingRelease('4ae9fbe')).toBe('4ae9fbe');
    expect(reportingRelease(undefined)).toBe('UNKNOWN');
    expect(reportingRelease('  ')).toBe('UNKNOWN');
  });

  it('ignores browser and network noise but not our own errors', () => {
    for (const message of [
      'ResizeObserver loop completed with undelivered notifications.',
      'TypeError: Failed to fetch',
      'NetworkError when attempting to fetch resource.',
      'Load failed',
      'cancelled',
      'avbruten',
      'abgebrochen',
      'AbortError: The user aborted a request.',
      'Hydration failed because the server rendered HTML did not match the client.',
      'Minified React error #418; visit https://react.dev/errors/418',
      'Error at chrome-extension://abcdef/content.js:1:1',
    ]) {
      expect(isIgnoredError(message), message).toBe(true);
    }
    expect(isIgnoredError("Cannot read properties of undefined (reading 'price')")).toBe(false);
    expect(isIgnoredError('Non-success status code (/api/v2.0/stores/ [GET]): 500')).toBe(false);
  });

  it('recognises traces of the 404 page', () => {
    expect(isNotFoundTrace({ statusCode: 404, name: 'GET /api/x' })).toBe(true);
    expect(isNotFoundTrace({ name: '/404' })).toBe(true);
    expect(isNotFoundTrace({ name: '/finns-inte', pageTitle: 'Sidan kunde inte hittas' })).toBe(
      true,
    );
    expect(
      isNotFoundTrace({ name: '/kundservice', statusCode: 200, pageTitle: 'Kundservice' }),
    ).toBe(false);
  });
});
