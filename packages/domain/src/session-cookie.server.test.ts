import { describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { deflateSync, inflateSync } from 'node:zlib';
import type { SessionPayload } from './session-cookie.ts';
import {
  DEFAULT_MAX_INFLATED_BYTES,
  base62Decode,
  base62Encode,
  decodeSession,
  djangoSignature,
  encodeSession,
} from './session-cookie.server.ts';

const SECRET = 'django-insecure-test-secret';
const SIGNED_AT = 1_700_000_000_000; // ms; base62 of 1700000000 s is '1r31eq'

const payload: SessionPayload = {
  proffs_stores: ['1001'],
  stores: [{ external_id: '1001' }, { external_id: '2002' }],
  user_id: 7,
  username: 'anna@example.se',
  name: 'Anna Ödman',
};

/**
 * Computed outside this code base with Python 3 (hashlib, hmac, zlib, base64, json),
 * following Django's signing.dumps(payload, key=SECRET, compress=True) at 1700000000:
 *   data  = json.dumps(payload, separators=(',', ':')).encode('latin-1')
 *   value = '.' + b64(zlib.compress(data)) + ':' + b62(1700000000)
 *   key   = sha256(b'django.core.signing' + b'signer' + SECRET).digest()
 *   token = value + ':' + b64(hmac(key, value, sha256).digest())
 */
const DJANGO_TOKEN =
  '.eJxdi0EKg0AQBL8S-ryE0YOCp_iOJMjAjhBwR9lREGT_7qLiIbemqnrDFMe-t87mMYqheaMgKvB1uMkGWWeJykP382jOILl_XBKVSPm4mMQD1edWDpI9q_JLVg7TIE8TOFyizeLxWYh85QMr0g5aGTCM' +
  ':1r31eq:YBmuwtdqbrpxw9aqAyx033H2p9ioaWteb26PcqWbHJI';

function recordingLog() {
  return vi.fn<(message: string, reason: string) => void>();
}

function signRaw(value: string, secret = SECRET): string {
  return `${value}:${djangoSignature(value, secret)}`;
}

describe('Django compatibility', () => {
  it('reads a token signed the way Django signs it', () => {
    const log = recordingLog();
    expect(decodeSession(DJANGO_TOKEN, SECRET, { log })).toEqual(payload);
    expect(log).not.toHaveBeenCalled();
  });

  it('signs a value exactly as Django does', () => {
    const signatureAt = DJANGO_TOKEN.lastIndexOf(':');
    expect(djangoSignature(DJANGO_TOKEN.slice(0, signatureAt), SECRET)).toBe(
      DJANGO_TOKEN.slice(signatureAt + 1),
    );
  });

  it('writes the JSON bytes Python writes and the same timestamp', () => {
    // zlib builds may emit different (equally valid) deflate streams, so compare inflated bytes.
    const token = encodeSession(payload, SECRET, { now: SIGNED_AT });
    const [compressed, timestamp] = token.slice(1).split(':');
    expect(inflateSync(Buffer.from(compressed!, 'base64url')).toString('latin1')).toBe(
      '{"proffs_stores":["1001"],"stores":[{"external_id":"1001"},{"external_id":"2002"}],' +
        '"user_id":7,"username":"anna@example.se","name":"Anna \\u00d6dman"}',
    );
    expect(timestamp).toBe('1r31eq');
  });

  it('puts the compressed payload in the second dot segment', () => {
    const token = encodeSession(payload, SECRET);
    const [empty, rest] = token.split('.');
    expect(empty).toBe('');
    expect(rest?.split(':')).toHaveLength(3);
  });

  it('encodes base62 timestamps like Django', () => {
    expect(base62Encode(1_700_000_000)).toBe('1r31eq');
    expect(base62Encode(0)).toBe('0');
    expect(base62Encode(-61)).toBe('-z');
    expect(base62Decode('1r31eq')).toBe(1_700_000_000);
    expect(base62Decode('a+b')).toBeNull();
    fc.assert(
      fc.property(fc.integer({ min: -(2 ** 40), max: 2 ** 40 }), (n) => {
        expect(base62Decode(base62Encode(n))).toBe(n);
      }),
    );
  });
});

describe('decodeSession', () => {
  it('returns null without logging for a missing or non-string cookie', () => {
    const log = recordingLog();
    for (const value of [undefined, null, '', 42, {}, ['x']]) {
      expect(decodeSession(value, SECRET, { log })).toBeNull();
    }
    expect(log).not.toHaveBeenCalled();
  });

  it('rejects a tampered payload and logs the spec message', () => {
    const log = recordingLog();
    const token = encodeSession(payload, SECRET);
    const tampered = `.${token.slice(1, 5)}${token[5] === 'A' ? 'B' : 'A'}${token.slice(6)}`;
    expect(decodeSession(tampered, SECRET, { log })).toBeNull();
    expect(log).toHaveBeenCalledWith('Problem parsing Session cookie:', 'signature does not match');
  });

  it('rejects a tampered signature, a wrong secret and a changed timestamp', () => {
    const log = recordingLog();
    const token = encodeSession(payload, SECRET, { now: SIGNED_AT });
    const flipped = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');
    expect(decodeSession(flipped, SECRET, { log })).toBeNull();
    expect(decodeSession(token, 'another-secret', { log })).toBeNull();
    expect(decodeSession(token.replace(':1r31eq:', ':1r31er:'), SECRET, { log })).toBeNull();
    expect(log).toHaveBeenCalledTimes(3);
  });

  it('accepts a fallback secret during key rotation', () => {
    const token = encodeSession(payload, 'old-secret');
    expect(decodeSession(token, SECRET, { fallbackSecrets: ['old-secret'] })).toEqual(payload);
  });

  it('rejects an expired token and accepts a fresh one', () => {
    const log = recordingLog();
    const token = encodeSession(payload, SECRET, { now: SIGNED_AT });
    const options = { maxAgeSeconds: 3600, log };
    expect(decodeSession(token, SECRET, { ...options, now: SIGNED_AT + 3_600_000 })).toEqual(
      payload,
    );
    expect(decodeSession(token, SECRET, { ...options, now: SIGNED_AT + 3_601_000 })).toBeNull();
    expect(log.mock.calls[0]?.[1]).toMatch(/^signature expired/);
  });

  it('rejects a zip bomb without inflating it fully', () => {
    const log = recordingLog();
    const bomb: SessionPayload = { ...payload, name: 'a'.repeat(2_000_000) };
    const token = encodeSession(bomb, SECRET);
    expect(token.length).toBeLessThan(4096);
    expect(decodeSession(token, SECRET, { log })).toBeNull();
    expect(log).toHaveBeenCalledWith(
      'Problem parsing Session cookie:',
      `inflated payload exceeds ${DEFAULT_MAX_INFLATED_BYTES} bytes`,
    );
    expect(decodeSession(token, SECRET, { maxInflatedBytes: 3_000_000 })?.name).toHaveLength(
      2_000_000,
    );
  });

  it('rejects correctly signed tokens whose content is not a session', () => {
    const log = recordingLog();
    const compressed = (text: string) => `.${deflateSync(Buffer.from(text)).toString('base64url')}`;
    const cases: [string, string][] = [
      [`${Buffer.from('{}').toString('base64url')}:1r31eq`, 'payload is not compressed'],
      [`.${Buffer.from('not zlib').toString('base64url')}:1r31eq`, 'payload does not decompress'],
      [`${compressed('{oops')}:1r31eq`, 'payload is not JSON'],
      [`${compressed('[1]')}:1r31eq`, 'payload is not an object'],
      [
        `${compressed('{"proffs_stores":[1],"stores":[]}')}:1r31eq`,
        'proffs_stores must be a list of strings',
      ],
      [
        `${compressed('{"proffs_stores":[],"stores":[{"id":"1"}]}')}:1r31eq`,
        'stores must be a list of {external_id: string}',
      ],
      [`${compressed('{"proffs_stores":[],"stores":[]}')}:!!`, 'malformed timestamp'],
      [`${compressed('{"proffs_stores":[],"stores":[]}')}`, 'malformed timestamp'],
    ];
    for (const [value, reason] of cases) {
      expect(decodeSession(signRaw(value), SECRET, { log }), reason).toBeNull();
      expect(log).toHaveBeenLastCalledWith('Problem parsing Session cookie:', reason);
    }
  });

  it('keeps only the known session fields', () => {
    const value = `.${deflateSync(
      Buffer.from('{"proffs_stores":[],"stores":[{"external_id":"1","x":1}],"is_staff":true}'),
    ).toString('base64url')}:1r31eq`;
    expect(decodeSession(signRaw(value), SECRET)).toEqual({
      proffs_stores: [],
      stores: [{ external_id: '1' }],
    });
  });

  it('rejects garbage strings', () => {
    const log = recordingLog();
    for (const garbage of [
      'abc',
      ':',
      '.:::',
      'a:b:c',
      `.${'A'.repeat(10_000)}:1:x`,
      '..:0:' + 'A'.repeat(43),
    ]) {
      expect(decodeSession(garbage, SECRET, { log }), garbage).toBeNull();
    }
    expect(log).toHaveBeenCalledTimes(6);
  });

  it('never throws and never accepts an arbitrary string', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (garbage) => {
        expect(decodeSession(garbage, SECRET, { log: () => {} })).toBeNull();
      }),
    );
  });

  it('rejects every single-character change to a valid token', () => {
    const token = encodeSession(payload, SECRET);
    fc.assert(
      fc.property(
        fc.nat({ max: token.length - 1 }),
        fc.constantFrom(...'ABCabc019-_:.'),
        (index, char) => {
          fc.pre(token[index] !== char);
          const changed = token.slice(0, index) + char + token.slice(index + 1);
          expect(decodeSession(changed, SECRET, { log: () => {} })).toBeNull();
        },
      ),
    );
  });
});

