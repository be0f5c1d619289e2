import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './passwords.ts';

describe('passwords', () => {
  it('verifies the password a hash was made from and rejects another one', async () => {
    const hash = await hashPassword('Bygg2026!');
    expect(hash).toMatch(/^scrypt\$131072\$8\$1\$[\w-]+\$[\w-]+$/);
    expect(await verifyPassword('Bygg2026!', hash)).toBe(true);
    expect(await verifyPassword('bygg2026!', hash)).toBe(false);
  });

  it('salts every hash, so equal passwords give different hashes', async () => {
    expect(await hashPassword('samma')).not.toBe(await hashPassword('samma'));
  });

  it('rejects malformed or tampered hashes without throwing', async () => {
    const hash = await hashPassword('hemligt');
    const parts = hash.split('$');
    expect(await verifyPassword('hemligt', 'plain-text')).toBe(false);
    expect(
      await verifyPassword('hemligt', ['scrypt', 2 ** 30, 8, 1, parts[4], parts[5]].join('$')),
    ).toBe(false);
    expect(
      await verifyPassword('hemligt', ['scrypt', 1000, 8, 1, parts[4], parts[5]].join('$')),
    ).toBe(false);
    expect(await verifyPassword('hemligt', [...parts.slice(0, 5), 'AAAA'].join('$'))).toBe(false);
  });
});
