import fc from 'fast-check';

/**
 * Hostile input for the fuzz tests (issue 15, ADR 023): the API's (`fuzz.test.ts`) and the
 * web routes' (`e2e/security.spec.ts`). Strings that once gave 5xx or an open redirect, and
 * the shapes around them.
 */
export const HOSTILE_STRINGS = [
  '',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udc00y',
  '-1',
  '0',
  '2147483648',
  '-2147483649',
  '99999999999999999999999',
  '1e308',
  'NaN',
  '../../etc/passwd',
  '//evil.example',
  '/\t/evil.example',
  '\r\nX-Injected: 1',
  'Regel-45x120',
  'träskruv',
  '<script>alert(1)</script>',
  "' or 1=1 --",
  '%00',
  '{"a":1}',
];

/** Any of the above, any code points (lone surrogates too), or a long string. */
export const hostileText = fc.oneof(
  fc.constantFrom(...HOSTILE_STRINGS),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.string({ minLength: 1_000, maxLength: 20_000 }),
);

/** Percent-encodes any string, lone surrogates included (as the bytes of their code unit). */
export function encodeLoose(value: string): string {
  let out = '';
  for (const char of value) {
    try {
      out += encodeURIComponent(char);
    } catch {
      const unit = char.charCodeAt(0);
      out += [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join('');
    }
  }
  return out;
}
