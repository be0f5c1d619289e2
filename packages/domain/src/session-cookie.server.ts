/**
 * Server-only codec of the session cookie, compatible with Django's
 * `signing.dumps(payload, compress=True)` / `signing.loads(token, max_age=…)`:
 *
 *   token     = value ':' signature
 *   value     = '.' base64url(zlib(JSON)) ':' base62(unix seconds)
 *   signature = base64url(HMAC-SHA256(key, value))          (no '=' padding anywhere)
 *   key       = SHA-256(salt + 'signer' + secret)           (Django's salted_hmac)
 *   salt      = 'django.core.signing' unless given
 *
 * JSON is written like Python's `json.dumps(obj, separators=(',', ':'))` (non-ASCII as
 * \uXXXX), so a Django service can read our cookies and we can read its. Unlike Django we
 * always compress, so the payload is always the second '.'-segment as the spec reads it,
 * and we reject uncompressed tokens. The signature is checked (in constant time) before
 * anything is decompressed, and inflation is capped, so a forged or oversized cookie costs
 * one HMAC. Every failure gives null plus one log line: 'Problem parsing Session cookie:'.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { deflateSync, inflateSync } from 'node:zlib';
import {
  SESSION_LOG_MESSAGE,
  validateSessionPayload,
  type SessionPayload,
} from './session-cookie.ts';

export const DEFAULT_SIGNING_SALT = 'django.core.signing';
export const DEFAULT_MAX_INFLATED_BYTES = 64 * 1024;
/** Browsers keep cookies up to about 4 KB; anything far beyond that is not ours. */
export const MAX_TOKEN_LENGTH = 8 * 1024;

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const BASE64URL = /^[A-Za-z0-9_-]+$/;
/** 32-byte SHA-256 digest in unpadded base64url. */
const SIGNATURE = /^[A-Za-z0-9_-]{43}$/;
/** Nine base-62 digits cover every safe-integer timestamp we could meet. */
const TIMESTAMP = /^-?[0-9A-Za-z]{1,9}$/;

export type SessionLogger = (message: string, reason: string) => void;

const defaultLogger: SessionLogger = (message, reason) => console.warn(message, reason);

export function base62Encode(value: number): string {
  if (!Number.isSafeInteger(value)) throw new RangeError(`not a safe integer: ${value}`);
  if (value === 0) return '0';
  let rest = Math.abs(value);
  let out = '';
  while (rest > 0) {
    out = BASE62[rest % 62]! + out;
    rest = Math.floor(rest / 62);
  }
  return value < 0 ? `-${out}` : out;
}

export function base62Decode(text: string): number | null {
  if (!TIMESTAMP.test(text)) return null;
  const negative = text.startsWith('-');
  let value = 0;
  for (const digit of negative ? text.slice(1) : text) value = value * 62 + BASE62.indexOf(digit);
  return negative ? -value : value;
}

/** Django's `Signer.signature(value)` with the sha256 algorithm. */
export function djangoSignature(
  value: string,
  secret: string,
  salt = DEFAULT_SIGNING_SALT,
): string {
  const key = createHash('sha256').update(`${salt}signer${secret}`, 'utf8').digest();
  return createHmac('sha256', key).update(value, 'utf8').digest('base64url');
}

/** Python's json.dumps(obj, separators=(',', ':')) with its default ensure_ascii=True. */
function pythonJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[\u007f-\uffff]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

export interface EncodeSessionOptions {
  /** Signing time in milliseconds since the epoch (default: now). */
  now?: number;
  salt?: string;
}

/** Signs a session payload into a cookie value. Throws TypeError on a payload of the wrong shape. */
export function encodeSession(
  payload: SessionPayload,
  secret: string,
  options: EncodeSessionOptions = {},
): string {
  assertSecret(secret);
  const checked = validateSessionPayload(payload);
  if (!checked.ok) throw new TypeError(`invalid session payload: ${checked.reason}`);
  const compressed = deflateSync(Buffer.from(pythonJson(checked.payload), 'utf8'));
  const seconds = Math.floor((options.now ?? Date.now()) / 1000);
  const value = `.${compressed.toString('base64url')}:${base62Encode(seconds)}`;
  return `${value}:${djangoSignature(value, secret, options.salt)}`;
}

