import { describe, expect, it } from 'vitest';
import { safeRedirect, safeRedirectPath } from './safe-redirect.ts';

describe('safeRedirectPath', () => {
  it.each([
    ['/', '/'],
    ['/produkter?sida=2', '/produkter?sida=2'],
    ['/produkter/farg?store=4#filter', '/produkter/farg?store=4#filter'],
    ['/produkt/träskruv', '/produkt/tr%C3%A4skruv'],
    ['/foretag//evil.example', '/foretag/evil.example'],
    ['/a/../b', '/b'],
  ])('keeps the same-site path %j as %j', (target, expected) => {
    expect(safeRedirectPath(target)).toBe(expected);
  });

  it.each([
    // Issue 15: next=%2F%09%2Fevil.example is '/\t/evil.example', which browsers open as
    // http://evil.example/ once the tab is dropped.
    decodeURIComponent('%2F%09%2Fevil.example'),
    '/\n/evil.example',
    '/\r\nSet-Cookie: a=b',
    '/kassa\r',
    '/\u0000',
    '/\u0085/evil.example',
    '//evil.example',
    '/\\evil.example',
    '/\\/evil.example',
    '\\\\evil.example',
    'https://evil.example/',
    'http:/evil.example',
    'javascript:alert(1)',
    'evil.example',
    ' /produkter',
    '',
    `/${'a'.repeat(2001)}`,
  ])('refuses %j', (target) => {
    expect(safeRedirectPath(target)).toBeNull();
  });

  it('refuses what is not a string', () => {
    expect(safeRedirectPath(undefined)).toBeNull();
    expect(safeRedirectPath(null)).toBeNull();
    expect(safeRedirectPath(['/'])).toBeNull();
  });

  it('resolves dot segments so they cannot climb out to a protocol-relative path', () => {
    // new URL('/.//evil.example') has the pathname '//evil.example'.
    expect(safeRedirectPath('/.//evil.example')).toBe('/evil.example');
  });
});

describe('safeRedirect', () => {
  it('falls back for a target that is not a same-site path', () => {
    expect(safeRedirect('//evil.example')).toBe('/');
    expect(safeRedirect('https://evil.example', '/login')).toBe('/login');
    expect(safeRedirect('/kassa', '/login')).toBe('/kassa');
  });
});
