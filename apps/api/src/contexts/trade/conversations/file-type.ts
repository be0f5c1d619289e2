/**
 * The file types a message may carry (trade-area spec §5: Word, PDF, Excel, OpenDocument text
 * and spreadsheet, OpenXML spreadsheet and document, any image, CSV, plain text), told from
 * the file's bytes, never from its name or the browser's claim. The name only chooses
 * between types the bytes cannot tell apart (an old Word or Excel file, CSV or plain text).
 */
export type DetectedType = { mime: string; extension: string; image: boolean };

const IMAGES: Array<{ magic: number[]; offset?: number; mime: string; extension: string }> = [
  { magic: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], mime: 'image/png', extension: 'png' },
  { magic: [0xff, 0xd8, 0xff], mime: 'image/jpeg', extension: 'jpg' },
  { magic: [0x47, 0x49, 0x46, 0x38], mime: 'image/gif', extension: 'gif' },
  { magic: [0x42, 0x4d], mime: 'image/bmp', extension: 'bmp' },
  { magic: [0x49, 0x49, 0x2a, 0x00], mime: 'image/tiff', extension: 'tif' },
  { magic: [0x4d, 0x4d, 0x00, 0x2a], mime: 'image/tiff', extension: 'tif' },
];

function startsWith(bytes: Buffer, magic: number[], offset = 0): boolean {
  return magic.every((b, i) => bytes[offset + i] === b);
}

function ascii(bytes: Buffer, from: number, to: number): string {
  return bytes.subarray(from, to).toString('latin1');
}

/** The names of a ZIP file's entries, from its local headers (enough to tell OOXML and ODF). */
function zipEntries(bytes: Buffer): { names: string[]; firstData: string } {
  const names: string[] = [];
  let firstData = '';
  let at = 0;
  while (at + 30 <= bytes.length && bytes.readUInt32LE(at) === 0x04034b50 && names.length < 2000) {
    const compressed = bytes.readUInt32LE(at + 18);
    const nameLength = bytes.readUInt16LE(at + 26);
    const extraLength = bytes.readUInt16LE(at + 28);
    const name = ascii(bytes, at + 30, at + 30 + nameLength);
    const dataStart = at + 30 + nameLength + extraLength;
    if (names.length === 0)
      firstData = ascii(bytes, dataStart, dataStart + Math.min(compressed, 100));
    names.push(name);
    // A streamed entry (size in a data descriptor) ends the walk: the names so far decide.
    if (compressed === 0 && (bytes.readUInt16LE(at + 6) & 0x08) !== 0) break;
    at = dataStart + compressed;
  }
  return { names, firstData };
}

function officeZip(bytes: Buffer): DetectedType | null {
  const { names, firstData } = zipEntries(bytes);
  if (names[0] === 'mimetype') {
    if (firstData === 'application/vnd.oasis.opendocument.text') {
      return { mime: firstData, extension: 'odt', image: false };
    }
    if (firstData === 'application/vnd.oasis.opendocument.spreadsheet') {
      return { mime: firstData, extension: 'ods', image: false };
    }
    return null;
  }
  if (!names.includes('[Content_Types].xml')) return null;
  if (names.some((n) => n.startsWith('word/'))) {
    return {
      mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      extension: 'docx',
      image: false,
    };
  }
  if (names.some((n) => n.startsWith('xl/'))) {
    return {
      mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      extension: 'xlsx',
      image: false,
    };
  }
  return null;
}

/** Text: valid UTF-8 without NUL or other control characters besides tab, CR, LF, FF. */
function isText(bytes: Buffer): boolean {
  if (bytes.length === 0) return false;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return false;
  }
  // eslint-disable-next-line no-control-regex
  return !/[\u0000-\u0008\u000b\u000e-\u001f\u007f]/.test(text);
}

export function detectFileType(bytes: Buffer, name: string): DetectedType | null {
  const extension = name.toLowerCase().split('.').pop() ?? '';
  for (const image of IMAGES) {
    if (startsWith(bytes, image.magic, image.offset)) {
      return { mime: image.mime, extension: image.extension, image: true };
    }
  }
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') {
    return { mime: 'image/webp', extension: 'webp', image: true };
  }
  if (ascii(bytes, 4, 8) === 'ftyp' && /^(avif|avis)$/.test(ascii(bytes, 8, 12))) {
    return { mime: 'image/avif', extension: 'avif', image: true };
  }
  if (ascii(bytes, 4, 8) === 'ftyp' && /^(heic|heix|mif1|heim|heis)$/.test(ascii(bytes, 8, 12))) {
    return { mime: 'image/heic', extension: 'heic', image: true };
  }
  if (ascii(bytes, 0, 5) === '%PDF-') {
    return { mime: 'application/pdf', extension: 'pdf', image: false };
  }
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) return officeZip(bytes);
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) {
    // The compound-file format of Word 97–2003 and Excel 97–2003; the name tells which.
    if (extension === 'xls')
      return { mime: 'application/vnd.ms-excel', extension: 'xls', image: false };
    return { mime: 'application/msword', extension: 'doc', image: false };
  }
  if (isText(bytes)) {
    return extension === 'csv'
      ? { mime: 'text/csv; charset=utf-8', extension: 'csv', image: false }
      : { mime: 'text/plain; charset=utf-8', extension: 'txt', image: false };
  }
  return null;
}
