// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { action } from './resources.content.tsx';

type ActionArgs = Parameters<typeof action>[0];

function run(fields: Record<string, string>) {
  const request = new Request('http://localhost/resurser/innehall', {
    method: 'POST',
    body: new URLSearchParams(fields),
    headers: { cookie: 'sessionid=redaktor' },
  });
  return action({ request } as ActionArgs);
}

afterEach(() => vi.unstubAllGlobals());

describe('content resource route', () => {
  it('answers bad input with 400 naming the field, without calling the API', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const result = (await run({ intent: 'restore', uri: 'header/a', version: 'senaste' })) as {
      data: { fields: Array<{ path: string }> };
      init: ResponseInit;
    };
    expect(result.init.status).toBe(400);
    expect(result.data.fields[0]?.path).toBe('version');
    expect(fetch).not.toHaveBeenCalled();
  });

  it("publishes with the editor's cookie and passes the API's refusal on", async () => {
    const fetch = vi.fn(async () =>
      Response.json(
        { statusCode: 403, message: 'Endast redaktörer kan redigera innehållet' },
        { status: 403 },
      ),
    );
    vi.stubGlobal('fetch', fetch);
    const result = (await run({ intent: 'publish', uri: 'header/a', value: 'Ny' })) as {
      data: { ok: boolean; message: string };
      init: ResponseInit;
    };
    expect(result.init.status).toBe(403);
    expect(result.data).toMatchObject({
      ok: false,
      message: 'Endast redaktörer kan redigera innehållet',
    });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toMatch(/\/djedi\/cms\/publish\/$/);
    expect(new Headers(init.headers).get('cookie')).toBe('sessionid=redaktor');
    expect(JSON.parse(String(init.body))).toEqual({ uri: 'header/a', value: 'Ny' });
  });

  it('answers the published node on success', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json({ uri: 'i18n://sv-se@header/a.txt', ext: 'txt', value: 'Ny', version: 3 }),
      ),
    );
    const result = (await run({ intent: 'publish', uri: 'header/a', value: 'Ny' })) as {
      data: { ok: boolean; node: { version: number } };
    };
    expect(result.data).toMatchObject({ ok: true, node: { version: 3 } });
  });

  it('sends draft saves, draft publishes and discards to their API calls', async () => {
    const node = { uri: 'i18n://sv-se@header/a.txt', ext: 'txt', value: 'Gammal', version: 2 };
    const fetch = vi.fn(async () => Response.json({ ...node, draft: null }));
    vi.stubGlobal('fetch', fetch);
    await run({ intent: 'draft', uri: 'header/a', value: 'Utkast' });
    await run({ intent: 'publish-draft', uri: 'header/a' });
    await run({ intent: 'discard', uri: 'header/a' });
    const calls = fetch.mock.calls as unknown as Array<[string, RequestInit]>;
    expect(calls.map(([url]) => new URL(url).pathname)).toEqual([
      '/djedi/cms/draft/',
      '/djedi/cms/draft/publish/',
      '/djedi/cms/draft/discard/',
    ]);
    expect(calls.map(([, init]) => JSON.parse(String(init.body)))).toEqual([
      { uri: 'header/a', value: 'Utkast' },
      { uri: 'header/a' },
      { uri: 'header/a' },
    ]);
  });
});
