import {
  ARTICLE_APPEARANCES,
  CMS_BLOCK_TYPES,
  canonicalBlockType,
  decodeBase64Utf8,
  encodeBase64Utf8,
  type CmsBlockType,
} from '@bygg/domain/cms-blocks';

/**
 * The page panel's form for each block type (issue 6: "add a block of any spec type"). A
 * form is a list of fields over the block's props; the API checks the result with the block's
 * own rules (@bygg/domain/cms-blocks) and names the prop that broke one, which the form shows
 * at that field. Lists (accordion rows, table rows, images) are edited one item per line with
 * ' | ' between the parts, so every form works with a keyboard and a screen reader.
 */

export type FieldKind =
  | 'text'
  | 'textarea'
  | 'html'
  | 'select'
  | 'number'
  | 'checkbox'
  /** Objects, one per line: parts in `keys` order, separated by ' | '. */
  | 'lines'
  /** Table rows, one per line, cells separated by ' | '. */
  | 'rows'
  /** Markup the block stores base64-encoded (embedded HTML). */
  | 'base64'
  /** Inner blocks as text: one paragraph per line becomes one rich-text block. */
  | 'inner-text';

export type BlockField = {
  prop: string;
  label: string;
  kind: FieldKind;
  required?: boolean;
  hint?: string;
  options?: ReadonlyArray<readonly [string, string]>;
  keys?: readonly string[];
};

export type FieldValues = Record<string, string | boolean>;

const ALIGN = [
  ['left', 'Vänster'],
  ['center', 'Centrerad'],
  ['right', 'Höger'],
] as const;
const APPEARANCE_NAMES: Record<string, string> = {
  light: 'Ljus',
  dark: 'Mörk',
  gray: 'Grå',
  sand: 'Sand',
  orange: 'Orange',
  'light-orange': 'Ljusorange',
  'dark-gray': 'Mörkgrå',
};
const LINK_HINT = 'En sökväg som /kundservice eller en https-adress.';
const IMAGE_HINT = 'https://… eller en sökväg på webbplatsen, t.ex. /media/bild.jpg.';

