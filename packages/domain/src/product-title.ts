/**
 * A product's title with its brand in front, for places that show them as one line (a
 * picklist row, the page title): 'Makita Borrskruvdragare 18V' stays as it is when the title
 * already names the brand, so no 'Makita Makita …' (issue 22).
 */
export function titleWithBrand(title: string, brand: string | null | undefined): string {
  if (!brand || titleNamesBrand(title, brand)) return title;
  return `${brand} ${title}`;
}

/** Whether the title already names the brand as a word (any case). */
export function titleNamesBrand(title: string, brand: string): boolean {
  const t = ` ${title.toLocaleLowerCase('sv')} `;
  const b = brand.toLocaleLowerCase('sv');
  return t.includes(` ${b} `) || t.includes(` ${b},`) || t.startsWith(` ${b} `);
}

/** The same word twice in a row ('Blåkläder Blåkläder'), which a title never needs. */
export function hasDoubledWord(title: string): boolean {
  const words = title.toLocaleLowerCase('sv').split(/\s+/);
  return words.some((word, i) => i > 0 && /\p{L}{3,}/u.test(word) && word === words[i - 1]);
}
