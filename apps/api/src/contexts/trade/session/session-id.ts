import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes, base64url: the id a session cookie carries (never derived from anything). */
export function newSessionId(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps of a session id: its SHA-256 in hex. */
export function sessionIdHash(id: string): string {
  return createHash('sha256').update(id, 'utf8').digest('hex');
}
