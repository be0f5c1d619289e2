import { describe, expect, it, vi } from 'vitest';

const init = vi.fn();
vi.mock('@sentry/react', () => ({
  init,
  browserTracingIntegration: () => ({ name: 'BrowserTracing' }),
}));

describe('startBrowserErrorReporting', () => {
  it('loads nothing and sends nothing without a DSN', async () => {
    const { startBrowserErrorReporting } = await import('./error-reporting.ts');
    expect(await startBrowserErrorReporting(null)).toBe(false);
    expect(init).not.toHaveBeenCalled();
  });

  it("starts once with the spec's options and drops traces of the 404 page", async () => {
    const { startBrowserErrorReporting } = await import('./error-reporting.ts');
    const config = {
      dsn: 'https://key@o1.ingest.example/1',
      environment: 'production',
      release: 'abc123',
    };
    expect(await startBrowserErrorReporting(config)).toBe(true);
    expect(await startBrowserErrorReporting(config)).toBe(false);
    expect(init).toHaveBeenCalledTimes(1);
    const options = init.mock.calls[0]?.[0];
    expect(options).toMatchObject({
      dsn: config.dsn,
      environment: 'production',
      release: 'abc123',
      tracesSampleRate: 0.1,
    });
    expect(
      options.ignoreErrors.some((pattern: RegExp) =>
        pattern.test('ResizeObserver loop limit exceeded'),
      ),
    ).toBe(true);
    document.title = 'Sidan kunde inte hittas';
    expect(options.beforeSendTransaction({ transaction: '/finns-inte' })).toBeNull();
    document.title = 'Kundservice | Timmerkedjan';
    const event = { transaction: '/kundservice' };
    expect(options.beforeSendTransaction(event)).toBe(event);
  });
});
