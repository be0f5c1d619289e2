import { z } from 'zod';

/**
 * GET /media/products/{imageKey}/{width}.webp — a product picture rendered at one of the
 * widths that product cover_image.sources (srcset) list.
 */
export const ProductImageParamsSchema = z.object({
  imageKey: z
    .string()
    .regex(/^[a-z0-9][a-z0-9-]{0,99}$/, 'bildnyckeln får bara innehålla a–z, 0–9 och bindestreck'),
  file: z
    .string()
    .regex(/^\d{1,5}\.webp$/, 'filen ska heta {bredd}.webp, t.ex. 640.webp')
    .transform((file) => Number(file.slice(0, -'.webp'.length))),
});
export type ProductImageParams = z.infer<typeof ProductImageParamsSchema>;

/** The reply body is the WebP file itself (content-type image/webp), not JSON. */
export const ProductImageResponseSchema = z.any().describe('WebP image (image/webp)');
