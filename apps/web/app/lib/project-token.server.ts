import { COOKIE_NAMES } from '@bygg/contracts/cookies';
import { PROJECT_TOKEN_DAYS } from '@bygg/contracts/trade/end-customers';
import { isSecureRequest } from './cookies.server.ts';

/** What a project token in a link looks like (the API decides whether it is valid). */
export const PROJECT_TOKEN_PATTERN = /^[A-Za-z0-9_-]{20,200}$/;

/**
 * The end customer's project token as a cookie (ADR 039): HttpOnly, scoped to the project's
 * path (its pages, offers included), so several projects in one browser do not clash. The
 * request helper sends it as the bearer value.
 */
export function projectTokenCookie(request: Request, projectPath: string, token: string): string {
  const parts = [
    `${COOKIE_NAMES.projectToken}=${encodeURIComponent(token)}`,
    `Path=${projectPath}`,
    `Max-Age=${PROJECT_TOKEN_DAYS * 24 * 60 * 60}`,
    'SameSite=Lax',
    'HttpOnly',
  ];
  if (isSecureRequest(request)) parts.push('Secure');
  return parts.join('; ');
}
