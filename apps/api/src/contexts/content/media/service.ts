import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { PRODUCT_IMAGE_WIDTHS } from '@bygg/db/schema/catalog';
import { BadRequestError, NotFoundError } from '../../../kernel/errors.ts';
import { productImageSvg } from './pictograms.ts';
import type { MediaRepository } from './repository.ts';

const WIDTHS: readonly number[] = PRODUCT_IMAGE_WIDTHS;

/** Bump when the drawing changes, so pictures rendered by an older version are not reused. */
export const RENDER_VERSION = 2;

/**
 * Renders product pictures on first request and keeps them on disk under
 * <DATA_DIR>/media/products/v<RENDER_VERSION>/<key>/<width>.webp; later requests read the file.
 */
export class MediaService {
  private readonly inFlight = new Map<string, Promise<Buffer>>();

  constructor(
    private readonly repository: MediaRepository,
    private readonly mediaDir: string,
  ) {}

  async productImage(imageKey: string, width: number): Promise<Buffer> {
    if (!WIDTHS.includes(width)) {
      const message = `Bredden ska vara en av ${WIDTHS.join(', ')}`;
      throw new BadRequestError(message, [{ path: 'params.width', message }]);
    }
    const file = path.join(
      this.mediaDir,
      'products',
      `v${RENDER_VERSION}`,
      imageKey,
      `${width}.webp`,
    );
    const cached = await readFile(file).catch(() => null);
    if (cached) return cached;
    const running = this.inFlight.get(file);
    if (running) return running;
    const rendering = this.render(imageKey, width, file).finally(() => this.inFlight.delete(file));
    this.inFlight.set(file, rendering);
    return rendering;
  }

  private async render(imageKey: string, width: number, file: string): Promise<Buffer> {
    const spec = await this.repository.imageByKey(imageKey);
    if (!spec) throw new NotFoundError(`Bilden ${imageKey} finns inte`);
    const height = Math.max(1, Math.round((width * spec.height) / spec.width));
    const svg = productImageSvg({ ...spec, width, height });
    const image = await sharp(Buffer.from(svg)).webp({ quality: 82 }).toBuffer();
    await mkdir(path.dirname(file), { recursive: true });
    // Write then rename, so a concurrent reader never sees half a file.
    const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
    await writeFile(temporary, image);
    await rename(temporary, file);
    return image;
  }
}
