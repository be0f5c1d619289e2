/**
 * Minimal Cookie / Set-Cookie handling. The spec's cookies hold plain values (B2B, 'true'),
 * so React Router's createCookie, which JSON- and base64-encodes values, does not fit.
 */

export function parseCookieHeader(header: string | null): Map<string, string> {
  const cookies = new Map<string, string>();
  if (!header) return cookies;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1) continue;
    const name = part.slice(0, eq).trim();
    if (!name || cookies.has(name)) continue;
    let value = part.slice(eq + 1).trim();
    if (value.startsWith('"') && value.endsWith('"') && value.length >= 2)
      value = value.slice(1, -1);
    try {
      cookies.set(name, decodeURIComponent(value));
    } catch {
      // A value with a broken %-escape is kept raw: it is the reader's job to reject it.
      cookies.set(name, value);
    }
  }
  return cookies;
}

type SetCookieOptions = {
  maxAgeSeconds: number;
  /** Marks the cookie Secure: pass true when the visitor's request came over HTTPS. */
  secure: boolean;
  httpOnly?: boolean;
};

export function serializeCookie(name: string, value: string, options: SetCookieOptions): string {
  const parts = [
    `${name}=${encodeURIComponent(value)}`,
    'Path=/',
    `Max-Age=${Math.max(0, Math.floor(options.maxAgeSeconds))}`,
    'SameSite=Lax',
  ];
  if (options.httpOnly ?? true) parts.push('HttpOnly');
  if (options.secure) parts.push('Secure');
  return parts.join('; ');
}

/** Behind a TLS-terminating proxy the request URL is http, so trust its forwarded protocol. */
export function isSecureRequest(request: Request): boolean {
  const forwarded = request.headers.get('x-forwarded-proto');
  if (forwarded) return forwarded.split(',')[0]?.trim() === 'https';
  return new URL(request.url).protocol === 'https:';
}
