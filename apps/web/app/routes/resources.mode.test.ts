// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { action } from './resources.mode.tsx';

function post(fields: Record<string, string>) {
  return new Request('http://localhost/resurser/kundlage', {
    method: 'POST',
    body: new URLSearchParams(fields),
  });
}

type ActionArgs = Parameters<typeof action>[0];

describe('mode resource route', () => {
  it('answers 400 naming every bad field, before any other work', async () => {
    const result = await action({
      request: post({ intent: 'delete-everything', mode: 'B2X', redirectTo: '//evil.example' }),
    } as ActionArgs);
    expect(result).toMatchObject({
      init: { status: 400 },
      data: {
        fields: [
          { path: 'intent' },
          { path: 'mode' },
          { path: 'redirectTo', message: 'redirectTo ska vara en sökväg på webbplatsen' },
        ],
      },
    });
  });
});