describe('encodeSession', () => {
  const storeId = fc.string({ minLength: 1, maxLength: 12 });
  const sessionPayload: fc.Arbitrary<SessionPayload> = fc.record(
    {
      proffs_stores: fc.array(storeId, { maxLength: 5 }),
      stores: fc.array(fc.record({ external_id: storeId }), { maxLength: 5 }),
      user_id: fc.oneof(fc.nat(), fc.string({ maxLength: 10 })),
      username: fc.string({ maxLength: 40 }),
      name: fc.string({ unit: 'grapheme', maxLength: 40 }),
    },
    { requiredKeys: ['proffs_stores', 'stores'] },
  );

  it('round-trips any session payload', () => {
    fc.assert(
      fc.property(sessionPayload, fc.string({ minLength: 1, maxLength: 50 }), (session, secret) => {
        expect(decodeSession(encodeSession(session, secret), secret)).toEqual(session);
      }),
      { numRuns: 200 },
    );
  });

  it('refuses a payload of the wrong shape and an empty secret', () => {
    const bad = { proffs_stores: 'x', stores: [] } as unknown as SessionPayload;
    expect(() => encodeSession(bad, SECRET)).toThrow(TypeError);
    expect(() => encodeSession(payload, '')).toThrow(TypeError);
    expect(() => decodeSession('x', '')).toThrow(TypeError);
  });
});
