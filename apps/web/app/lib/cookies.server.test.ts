// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { isSecureRequest, parseCookieHeader, serializeCookie } from './cookies.server.ts';

describe('parseCookieHeader', () => {
  it('reads every name=value pair and decodes %-escapes', () => {
    const cookies = parseCookieHeader('bygg_mode=B2B; bygg_store=12; note=%C3%A5');
    expect(Object.fromEntries(cookies)).toEqual({ bygg_mode: 'B2B', bygg_store: '12', note: 'å' });
  });

  it('keeps the first of two cookies with the same name, as browsers send the most specific first', () => {
    expect(parseCookieHeader('a=1; a=2').get('a')).toBe('1');
  });

  it('skips pairs without a name or an equals sign and keeps a broken escape raw', () => {
    const cookies = parseCookieHeader('junk; =x; bad=%E0%A4%A');
    expect([...cookies.keys()]).toEqual(['bad']);
    expect(cookies.get('bad')).toBe('%E0%A4%A');
  });

  it('gives no cookies for a missing header', () => {
    expect(parseCookieHeader(null).size).toBe(0);
  });
});

describe('serializeCookie', () => {
  it('writes a site-wide, Lax, HttpOnly cookie with its lifetime', () => {
    expect(serializeCookie('bygg_mode', 'B2C', { maxAgeSeconds: 60, secure: false })).toBe(
      'bygg_mode=B2C; Path=/; Max-Age=60; SameSite=Lax; HttpOnly',
    );
  });

  it('adds Secure on HTTPS and can leave HttpOnly out', () => {
    expect(serializeCookie('c', 'true', { maxAgeSeconds: 1, secure: true, httpOnly: false })).toBe(
      'c=true; Path=/; Max-Age=1; SameSite=Lax; Secure',
    );
  });
});

describe('isSecureRequest', () => {
  it('trusts the forwarded protocol of a TLS-terminating proxy', () => {
    const request = new Request('http://shop.internal/', {
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(isSecureRequest(request)).toBe(true);
  });

  it('uses the request URL without a proxy header', () => {
    expect(isSecureRequest(new Request('http://localhost:3000/'))).toBe(false);
    expect(isSecureRequest(new Request('https://example.se/'))).toBe(true);
  });
});
