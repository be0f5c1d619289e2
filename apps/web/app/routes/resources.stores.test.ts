// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { loader } from './resources.stores.tsx';

type LoaderArgs = Parameters<typeof loader>[0];

function get(query: string) {
  return loader({
    request: new Request(`http://localhost/resurser/butiker?${query}`),
  } as LoaderArgs);
}

describe('stores resource route', () => {
  it('answers 400 naming the field for a count above 10,000', async () => {
    const reply = await get('q=G%C3%B6teborg&count=10001');
    expect(reply.status).toBe(400);
    expect(await reply.json()).toMatchObject({ fields: [{ path: 'count' }] });
  });

  it('answers 400 for a position outside the globe and for a bad id', async () => {
    const position = await get('latitude=91&longitude=11');
    expect(position.status).toBe(400);
    expect(await position.json()).toMatchObject({ fields: [{ path: 'latitude' }] });
    const id = await get('id=abc');
    expect(id.status).toBe(400);
    expect(await id.json()).toMatchObject({ fields: [{ path: 'id' }] });
  });

  it.each(['q=%00', 'q=G%C3%B6teborg%00', 'id=2147483648'])(
    'answers 400 naming the field for %s, before any call to the API (issue 15)',
    async (query) => {
      const reply = await get(query);
      expect(reply.status).toBe(400);
      const field = query.split('=')[0];
      expect(await reply.json()).toMatchObject({ fields: [{ path: field }] });
    },
  );
});
