import type { CmsBlock } from '@bygg/db/schema/index';
import { canonicalBlockType, parseBlock } from '@bygg/domain/cms-blocks';
import { BadRequestError } from '../../../kernel/errors.ts';

/**
 * The overlay's block writes are checked with the same rules the web app draws blocks by
 * (@bygg/domain/cms-blocks): a block an editor saves is a block the page can show. A rule's
 * reason is turned into the prop it is about and a Swedish message, so a 400 names the field.
 */
const REASONS: Readonly<Record<string, { prop: string; message: string }>> = {
  'needs a label': { prop: 'label', message: 'Knappen behöver en text' },
  'needs a link': {
    prop: 'href',
    message: 'Ange en länk: en sökväg som börjar med / eller en https-, mailto- eller tel-adress',
  },
  'needs a name': { prop: 'name', message: 'Ange ett namn' },
  'needs text': { prop: 'text', message: 'Texten får inte vara tom' },
  'needs a url': { prop: 'url', message: 'Bilden behöver en adress (https:// eller /…)' },
  'needs a form id': { prop: 'id', message: 'Ange formulärets id (a–z, 0–9, - och _)' },
  'needs a publication id': { prop: 'id', message: 'Ange publikationens id (a–z, 0–9, - och _)' },
  'needs a page path': { prop: 'path', message: 'Ange sidans sökväg, t.ex. /kundservice' },
  'needs a product slug': {
    prop: 'slug',
    message: 'Ange produktens adressnamn, t.ex. trall-28x120',
  },
  'needs a recommendations key': { prop: 'key', message: 'Ange rekommendationernas nyckel' },
  'needs a YouTube, Vimeo, .mp4 or .webm url': {
    prop: 'url',
    message: 'Ange en YouTube- eller Vimeo-länk eller en .mp4/.webm-fil',
  },
  'needs base64EncodedEmbed with markup': {
    prop: 'base64EncodedEmbed',
    message: 'Ange HTML-koden som ska bäddas in',
  },
  'needs an item with title and content': {
    prop: 'items',
    message: 'Ange minst en rad med rubrik och innehåll',
  },
  'needs a link with target and label': {
    prop: 'links',
    message: 'Ange minst en länk med mål (ett block-id) och text',
  },
  'needs at least one inner block': { prop: 'blocks', message: 'Ange innehåll i blocket' },
  'needs an image with a url': { prop: 'images', message: 'Ange minst en bild med adress' },
  'needs exactly two columns': { prop: 'columns', message: 'Ange två kolumner' },
  'needs content in a column': { prop: 'columns', message: 'Ange innehåll i en kolumn' },
  'needs at least one column': { prop: 'columns', message: 'Ange minst en kolumn' },
  'nested too deep': { prop: 'blocks', message: 'Blocken är nästlade för djupt' },
};

/** Throws 400 naming `{path}.props.{prop}` when the block breaks its type's rules. */
export function checkBlock(block: CmsBlock, path = 'body'): void {
  const type = canonicalBlockType(block.type);
  if (!type) {
    const message = `Okänd blocktyp: ${block.type}`;
    throw new BadRequestError(message, [{ path: `${path}.type`, message }]);
  }
  const result = parseBlock(block);
  if (result.ok) return;
  const known = REASONS[result.reason];
  const field = known
    ? { path: `${path}.props.${known.prop}`, message: known.message }
    : { path: `${path}.props`, message: `Blocket kan inte visas: ${result.reason}` };
  throw new BadRequestError(field.message, [field]);
}

/** Block ids are unique on a page (the overlay and anchor links find blocks by id). */
export function checkUniqueIds(blocks: readonly CmsBlock[], path = 'body.value'): void {
  const seen = new Set<string>();
  blocks.forEach((block, index) => {
    if (seen.has(block.id)) {
      const message = `Block-id ${block.id} finns redan på sidan`;
      throw new BadRequestError(message, [{ path: `${path}.${index}.id`, message }]);
    }
    seen.add(block.id);
  });
}

/**
 * A whole block list as a publish of `cms://node@{id}/blocks.json` sends it (or a restore
 * of an older version): a JSON array whose every block passes its rules.
 */
export function parseBlockList(value: string): CmsBlock[] {
  const bad = (message: string) => new BadRequestError(message, [{ path: 'body.value', message }]);
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    throw bad('Blocklistan är inte giltig JSON');
  }
  if (!Array.isArray(parsed)) throw bad('Blocklistan ska vara en lista av block');
  const blocks = parsed.map((item: unknown, index) => {
    const fields =
      typeof item === 'object' && item !== null ? (item as Record<string, unknown>) : {};
    const props = fields.props;
    if (
      typeof fields.type !== 'string' ||
      typeof fields.id !== 'string' ||
      typeof props !== 'object' ||
      props === null ||
      Array.isArray(props)
    ) {
      const message = 'Ett block har type, id och props';
      throw new BadRequestError(message, [{ path: `body.value.${index}`, message }]);
    }
    const block: CmsBlock = {
      type: fields.type,
      id: fields.id,
      props: props as Record<string, unknown>,
    };
    checkBlock(block, `body.value.${index}`);
    return block;
  });
  checkUniqueIds(blocks);
  return blocks;
}
