import { splitVariant, withoutModePrefix } from '~/lib/paths.ts';

/**
 * Which CMS page a URL shows (storefront.md §2). Mode prefixes (/foretag, /privat) show the
 * same page; the store-prefixed (/butiker/{store}/…) and central (/rikskund/…) variants of
 * the privacy page and the guide show the chain's page.
 */

const PRIVACY_PATH = '/integritetspolicy';
const GUIDE_PATH = '/xl-guiden';

const SEGMENT = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** Deeper than this is no page of ours; refused without asking the API. */
const MAX_SEGMENTS = 6;

function isUnder(path: string, base: string): boolean {
  return path === base || path.startsWith(`${base}/`);
}

/** The CMS path for a URL path, or null when no CMS page can live there (→ 404). */
export function cmsPagePath(pathname: string): string | null {
  let path = withoutModePrefix(pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);
  const { variant, rest } = splitVariant(path);
  const isPrivacy = rest === PRIVACY_PATH;
  if (
    (variant.prefix === 'store' &&
      SEGMENT.test(variant.storeSlug) &&
      (isPrivacy || isUnder(rest, GUIDE_PATH))) ||
    (variant.prefix === 'central' && isPrivacy)
  ) {
    path = rest;
  }
  if (path === '/') return '/';
  const segments = path.slice(1).split('/');
  if (segments.length > MAX_SEGMENTS || !segments.every((s) => SEGMENT.test(s))) return null;
  return path;
}

/** Every ancestor path of a CMS path, from the top: '/a/b/c' → ['/a', '/a/b']. */
export function ancestorPaths(path: string): string[] {
  const segments = path.split('/').filter(Boolean);
  return segments.slice(0, -1).map((_, index) => `/${segments.slice(0, index + 1).join('/')}`);
}
