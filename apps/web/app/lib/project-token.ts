import { COOKIE_NAMES } from '@bygg/contracts/cookies';

/**
 * The end customer's project tokens in one cookie (ADR 046). The cookie's Path is the store's
 * project folder (/kund/{storeslug}/dashboard/projekt/), not one project's path: React
 * Router reads a page's data and posts its forms at `{path}.data`, a sibling of
 * `/projekt/{id}` that a cookie with `Path=/projekt/{id}` is never sent to. So the value keeps
 * a token per project (`{id}.{token}` joined by `~`), and the server picks the one of the
 * project in the address it serves — several projects in one browser still do not clash.
 */

/** The most projects one browser keeps a token for (a cookie holds about 4 kB). */
export const MAX_PROJECT_TOKENS = 20;

const ENTRY = /^(\d{1,10})\.([A-Za-z0-9_-]{20,200})$/;
/** The project of an address: its page, the page's `.data`, and everything below it. */
const PROJECT_IN_PATH = /\/projekt\/(\d{1,10})(?=[/.]|$)/;

function entries(value: string | null): [string, string][] {
  if (!value) return [];
  return value.split('~').flatMap((part) => {
    const match = ENTRY.exec(part);
    return match ? [[match[1] as string, match[2] as string] as [string, string]] : [];
  });
}

/** The cookie's value with the project's token added (replacing its old one, newest last). */
export function withProjectToken(value: string | null, projectId: number, token: string): string {
  const id = String(projectId);
  const kept = entries(value).filter(([other]) => other !== id);
  return [...kept, [id, token] as const]
    .slice(-MAX_PROJECT_TOKENS)
    .map(([entryId, entryToken]) => `${entryId}.${entryToken}`)
    .join('~');
}

/** The token for the project of `pathname`, or null (no project there, or none kept for it). */
export function projectTokenFor(value: string | null, pathname: string): string | null {
  const project = PROJECT_IN_PATH.exec(pathname)?.[1];
  if (!project) return null;
  return entries(value).find(([id]) => id === project)?.[1] ?? null;
}

/** The cookie's Path: the folder of a project's address (`/kund/{slug}/dashboard/projekt/`). */
export function projectTokenPath(projectPath: string): string {
  return projectPath.replace(/[^/]+\/?$/, '');
}

/**
 * Every `bygg_project_token` of a Cookie header, joined into one value: a browser that still
 * has a cookie of an older, narrower Path sends both, that one first.
 */
export function projectTokenCookie(header: string | null): string | null {
  if (!header) return null;
  const values = header.split(';').flatMap((part) => {
    const index = part.indexOf('=');
    if (index < 0 || part.slice(0, index).trim() !== COOKIE_NAMES.projectToken) return [];
    const raw = part.slice(index + 1).trim();
    try {
      return [decodeURIComponent(raw)];
    } catch {
      return [raw];
    }
  });
  return values.length > 0 ? values.join('~') : null;
}
