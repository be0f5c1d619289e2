/**
 * Content-service node URIs (trade-area spec §7 and §9): `scheme://namespace@path.ext#version`,
 * every part but the path optional. Scheme defaults to i18n and the extension to txt; the
 * namespace defaults per scheme: the language for i18n, 'local' for l10n, 'global' for g11n.
 */
export type NodeUri = {
  scheme: string;
  namespace: string;
  path: string;
  ext: string;
  version: string | null;
};

/** The shop's labels are Swedish; the spec's client asks for sv-se. */
export const DEFAULT_LANGUAGE = 'sv-se';
/** A language we hold no labels for falls back to this one (trade-area §7). */
export const FALLBACK_LANGUAGE = 'en-us';
export const KNOWN_LANGUAGES: readonly string[] = [DEFAULT_LANGUAGE, FALLBACK_LANGUAGE];

const DEFAULT_NAMESPACES: Record<string, string> = {
  i18n: DEFAULT_LANGUAGE,
  l10n: 'local',
  g11n: 'global',
};

const URI_PATTERN =
  /^(?:(?<scheme>[a-z][a-z0-9+.-]*):\/\/)?(?:(?<namespace>[^@/#\s]+)@)?(?<path>[^#@\s]+?)(?:\.(?<ext>[a-z0-9]+))?(?:#(?<version>[^#\s]+))?$/i;

/** Parses a node URI, filling in the defaults; null when it has no path. */
export function parseNodeUri(uri: string): NodeUri | null {
  const match = URI_PATTERN.exec(uri.trim());
  const groups = match?.groups;
  if (!groups?.path) return null;
  const path = groups.path.replace(/^\/+/, '');
  if (!path) return null;
  const scheme = (groups.scheme ?? 'i18n').toLowerCase();
  return {
    scheme,
    namespace: (groups.namespace ?? DEFAULT_NAMESPACES[scheme] ?? 'global').toLowerCase(),
    path,
    ext: (groups.ext ?? 'txt').toLowerCase(),
    version: groups.version ?? null,
  };
}

/** The stored form of a node URI: every default filled in, without the version. */
export function formatNodeUri(uri: Omit<NodeUri, 'version'>): string {
  return `${uri.scheme}://${uri.namespace}@${uri.path}.${uri.ext}`;
}

const LANGUAGE_CODE = /^[a-z]{2}-[a-z]{2}$/;

/** An i18n node in a language we do not know is read from the fallback language instead. */
export function withKnownLanguage(uri: NodeUri): { uri: NodeUri; fellBack: boolean } {
  if (uri.scheme !== 'i18n' || !LANGUAGE_CODE.test(uri.namespace)) {
    return { uri, fellBack: false };
  }
  if (KNOWN_LANGUAGES.includes(uri.namespace)) return { uri, fellBack: false };
  return { uri: { ...uri, namespace: FALLBACK_LANGUAGE }, fellBack: true };
}

/**
 * The version part of a uri as a number: null when there is none, undefined when it is not a
 * positive whole number (a bad uri).
 */
export function parseVersion(version: string | null): number | null | undefined {
  if (version === null) return null;
  if (!/^[1-9][0-9]{0,8}$/.test(version)) return undefined;
  return Number(version);
}