export const BLOCK_FORMS: Readonly<Record<CmsBlockType, { name: string; fields: BlockField[] }>> = {
  'rich-text': {
    name: 'Textblock',
    fields: [
      { prop: 'text', label: 'Text', kind: 'html', required: true },
      { prop: 'align', label: 'Justering', kind: 'select', options: ALIGN },
    ],
  },
  'button-link': {
    name: 'Knapp',
    fields: [
      { prop: 'label', label: 'Knapptext', kind: 'text', required: true },
      { prop: 'href', label: 'Länk', kind: 'text', required: true, hint: LINK_HINT },
      { prop: 'align', label: 'Justering', kind: 'select', options: ALIGN },
    ],
  },
  image: {
    name: 'Bild',
    fields: [
      { prop: 'url', label: 'Bildadress', kind: 'text', required: true, hint: IMAGE_HINT },
      {
        prop: 'alt',
        label: 'Alternativtext',
        kind: 'text',
        hint: 'Beskriv bilden för den som inte ser den.',
      },
      { prop: 'caption', label: 'Bildtext', kind: 'text' },
      { prop: 'tag', label: 'Etikett på bilden', kind: 'text', hint: 'T.ex. Nyhet.' },
      { prop: 'href', label: 'Länk', kind: 'text', hint: LINK_HINT },
      {
        prop: 'size',
        label: 'Storlek',
        kind: 'select',
        options: [
          ['wide', 'Bred'],
          ['large', 'Stor'],
          ['medium', 'Mellan'],
          ['small', 'Liten'],
        ],
      },
    ],
  },
  'image-grid': {
    name: 'Bildrutnät',
    fields: [
      {
        prop: 'images',
        label: 'Bilder',
        kind: 'lines',
        keys: ['url', 'alt'],
        required: true,
        hint: 'En bild per rad: adress | alternativtext.',
      },
    ],
  },
  video: {
    name: 'Video',
    fields: [
      {
        prop: 'url',
        label: 'Videoadress',
        kind: 'text',
        required: true,
        hint: 'En YouTube- eller Vimeo-länk eller en .mp4/.webm-fil.',
      },
      { prop: 'title', label: 'Titel', kind: 'text' },
      { prop: 'caption', label: 'Bildtext', kind: 'text' },
    ],
  },
  accordion: {
    name: 'Dragspel',
    fields: [
      {
        prop: 'items',
        label: 'Rader',
        kind: 'lines',
        keys: ['title', 'content'],
        required: true,
        hint: 'En rad per fråga: rubrik | innehåll.',
      },
    ],
  },
  'anchor-links': {
    name: 'Ankarlänkar',
    fields: [
      {
        prop: 'links',
        label: 'Länkar',
        kind: 'lines',
        keys: ['target', 'label'],
        required: true,
        hint: 'En länk per rad: blockets id på sidan | text.',
      },
    ],
  },
  article: {
    name: 'Artikel',
    fields: [
      { prop: 'title', label: 'Rubrik', kind: 'text' },
      { prop: 'blocks', label: 'Text', kind: 'inner-text', required: true },
      {
        prop: 'appearance',
        label: 'Utseende',
        kind: 'select',
        options: ARTICLE_APPEARANCES.map((a) => [a, APPEARANCE_NAMES[a] ?? a] as const),
      },
      {
        prop: 'width',
        label: 'Bredd',
        kind: 'select',
        options: [
          ['normal', 'Normal'],
          ['wide', 'Bred'],
        ],
      },
      { prop: 'backgroundImage', label: 'Bakgrundsbild', kind: 'text', hint: IMAGE_HINT },
      { prop: 'minHeight', label: 'Minsta höjd (px)', kind: 'number' },
    ],
  },
  grid: {
    name: 'Rutnät',
    fields: [
      {
        prop: 'blocks',
        label: 'Rutor',
        kind: 'inner-text',
        required: true,
        hint: 'En ruta per rad.',
      },
      {
        prop: 'columns',
        label: 'Kolumner',
        kind: 'select',
        options: [
          ['3', '3'],
          ['2', '2'],
          ['4', '4'],
        ],
      },
    ],
  },
  'split-container': {
    name: 'Delade kolumner',
    fields: [
      { prop: 'left', label: 'Vänster kolumn', kind: 'inner-text', required: true },
      { prop: 'right', label: 'Höger kolumn', kind: 'inner-text' },
      { prop: 'hasBackground', label: 'Med bakgrund', kind: 'checkbox' },
      {
        prop: 'align',
        label: 'Lodrät justering',
        kind: 'select',
        options: [
          ['top', 'Överkant'],
          ['center', 'Mitten'],
          ['bottom', 'Nederkant'],
        ],
      },
    ],
  },
  brand: {
    name: 'Varumärke',
    fields: [
      { prop: 'name', label: 'Namn', kind: 'text', required: true },
      { prop: 'href', label: 'Länk', kind: 'text', required: true, hint: LINK_HINT },
      { prop: 'image', label: 'Logotyp', kind: 'text', hint: IMAGE_HINT },
      {
        prop: 'size',
        label: 'Storlek',
        kind: 'select',
        options: [
          ['medium', 'Mellan'],
          ['small', 'Liten'],
          ['large', 'Stor'],
        ],
      },
      { prop: 'contained', label: 'Logotypen inpassad med luft', kind: 'checkbox' },
    ],
  },
  'custom-product': {
    name: 'Egen produkt',
    fields: [
      { prop: 'name', label: 'Namn', kind: 'text', required: true },
      { prop: 'brand', label: 'Varumärke', kind: 'text' },
      { prop: 'price', label: 'Pris i kronor inkl. moms', kind: 'number' },
      { prop: 'image', label: 'Bild', kind: 'text', hint: IMAGE_HINT },
      { prop: 'href', label: 'Länk', kind: 'text', hint: LINK_HINT },
    ],
  },
  'product-link': {
    name: 'Produktlänk',
    fields: [
      {
        prop: 'slug',
        label: 'Produktens adressnamn',
        kind: 'text',
        required: true,
        hint: 'Sista delen av produktsidans adress.',
      },
      { prop: 'label', label: 'Länktext', kind: 'text' },
    ],
  },
  recommendations: {
    name: 'Rekommendationer',
    fields: [
      { prop: 'key', label: 'Nyckel', kind: 'text', required: true },
      { prop: 'title', label: 'Rubrik', kind: 'text' },
    ],
  },
  page: {
    name: 'Sidkort',
    fields: [
      {
        prop: 'path',
        label: 'Sidans sökväg',
        kind: 'text',
        required: true,
        hint: 'T.ex. /kundservice.',
      },
    ],
  },
  subpages: {
    name: 'Undersidor',
    fields: [
      {
        prop: 'layout',
        label: 'Visning',
        kind: 'select',
        options: [
          ['grid', 'Rutnät'],
          ['list', 'Lista'],
        ],
      },
      {
        prop: 'variant',
        label: 'Utförande',
        kind: 'select',
        options: [
          ['card', 'Kort'],
          ['button', 'Knappar'],
        ],
      },
    ],
  },
  table: {
    name: 'Tabell',
    fields: [
      {
        prop: 'columns',
        label: 'Kolumner',
        kind: 'lines',
        keys: ['value', 'alignment'],
        required: true,
        hint: 'En kolumn per rad: rubrik | left, center eller right.',
      },
      {
        prop: 'rows',
        label: 'Rader',
        kind: 'rows',
        hint: 'En tabellrad per rad, cellerna åtskilda med |.',
      },
    ],
  },
  'iframe-embed': {
    name: 'Inbäddad HTML',
    fields: [
      {
        prop: 'base64EncodedEmbed',
        label: 'HTML-kod',
        kind: 'base64',
        required: true,
        hint: 'Iframes bara från godkända adresser; övrig kod rensas.',
      },
      { prop: 'title', label: 'Titel', kind: 'text' },
    ],
  },
  'form-embed': {
    name: 'Formulär',
    fields: [
      { prop: 'id', label: 'Formulärets id', kind: 'text', required: true },
      { prop: 'title', label: 'Titel', kind: 'text' },
    ],
  },
  publication: {
    name: 'Publikation',
    fields: [
      { prop: 'id', label: 'Publikationens id', kind: 'text', required: true },
      { prop: 'title', label: 'Titel', kind: 'text' },
    ],
  },
};

