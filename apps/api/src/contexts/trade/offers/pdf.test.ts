import { describe, expect, it } from 'vitest';
import { fetchLogo } from './pdf.ts';

describe('fetchLogo', () => {
  it('never fetches a logo whose host points inside the network', async () => {
    let fetched = 0;
    const fetcher = (async () => {
      fetched += 1;
      return new Response(new Uint8Array([0x89, 0x50, 0x4e, 0x47]));
    }) as unknown as typeof fetch;
    expect(
      await fetchLogo('https://intern.example/logo.png', fetcher, async () => ['192.168.0.10']),
    ).toBeNull();
    expect(fetched).toBe(0);
    const bytes = await fetchLogo('https://logo.example/logo.png', fetcher, async () => [
      '93.184.216.34',
    ]);
    expect(bytes?.byteLength).toBe(4);
    expect(fetched).toBe(1);
  });
});
