import { COOKIE_NAMES } from '@bygg/contracts/cookies';
import { PROJECT_TOKEN_DAYS } from '@bygg/contracts/trade/end-customers';
import { isSecureRequest } from './cookies.server.ts';
import { projectTokenCookie, projectTokenPath, withProjectToken } from './project-token.ts';

/** What a project token in a link looks like (the API decides whether it is valid). */
export const PROJECT_TOKEN_PATTERN = /^[A-Za-z0-9_-]{20,200}$/;

/**
 * The Set-Cookie that keeps a project's token from a link (an invitation or an offer's mail)
 * beside the tokens of the browser's other projects (lib/project-token.ts, ADR 046): HttpOnly,
 * on the store's project folder so the pages' `.data` requests carry it; the request helper
 * sends the token of the project in the address as the bearer value.
 */
export function projectTokenSetCookie(
  request: Request,
  projectPath: string,
  projectId: number,
  token: string,
): string {
  const kept = projectTokenCookie(request.headers.get('cookie'));
  const parts = [
    `${COOKIE_NAMES.projectToken}=${encodeURIComponent(withProjectToken(kept, projectId, token))}`,
    `Path=${projectTokenPath(projectPath)}`,
    `Max-Age=${PROJECT_TOKEN_DAYS * 24 * 60 * 60}`,
    'SameSite=Lax',
    'HttpOnly',
  ];
  if (isSecureRequest(request)) parts.push('Secure');
  return parts.join('; ');
}