/** Block types in the 'Lägg till block' select, by their Swedish names. */
export const BLOCK_TYPE_OPTIONS = CMS_BLOCK_TYPES.map((type) => ({
  type,
  name: BLOCK_FORMS[type].name,
})).sort((a, b) => a.name.localeCompare(b.name, 'sv'));

export function blockTypeName(type: string): string {
  const canonical = canonicalBlockType(type);
  return canonical ? BLOCK_FORMS[canonical].name : type;
}

export function formFor(type: string): BlockField[] {
  const canonical = canonicalBlockType(type);
  return canonical ? BLOCK_FORMS[canonical].fields : [];
}

const SEPARATOR = ' | ';
const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const stripTags = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
const lines = (value: string) =>
  value
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');

type InnerBlock = { type: string; id: string; props: Record<string, unknown> };

function innerText(value: unknown): string {
  if (!Array.isArray(value)) return '';
  return (value as InnerBlock[])
    .map((block) =>
      typeof block?.props?.text === 'string'
        ? stripTags(block.props.text)
        : typeof block?.props?.label === 'string'
          ? block.props.label
          : '',
    )
    .filter((text) => text !== '')
    .join('\n');
}

function innerBlocks(value: string, idPrefix: string): InnerBlock[] {
  return lines(value).map((line, index) => ({
    type: 'rich-text',
    id: `${idPrefix}-${index + 1}`,
    props: { text: `<p>${escapeHtml(line)}</p>` },
  }));
}

/** What a field shows for the block's current props. */
function readField(field: BlockField, props: Record<string, unknown>): string | boolean {
  const value =
    field.prop === 'left' || field.prop === 'right' ? splitColumn(field, props) : props[field.prop];
  switch (field.kind) {
    case 'checkbox':
      return value === true;
    case 'number':
      return typeof value === 'number' ? String(value) : '';
    case 'select':
      return value === undefined || value === null
        ? (field.options?.[0]?.[0] ?? '')
        : String(value);
    case 'lines':
      return Array.isArray(value)
        ? value
            .map((item: Record<string, unknown>) =>
              (field.keys ?? []).map((key) => String(item?.[key] ?? '')).join(SEPARATOR),
            )
            .join('\n')
        : '';
    case 'rows':
      return Array.isArray(value)
        ? value.map((row) => (Array.isArray(row) ? row.join(SEPARATOR) : '')).join('\n')
        : '';
    case 'base64':
      return typeof value === 'string' ? (decodeBase64Utf8(value) ?? '') : '';
    case 'inner-text':
      return innerText(value);
    default:
      return typeof value === 'string' ? value : '';
  }
}