export interface DecodeSessionOptions {
  /** Reject tokens signed longer ago than this (Django's max_age); no limit when absent. */
  maxAgeSeconds?: number;
  maxInflatedBytes?: number;
  /** Older secrets still accepted while rotating (Django's SECRET_KEY_FALLBACKS). */
  fallbackSecrets?: readonly string[];
  salt?: string;
  /** Milliseconds since the epoch (default: now). */
  now?: number;
  log?: SessionLogger;
}

function fail(reason: string): never {
  throw new Error(reason);
}

function assertSecret(secret: string): void {
  // An empty secret would make every signature forgeable; that is a configuration bug.
  if (typeof secret !== 'string' || secret === '') throw new TypeError('session secret is empty');
}

function verifySignature(
  value: string,
  signature: string,
  secrets: readonly string[],
  salt?: string,
) {
  const given = Buffer.from(signature, 'ascii');
  let valid = false;
  // Every secret is tried so the time taken does not reveal which one matched.
  for (const secret of secrets) {
    const expected = Buffer.from(djangoSignature(value, secret, salt), 'ascii');
    if (timingSafeEqual(given, expected)) valid = true;
  }
  return valid;
}

function unsign(token: string, secrets: readonly string[], options: DecodeSessionOptions): string {
  if (token.length > MAX_TOKEN_LENGTH) fail('token is too long');
  const signatureAt = token.lastIndexOf(':');
  if (signatureAt === -1) fail('no signature separator');
  const value = token.slice(0, signatureAt);
  const signature = token.slice(signatureAt + 1);
  if (!SIGNATURE.test(signature)) fail('malformed signature');
  if (!verifySignature(value, signature, secrets, options.salt)) {
    fail('signature does not match');
  }
  const timestampAt = value.lastIndexOf(':');
  const timestamp = timestampAt === -1 ? null : base62Decode(value.slice(timestampAt + 1));
  if (timestamp === null) fail('malformed timestamp');
  if (options.maxAgeSeconds !== undefined) {
    const age = (options.now ?? Date.now()) / 1000 - timestamp;
    if (age > options.maxAgeSeconds) fail(`signature expired (${Math.floor(age)} s old)`);
  }
  return value.slice(0, timestampAt);
}

function inflatePayload(encoded: string, maxInflatedBytes: number): string {
  if (!encoded.startsWith('.')) fail('payload is not compressed');
  const base64 = encoded.slice(1);
  if (!BASE64URL.test(base64)) fail('payload is not base64url');
  let inflated: Buffer;
  try {
    inflated = inflateSync(Buffer.from(base64, 'base64url'), { maxOutputLength: maxInflatedBytes });
  } catch (error) {
    const tooLarge = error instanceof RangeError;
    fail(
      tooLarge
        ? `inflated payload exceeds ${maxInflatedBytes} bytes`
        : 'payload does not decompress',
    );
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(inflated);
  } catch {
    fail('payload is not UTF-8');
  }
}

/**
 * Reads a session cookie. Missing or non-string input gives null silently; any other
 * failure gives null and logs 'Problem parsing Session cookie:' with the reason.
 */
export function decodeSession(
  token: unknown,
  secret: string,
  options: DecodeSessionOptions = {},
): SessionPayload | null {
  assertSecret(secret);
  if (typeof token !== 'string' || token === '') return null;
  const log = options.log ?? defaultLogger;
  try {
    const encoded = unsign(token, [secret, ...(options.fallbackSecrets ?? [])], options);
    const json = inflatePayload(encoded, options.maxInflatedBytes ?? DEFAULT_MAX_INFLATED_BYTES);
    let parsed: unknown;
    try {
      parsed = JSON.parse(json);
    } catch {
      fail('payload is not JSON');
    }
    const checked = validateSessionPayload(parsed);
    if (!checked.ok) fail(checked.reason);
    return checked.payload;
  } catch (error) {
    log(SESSION_LOG_MESSAGE, error instanceof Error ? error.message : String(error));
    return null;
  }
}
