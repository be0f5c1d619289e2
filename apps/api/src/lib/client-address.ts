import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The signed client address of CLIENT_ADDRESS_HEADER (issue 15). The one-origin host signs the
 * address of every page request it hands to the web app; the web app's own calls to the API
 * carry the header on, and the API's limits count that address instead of the loopback
 * connection. `address|unix ms|signature`, HMAC-SHA256 under a key of its own derived from the
 * server secret. It is good for a minute: long enough for any render, short enough that a
 * header that leaked (a log line) is of no use.
 */
const MAX_AGE_MS = 60_000;
const SIGNATURE = /^[A-Za-z0-9_-]{43}$/;

function signature(value: string, secret: string): string {
  const key = createHash('sha256').update(`bygg client address\0${secret}`).digest();
  return createHmac('sha256', key).update(value).digest('base64url');
}

export function signClientAddress(address: string, secret: string, now = Date.now()): string {
  const value = `${address}|${now}`;
  return `${value}|${signature(value, secret)}`;
}

/** The address of a header signed with this secret in the last minute; otherwise null. */
export function verifiedClientAddress(
  header: string | string[] | undefined,
  secret: string,
  now = Date.now(),
): string | null {
  if (typeof header !== 'string' || header.length > 200) return null;
  const parts = header.split('|');
  if (parts.length !== 3) return null;
  const [address = '', time = '', given = ''] = parts;
  if (!SIGNATURE.test(given) || !/^\d{1,15}$/.test(time)) return null;
  const expected = signature(`${address}|${time}`, secret);
  if (!timingSafeEqual(Buffer.from(given), Buffer.from(expected))) return null;
  const age = now - Number(time);
  return age >= -5_000 && age <= MAX_AGE_MS && address !== '' ? address : null;
}
