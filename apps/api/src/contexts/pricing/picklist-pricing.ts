import type { ArticleDetail } from '@bygg/contracts/products';
import type { Picklist, PicklistEntry, PicklistVatMode } from '@bygg/contracts/picklist';
import { lineAmounts, sumOrNull } from '@bygg/domain/pricing';

/** The API sends kronor with at most two decimals; sums are added up in whole öre. */
const toOre = (kronor: number) => Math.round(kronor * 100);
const toKronor = (ore: number) => ore / 100;

/** 'Längd: 3,6 m, Dimension: 45x95' — the cart's variant text rule (spec §7). */
export function variantText(article: ArticleDetail): string | null {
  if (article.product.article_count < 2 || article.options.length === 0) return null;
  return article.options
    .map((option) => `${option.name}: ${option.value}${option.unit ? ` ${option.unit}` : ''}`)
    .join(', ');
}

/**
 * Prices the stored lines (spec §3 "Picklist"): each found line gets its price and sum in the
 * price mode; lines whose article is not found are listed in `missing` and left out (§8). The
 * picklist's sum is null — the spec's "undefined" — as soon as one found line lacks a price,
 * since a total that silently leaves an item out would mislead at the till.
 */
export function pricePicklist(
  lines: readonly { article_id: number; quantity: number }[],
  articles: ReadonlyMap<number, ArticleDetail>,
  options: { storeId: number | null; vat: PicklistVatMode },
): Picklist {
  const entries: PicklistEntry[] = [];
  const missing: number[] = [];
  const lineSums: (number | null)[] = [];
  let quantity = 0;
  for (const line of lines) {
    const article = articles.get(line.article_id);
    if (!article) {
      missing.push(line.article_id);
      continue;
    }
    // The line's figures are the cart's: the unit price incl. VAT times the quantity, and in
    // the excl. mode that amount without its VAT (a receipt's rounding, not unit excl. × n).
    const amounts =
      article.offer === null
        ? null
        : lineAmounts({
            unitOre: toOre(article.offer.price),
            quantity: line.quantity,
            vatRateBp: Math.round(article.offer.vat_rate * 10_000),
          });
    const excl = options.vat === 'excl';
    const priceOre = amounts === null ? null : excl ? amounts.unitExclOre : amounts.unitOre;
    const lineOre = amounts === null ? null : excl ? amounts.exclOre : amounts.totalOre;
    lineSums.push(lineOre);
    quantity += line.quantity;
    entries.push({
      article_id: article.id,
      slug: article.product.slug,
      title: article.product.title,
      brand: article.product.brand,
      cover_image: article.product.cover_image,
      variant: variantText(article),
      erp_article_numbers: article.erp_article_numbers,
      unit: article.product.unit,
      quantity: line.quantity,
      price: priceOre === null ? null : toKronor(priceOre),
      sum: lineOre === null ? null : toKronor(lineOre),
      stock: article.stock ?? null,
    });
  }
  const sumOre = sumOrNull(lineSums);
  return {
    store_id: options.storeId,
    vat: options.vat,
    articles: entries,
    missing,
    quantity,
    sum: entries.length === 0 || sumOre === null ? null : toKronor(sumOre),
  };
}
