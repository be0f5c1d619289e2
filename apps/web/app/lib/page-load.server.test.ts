// @vitest-environment node
import { data } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ApiResponseError } from './api.server.ts';
import { pageLoadFailure } from './page-load.server.ts';

function apiError(status: number) {
  return new ApiResponseError('http://api/x', 'GET', new Response(null, { status }));
}

function statusThrownFor(error: unknown): number | undefined {
  try {
    pageLoadFailure('a test page')(error);
  } catch (thrown) {
    return (thrown as { init?: { status?: number } }).init?.status;
  }
  return undefined;
}

describe('pageLoadFailure', () => {
  it.each([400, 404])('turns the API’s %i into the not-found page (404)', (status) => {
    expect(statusThrownFor(apiError(status))).toBe(404);
    expect(console.error).not.toHaveBeenCalled();
  });

  it.each([
    ['a 500 of the API', apiError(500)],
    ['a 502 of a proxy', apiError(502)],
    ['an unreachable API', new TypeError('fetch failed')],
  ])('answers %s with 503 and logs it', (_name, error) => {
    expect(statusThrownFor(error)).toBe(503);
    expect(console.error).toHaveBeenCalledOnce();
    vi.mocked(console.error).mockClear();
  });

  it('lets a response the loader threw on purpose through', () => {
    const notFound = data(null, { status: 404 });
    expect(() => pageLoadFailure('a test page')(notFound)).toThrow(
      expect.objectContaining({ init: { status: 404 } }),
    );
    const redirect = new Response(null, { status: 302 });
    expect(() => pageLoadFailure('a test page')(redirect)).toThrow(redirect);
  });
});
