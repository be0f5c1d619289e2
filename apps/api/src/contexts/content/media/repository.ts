import type { Database } from '@bygg/db/client';
import { alias, eq, sql } from '@bygg/db/orm';
import { categories, productImages, products } from '@bygg/db/schema/index';

export type ImageSpec = {
  imageKey: string;
  width: number;
  height: number;
  background: string;
  /** Slug of the product's top-level category (the fallback pictogram). */
  topCategory: string;
  /** Path of the product's leaf category: its kind picks the drawing (issue 22). */
  categoryPath: string;
  /** The product's title: its colour words colour the drawing. */
  title: string;
};

const leaf = alias(categories, 'leaf');
const middle = alias(categories, 'middle');
const top = alias(categories, 'top');

export class MediaRepository {
  constructor(private readonly db: Database) {}

  async imageByKey(imageKey: string, executor: Database = this.db): Promise<ImageSpec | null> {
    const [row] = await executor
      .select({
        imageKey: productImages.imageKey,
        width: productImages.width,
        height: productImages.height,
        background: productImages.background,
        topCategory: sql<string>`coalesce(${top.slug}, ${middle.slug}, ${leaf.slug})`,
        categoryPath: leaf.path,
        title: products.title,
      })
      .from(productImages)
      .innerJoin(products, eq(products.id, productImages.productId))
      .innerJoin(leaf, eq(leaf.id, products.categoryId))
      .leftJoin(middle, eq(middle.id, leaf.parentId))
      .leftJoin(top, eq(top.id, middle.parentId))
      .where(eq(productImages.imageKey, imageKey))
      .limit(1);
    return row ?? null;
  }
}
