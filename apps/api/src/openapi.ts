import { z } from 'zod';
import { CategoryNodeSchema } from '@bygg/contracts/catalog';
import { CmsNodeSchema, MenuItemSchema } from '@bygg/contracts/cms';
import { ApiErrorSchema } from '@bygg/contracts/common';
import { StoreSchema } from '@bygg/contracts/stores';

/**
 * Schemas that the OpenAPI document names under components/schemas. The recursive ones
 * (category, CMS node, menu item) must be named, or their self-references dangle.
 */
const NAMED_SCHEMAS: Array<[z.ZodType, string]> = [
  [CategoryNodeSchema, 'CategoryNode'],
  [CmsNodeSchema, 'CmsNode'],
  [MenuItemSchema, 'MenuItem'],
  [StoreSchema, 'Store'],
  [ApiErrorSchema, 'ApiError'],
];

/** Idempotent: tests build many apps in one process. */
export function registerOpenApiSchemas(): void {
  for (const [schema, id] of NAMED_SCHEMAS) {
    if (!z.globalRegistry.has(schema)) z.globalRegistry.add(schema, { id });
  }
}
