import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorSchema } from '@bygg/contracts/common';
import { ProductImageParamsSchema, ProductImageResponseSchema } from '@bygg/contracts/media';
import { IMMUTABLE_CACHE_CONTROL } from '../../../plugins/cache-control.ts';
import type { MediaService } from './service.ts';

export const mediaRoutes: FastifyPluginAsyncZod<{ service: MediaService }> = async (
  app,
  { service },
) => {
  app.get(
    '/media/products/:imageKey/:file',
    {
      schema: {
        tags: ['media'],
        summary: 'A product picture (WebP) at one of the srcset widths',
        params: ProductImageParamsSchema,
        response: { 200: ProductImageResponseSchema, 400: ApiErrorSchema, 404: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const image = await service.productImage(request.params.imageKey, request.params.file);
      return reply
        .header('content-type', 'image/webp')
        .header('cache-control', IMMUTABLE_CACHE_CONTROL)
        .send(image);
    },
  );
};
