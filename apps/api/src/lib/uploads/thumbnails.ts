import sharp, { type FormatEnum } from 'sharp';

/** The longest side of a thumbnail, px (sharp keeps the aspect ratio). */
export const THUMBNAIL_SIZE = 480;

/** Images larger than this many pixels are not decoded (a decompression bomb). */
const MAX_INPUT_PIXELS = 100_000_000;

export type Thumbnail = { bytes: Buffer; width: number; height: number };

export type ImageFacts = {
  /** The original's size after its EXIF orientation; null when sharp cannot read the format. */
  width: number | null;
  height: number | null;
  /** A WebP thumbnail, or null when the format is one sharp cannot decode (PSD, ICO, …). */
  thumbnail: Thumbnail | null;
};

/**
 * The size of an uploaded image and a WebP thumbnail of it, made on the server. Any image
 * type is accepted (trade-area spec §5), so an image sharp cannot decode is kept without a
 * thumbnail rather than refused.
 */
export async function imageFacts(bytes: Uint8Array): Promise<ImageFacts> {
  try {
    const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
    const meta = await image.metadata();
    // EXIF orientations 5–8 turn the picture a quarter: width and height swap.
    const turned = (meta.orientation ?? 1) >= 5;
    const width = (turned ? meta.height : meta.width) ?? null;
    const height = (turned ? meta.width : meta.height) ?? null;
    const { data, info } = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 78 })
      .toBuffer({ resolveWithObject: true });
    return { width, height, thumbnail: { bytes: data, width: info.width, height: info.height } };
  } catch {
    return { width: null, height: null, thumbnail: null };
  }
}

/** The image types sharp both reads and writes: their metadata can be stripped. */
const REWRITABLE: Record<string, { format: keyof FormatEnum; animated: boolean }> = {
  'image/jpeg': { format: 'jpeg', animated: false },
  'image/png': { format: 'png', animated: false },
  'image/webp': { format: 'webp', animated: true },
  'image/gif': { format: 'gif', animated: true },
  'image/tiff': { format: 'tiff', animated: false },
  'image/avif': { format: 'avif', animated: false },
};

/**
 * An uploaded image without its metadata (ADR 041): EXIF (a phone photo's GPS position of the
 * customer's house, the camera's serial number), XMP and IPTC are dropped, the EXIF
 * orientation is applied to the pixels so the picture stays upright, and the colour profile
 * is kept. The same type is written again (JPEG at quality 92). A type sharp cannot write, or
 * bytes it cannot decode, are returned unchanged (`stripped: false`).
 */
export async function withoutMetadata(
  bytes: Buffer,
  mime: string,
): Promise<{ bytes: Buffer; stripped: boolean }> {
  const target = REWRITABLE[mime];
  if (!target) return { bytes, stripped: false };
  try {
    const image = sharp(bytes, {
      limitInputPixels: MAX_INPUT_PIXELS,
      failOn: 'error',
      animated: target.animated,
    })
      .rotate()
      .keepIccProfile();
    const out =
      target.format === 'jpeg'
        ? image.jpeg({ quality: 92, chromaSubsampling: '4:4:4' })
        : image.toFormat(target.format);
    return { bytes: await out.toBuffer(), stripped: true };
  } catch {
    return { bytes, stripped: false };
  }
}
