import { extensionOf } from './file-types.ts';

/** The longest name kept (characters), extension included. */
const MAX_NAME_LENGTH = 120;

/** Names Windows reserves for devices: a downloaded "CON.txt" cannot be saved there. */
const RESERVED = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])$/i;

/**
 * A file name that is safe to show, to put in Content-Disposition and in a zip: the last
 * path segment only (no "../", no "C:\"), no control or bidirectional-override characters,
 * none of <>:"/\|?*, no leading dots, at most 120 characters, never empty. Its extension is
 * set to `ext` (the type detected from the bytes) when given and different, so a PNG named
 * "ritning.pdf" is served as "ritning.png".
 */
export function sanitiseFileName(name: string, ext?: string): string {
  const lastSegment = name.normalize('NFC').split(/[/\\]/).pop() ?? '';
  let clean = lastSegment
    .replace(/[\t\n\v\f\r]+/g, ' ')
    // Control characters, format characters (bidi overrides, zero-width) and separators
    // other than the plain space.
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, '')
    .replace(/[<>:"|?*]/g, '_')
    .replace(/\s+/g, ' ')
    .replace(/^[\s.]+|[\s.]+$/g, '');
  let base = clean;
  let currentExt = extensionOf(clean);
  if (currentExt) base = clean.slice(0, -(currentExt.length + 1)).replace(/[\s.]+$/g, '');
  if (ext && currentExt !== ext && !(ext === 'jpg' && currentExt === 'jpeg')) {
    // Keep the wrong extension in the name ("ritning.pdf.png") so the user recognises it.
    if (currentExt) base = `${base}.${currentExt}`;
    currentExt = ext;
  }
  if (RESERVED.test(base)) base = `_${base}`;
  if (!base) base = 'fil';
  const suffix = currentExt ? `.${currentExt}` : '';
  base = [...base]
    .slice(0, MAX_NAME_LENGTH - suffix.length)
    .join('')
    .trimEnd();
  clean = `${base}${suffix}`;
  return clean;
}

/**
 * Content-Disposition for a download: an ASCII fallback and the UTF-8 name (RFC 6266 /
 * RFC 8187), so "Ritning kök.pdf" arrives as such and no quote or newline can break out.
 */
export function contentDisposition(type: 'attachment' | 'inline', name: string): string {
  const ascii = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '_')
    .replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** Unique names for files put side by side (a zip): "a.pdf", "a (2).pdf", … */
export function uniqueNames(names: readonly string[]): string[] {
  const used = new Set<string>();
  return names.map((name) => {
    let candidate = name;
    const ext = extensionOf(name);
    const base = ext ? name.slice(0, -(ext.length + 1)) : name;
    for (let n = 2; used.has(candidate.toLowerCase()); n += 1) {
      candidate = ext ? `${base} (${n}).${ext}` : `${base} (${n})`;
    }
    used.add(candidate.toLowerCase());
    return candidate;
  });
}
