import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Small secrets kept so that they can be read back (a gift card's PIN until its confirmation
 * is sent, an end customer's personal identity number): AES-256-GCM under a key of its own
 * per purpose, derived from the server secret (SESSION_SECRET). Sealed text is
 * base64url(iv | tag | ciphertext); the tag makes tampering and a changed secret detectable.
 */
export class Sealer {
  private readonly key: Buffer;

  /** purpose keeps the keys apart: a value sealed for one purpose does not open for another. */
  constructor(purpose: string, secret: string) {
    this.key = createHash('sha256').update(`bygg ${purpose}\0${secret}`).digest();
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
  }

  /** The plain text, or null when there is none or it was sealed under another key. */
  open(sealed: string | null): string | null {
    if (!sealed) return null;
    try {
      const raw = Buffer.from(sealed, 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
    } catch {
      return null;
    }
  }
}
