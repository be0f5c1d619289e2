import { fileTypeFromBuffer } from 'file-type';

/**
 * What a file is, judged from its bytes (never from its name or the browser's content type):
 * the types trade-area spec §5 accepts for attachments — any image, PDF, Word, Excel,
 * OpenDocument text and spreadsheet, OpenXML document and spreadsheet, CSV and plain text.
 */
export type FileKind = 'image' | 'document';

export type DetectedType = {
  /** The type detected from the bytes, e.g. 'image/png', 'application/pdf', 'text/csv'. */
  mime: string;
  /** The extension that type has (without the dot), used to correct a lying name. */
  ext: string;
  kind: FileKind;
};

/** The document types of §5 that file-type recognises by their bytes. */
const DOCUMENT_TYPES: Readonly<Record<string, string>> = {
  'application/pdf': 'pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  'application/vnd.oasis.opendocument.text': 'odt',
  'application/vnd.oasis.opendocument.spreadsheet': 'ods',
};

/**
 * Word 97 (.doc) and Excel 97 (.xls) are both an OLE compound file ('application/x-cfb'): the
 * bytes say it is one, the name says which of the two. Any other compound file is refused.
 */
const COMPOUND_FILE_TYPES: Readonly<Record<string, string>> = {
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
};

/**
 * SVG is text (scripts can run in it) and is never detected as an image here: only binary
 * image formats are, so an image served inline cannot carry a script.
 */
function isImageType(mime: string): boolean {
  return mime.startsWith('image/') && !mime.includes('svg');
}

export function extensionOf(name: string): string {
  const match = /\.([a-z0-9]{1,10})$/i.exec(name);
  return match ? (match[1] ?? '').toLowerCase() : '';
}

/**
 * Plain text or CSV: no NUL and no control characters other than tab, line feed, form feed
 * and carriage return. Valid UTF-8 (with or without a byte-order mark) or, failing that, a
 * single-byte text such as Windows-1252 (Swedish CSV exports from Excel are often that).
 */
function looksLikeText(bytes: Uint8Array): boolean {
  if (bytes.length === 0) return false;
  for (const byte of bytes) {
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0c && byte !== 0x0d) {
      return false;
    }
    if (byte === 0x7f) return false;
  }
  return true;
}

/**
 * The accepted type of the file, or null when its bytes are none of the accepted types
 * (an executable or an HTML page named "ritning.pdf" is null).
 */
export async function detectFileType(
  bytes: Uint8Array,
  name: string,
): Promise<DetectedType | null> {
  const found = await fileTypeFromBuffer(bytes);
  const nameExt = extensionOf(name);
  if (found) {
    if (isImageType(found.mime)) return { mime: found.mime, ext: found.ext, kind: 'image' };
    const documentExt = DOCUMENT_TYPES[found.mime];
    if (documentExt) return { mime: found.mime, ext: documentExt, kind: 'document' };
    if (found.mime === 'application/x-cfb') {
      const mime = COMPOUND_FILE_TYPES[nameExt];
      return mime ? { mime, ext: nameExt, kind: 'document' } : null;
    }
    return null;
  }
  if (!looksLikeText(bytes)) return null;
  return nameExt === 'csv'
    ? { mime: 'text/csv', ext: 'csv', kind: 'document' }
    : { mime: 'text/plain', ext: 'txt', kind: 'document' };
}

/** Whether the text is UTF-8 (the charset a text download is served with), else Windows-1252. */
export function textCharset(bytes: Uint8Array): 'utf-8' | 'windows-1252' {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return 'utf-8';
  } catch {
    return 'windows-1252';
  }
}
