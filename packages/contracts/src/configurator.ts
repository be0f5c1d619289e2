import { z } from 'zod';
import { QueryIdSchema } from './input.ts';
import { ArticleOptionSchema } from './products.ts';
import { PriceOfferSchema } from './prices.ts';

/**
 * The window configurator ("Bygg ditt fönster", issue 22) under /api/v2.0/configurators/.
 * The rules and the price are the server's (@bygg/domain/window-configurator and the price
 * table); the page sends the shopper's choices and shows the answer.
 */

export const ConfiguratorParamsSchema = z.object({
  brand: z
    .string()
    .min(1)
    .max(60)
    .regex(/^[a-z0-9-]+$/, 'Ogiltigt varumärke i adressen'),
});

const ChoiceValue = z.string().min(1).max(40);
/** Module sizes in decimetres. */
const ModuleDm = z.coerce
  .number({ message: 'Ange måttet i hela decimeter' })
  .int('Ange måttet i hela decimeter')
  .min(1, 'Måttet är för litet')
  .max(60, 'Måttet är för stort');

export const WindowSelectionSchema = z.object({
  width: ModuleDm,
  height: ModuleDm,
  glazing: ChoiceValue,
  depth: ChoiceValue,
  opening: ChoiceValue,
  colour: ChoiceValue,
});
export type WindowSelectionInput = z.infer<typeof WindowSelectionSchema>;

export const ConfiguratorQuoteQuerySchema = WindowSelectionSchema.extend({
  store_id: QueryIdSchema.optional(),
});

const ChoiceSchema = z.object({
  value: z.string(),
  label: z.string(),
  /** Why this value cannot be chosen with the rest of the current selection; null: it can. */
  refused: z.string().nullable(),
});

export const ConfiguratorStepSchema = z.object({
  name: z.enum(['width', 'height', 'glazing', 'depth', 'opening', 'colour']),
  label: z.string(),
  choices: z.array(ChoiceSchema),
});

export const ConfiguratorQuoteSchema = z.object({
  brand: z.string(),
  product: z.object({
    id: z.number().int(),
    slug: z.string(),
    title: z.string(),
    description: z.string(),
  }),
  selection: WindowSelectionSchema,
  /** The steps with every choice, each marked with why it is refused next to the selection. */
  steps: z.array(ConfiguratorStepSchema),
  /** The configured article (a real article of the product's choice tree). */
  article_id: z.number().int(),
  /** The cart line's description. */
  title: z.string(),
  options: z.array(ArticleOptionSchema),
  u_value: z.number(),
  area_m2: z.number(),
  store_id: z.number().int().nullable(),
  /** The store's price of the article (null: it has no price there). */
  offer: PriceOfferSchema.nullable(),
});
export type ConfiguratorQuote = z.infer<typeof ConfiguratorQuoteSchema>;
