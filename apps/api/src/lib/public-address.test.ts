import { describe, expect, it } from 'vitest';
import { isInternalAddress, pointsOutside } from './public-address.ts';

describe('isInternalAddress', () => {
  it('refuses loopback, private, link-local, CGNAT and unique-local addresses', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      '::',
      'fd00::1',
      'fe80::1',
      '::ffff:10.0.0.1',
      'not an address',
    ]) {
      expect(isInternalAddress(address), address).toBe(true);
    }
  });

  it('lets public addresses through', () => {
    for (const address of ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946', '8.8.8.8']) {
      expect(isInternalAddress(address), address).toBe(false);
    }
  });
});

describe('pointsOutside', () => {
  it('checks every address a name resolves to', async () => {
    const url = new URL('https://logo.example/a.png');
    expect(await pointsOutside(url, async () => ['93.184.216.34'])).toBe(true);
    expect(await pointsOutside(url, async () => ['93.184.216.34', '10.0.0.5'])).toBe(false);
    expect(await pointsOutside(url, async () => [])).toBe(false);
    expect(
      await pointsOutside(url, async () => {
        throw new Error('ENOTFOUND');
      }),
    ).toBe(false);
    expect(await pointsOutside(new URL('https://[::1]/logo.png'))).toBe(false);
    expect(await pointsOutside(new URL('https://127.0.0.1/logo.png'))).toBe(false);
  });
});