function splitColumn(field: BlockField, props: Record<string, unknown>): unknown {
  const columns = Array.isArray(props.columns) ? props.columns : [];
  return columns[field.prop === 'left' ? 0 : 1];
}

/** The form's starting values: the block's props, or the defaults of a new block. */
export function fieldValues(type: string, props: Record<string, unknown> = {}): FieldValues {
  return Object.fromEntries(formFor(type).map((field) => [field.prop, readField(field, props)]));
}

function writeField(field: BlockField, value: string | boolean, blockId: string): unknown {
  if (field.kind === 'checkbox') return value === true;
  const text = typeof value === 'string' ? value : '';
  switch (field.kind) {
    case 'number': {
      const number = Number(text.replace(',', '.'));
      return text.trim() === '' || !Number.isFinite(number) ? null : number;
    }
    case 'lines':
      return lines(text).map((line, index) => {
        const parts = line.split('|').map((part) => part.trim());
        const keys = field.keys ?? [];
        const item: Record<string, string> = Object.fromEntries(
          keys.map((key, i) => [
            key,
            i === keys.length - 1 ? parts.slice(i).join(' | ') : (parts[i] ?? ''),
          ]),
        );
        return field.prop === 'items' ? { id: `${blockId}-${index + 1}`, ...item } : item;
      });
    case 'rows':
      return lines(text).map((line) => line.split('|').map((cell) => cell.trim()));
    case 'base64':
      return text.trim() === '' ? '' : encodeBase64Utf8(text);
    case 'inner-text':
      return innerBlocks(text, `${blockId}-${field.prop}`);
    default:
      return text.trim() === '' ? null : text.trim();
  }
}

/**
 * The props to save: the block's current props with every field the editor changed written
 * over them. A field left as it was keeps its stored value exactly (inner blocks that are not
 * text, image thumbnails, props the form does not show), so opening and saving loses nothing.
 */
export function propsFromValues(
  type: string,
  values: FieldValues,
  current: { id: string; props: Record<string, unknown> } | null,
): Record<string, unknown> {
  const props: Record<string, unknown> = { ...(current?.props ?? {}) };
  const before = current ? fieldValues(type, current.props) : null;
  const blockId = current?.id ?? `n${Date.now().toString(36)}`;
  const columns: unknown[] = Array.isArray(props.columns)
    ? [...(props.columns as unknown[])]
    : [[], []];
  let columnsChanged = false;
  for (const field of formFor(type)) {
    const value = values[field.prop] ?? (field.kind === 'checkbox' ? false : '');
    if (before && before[field.prop] === value) continue;
    const written = writeField(field, value, blockId);
    if (field.prop === 'left' || field.prop === 'right') {
      columns[field.prop === 'left' ? 0 : 1] = written;
      columnsChanged = true;
    } else if (field.prop === 'columns' && field.kind === 'select') {
      props.columns = Number(value);
    } else if (written === null) {
      delete props[field.prop];
    } else {
      props[field.prop] = written;
    }
  }
  if (columnsChanged) props.columns = [columns[0] ?? [], columns[1] ?? []];
  return props;
}

/** A line for the block list: the block's text, shortened. */
export function blockSummary(block: { type: string; props: Record<string, unknown> }): string {
  const props = block.props;
  const candidates = [
    props.label,
    props.title,
    props.name,
    props.text,
    props.caption,
    props.url,
    props.path,
    props.slug,
    props.id,
    props.key,
  ];
  const first = candidates.find(
    (value): value is string => typeof value === 'string' && value.trim() !== '',
  );
  const text = first ? stripTags(first) : '';
  return text.length > 70 ? `${text.slice(0, 69)}…` : text;
}
