// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { action } from './resources.store-choice.tsx';

function post(fields: Record<string, string>) {
  return new Request('http://localhost/resurser/butiksval', {
    method: 'POST',
    body: new URLSearchParams(fields),
  });
}

type ActionArgs = Parameters<typeof action>[0];

describe('store choice resource route', () => {
  it('answers 400 naming the bad fields, before asking the API anything', async () => {
    const result = await action({
      request: post({
        intent: 'choose-store',
        storeId: 'tolv',
        redirectTo: 'https://evil.example',
      }),
    } as ActionArgs);
    expect(result).toMatchObject({
      init: { status: 400 },
      data: {
        fields: [
          { path: 'storeId' },
          { path: 'redirectTo', message: 'redirectTo ska vara en sökväg på webbplatsen' },
        ],
      },
    });
  });

  it('refuses an unknown intent', async () => {
    const result = await action({ request: post({ intent: 'delete-all' }) } as ActionArgs);
    expect(result).toMatchObject({ init: { status: 400 }, data: { fields: [{ path: 'intent' }] } });
  });

  it("'reset' deletes the store cookie and returns to the page without its store query", async () => {
    const response = await action({
      request: post({ intent: 'reset', redirectTo: '/produkter/farg?store=4&sida=2' }),
    } as ActionArgs);
    expect(response).toBeInstanceOf(Response);
    const reply = response as Response;
    expect(reply.status).toBe(302);
    expect(reply.headers.get('Location')).toBe('/produkter/farg?sida=2');
    expect(reply.headers.get('Set-Cookie')).toMatch(/^bygg_store=; Path=\/; Max-Age=0;/);
  });
});
