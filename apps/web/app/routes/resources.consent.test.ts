// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { action } from './resources.consent.tsx';

function post(fields: Record<string, string>, url = 'http://localhost/resurser/samtycke') {
  return new Request(url, { method: 'POST', body: new URLSearchParams(fields) });
}

type ActionArgs = Parameters<typeof action>[0];

async function run(fields: Record<string, string>, url?: string) {
  return action({ request: post(fields, url) } as ActionArgs);
}

function setCookies(headers: Headers): string[] {
  return headers.getSetCookie();
}

describe('consent resource route', () => {
  it("'Acceptera alla' stores consent and marketing as 'true' for a year", async () => {
    const result = await run({ intent: 'accept-all' });
    expect(result).toMatchObject({ data: { consent: true, marketing: true } });
    const cookies = setCookies(new Headers((result as { init: ResponseInit }).init.headers));
    expect(cookies).toEqual([
      'bygg_consent=true; Path=/; Max-Age=31536000; SameSite=Lax; HttpOnly',
      'bygg_marketing=true; Path=/; Max-Age=31536000; SameSite=Lax; HttpOnly',
    ]);
  });

  it("saved choices without the marketing box store marketing as 'false'", async () => {
    const result = await run({ intent: 'save-choices' });
    expect(result).toMatchObject({ data: { consent: true, marketing: false } });
    const cookies = setCookies(new Headers((result as { init: ResponseInit }).init.headers));
    expect(cookies[1]).toMatch(/^bygg_marketing=false;/);
  });

  it('a plain form post goes back to its page with the cookies, Secure over https', async () => {
    const result = await run(
      { intent: 'save-choices', marketing: 'true', redirectTo: '/produkter?sida=2' },
      'https://shop.example/resurser/samtycke',
    );
    expect(result).toBeInstanceOf(Response);
    const response = result as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe('/produkter?sida=2');
    const cookies = response.headers.getSetCookie();
    expect(cookies).toHaveLength(2);
    expect(cookies[1]).toMatch(/^bygg_marketing=true;.*; Secure$/);
  });

  it('answers 400 naming the bad intent', async () => {
    const result = await run({ intent: 'grant-everything' });
    expect(result).toMatchObject({ init: { status: 400 }, data: { fields: [{ path: 'intent' }] } });
  });

  it('answers 400 naming a bad marketing value and an off-site redirect', async () => {
    const result = await run({
      intent: 'save-choices',
      marketing: 'yes',
      redirectTo: '//evil.example',
    });
    expect(result).toMatchObject({
      init: { status: 400 },
      data: { fields: [{ path: 'marketing' }, { path: 'redirectTo' }] },
    });
  });
});
