import { titleNamesBrand } from '@bygg/domain/product-title';
import type { ProductSpecification } from '../schema/catalog.ts';
import { productTypeOf, type ProductType } from './product-types.ts';
import { unit } from './random.ts';

/**
 * A product's specifications table (issue 22) from what its title says and what its kind of
 * product is: dimensions, material, weight, classes and certifications. Values that the
 * title gives (45x95 mm, C24, 2,7 l, 25 kg, 18V …) are read from it; the weight of timber,
 * boards and paint is computed from dimensions and a typical density; what cannot be
 * computed is a typical value for the kind of product, marked 'ca'.
 */
export type SpecificationInput = {
  productId: number;
  title: string;
  brand: string | null;
  categoryPath: string;
  categoryName: string;
  /** Sales unit of the product: st, pkt, lpm, rulle, säck, m², m. */
  unit: string;
  /** Environmental labels of the product (its sustainability row), if any. */
  labels: readonly string[];
  /** Where the price lies among its category's, 0 (cheapest) to 1: bigger things cost more. */
  pricePosition: number;
};

const NUM = String.raw`(\d+(?:,\d+)?)`;

/** Swedish number: decimal comma, a space between thousands ('2 400', '0,35'). */
export function formatNumber(value: number, decimals = 0): string {
  const [whole = '0', fraction] = value.toFixed(decimals).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  const digits = fraction?.replace(/0+$/, '') ?? '';
  return digits ? `${grouped},${digits}` : grouped;
}

function num(text: string): number {
  return Number(text.replace(',', '.'));
}

/** Weight with a precision that fits its size: 0,35 kg, 2,4 kg, 27 kg. */
export function formatKg(kg: number): string {
  if (kg < 1) return `${formatNumber(kg, 2)} kg`;
  if (kg < 10) return `${formatNumber(kg, 1)} kg`;
  return `${formatNumber(Math.round(kg))} kg`;
}

type MaterialKind = 'wood' | 'board' | 'mineral' | 'metal' | 'plastic' | 'chem';
type Material = { pattern: RegExp; name: string; kind?: MaterialKind; density?: number };

/** Which kinds of material word a title may name, per top-level category. */
const KINDS_BY_TOP: Record<string, readonly MaterialKind[]> = {
  travaror: ['wood', 'board', 'plastic'],
  skivmaterial: ['board', 'mineral', 'wood'],
  isolering: ['mineral', 'plastic', 'board'],
  'mur-betong-och-grund': ['mineral', 'metal', 'plastic'],
  tak: ['mineral', 'metal', 'plastic'],
  'fonster-och-dorrar': ['wood', 'board', 'metal', 'plastic', 'mineral'],
  golv: ['wood', 'mineral', 'plastic', 'metal', 'board'],
  farg: ['chem'],
  byggkemi: ['chem'],
  verktyg: ['metal', 'plastic'],
  'jarn-och-infastning': ['metal', 'plastic'],
  vvs: ['metal', 'plastic', 'mineral'],
  el: ['metal', 'plastic'],
  'mark-och-tradgard': ['mineral', 'wood', 'metal', 'plastic'],
  'arbetsklader-och-skydd': [],
};

/** Checked in order; the first that matches names the material (density in kg/m³). */
const MATERIALS: readonly Material[] = [
  {
    pattern: /tryckimpregnerad|tryckimpregnerat/i,
    name: 'Tryckimpregnerad furu',
    kind: 'wood',
    density: 550,
  },
  { pattern: /trä\/alu/i, name: 'Trä med utsida av aluminium', kind: 'wood' },
  { pattern: /\bkebony\b/i, name: 'Kebony-modifierad furu', kind: 'wood', density: 600 },
  { pattern: /\borganowood\b/i, name: 'Organowood-behandlad furu', kind: 'wood', density: 520 },
  { pattern: /\blimträ/i, name: 'Limträ av gran', kind: 'wood', density: 480 },
  { pattern: /\blvl\b|kerto/i, name: 'LVL (fanerträ) av gran', kind: 'wood', density: 510 },
  { pattern: /björkplywood/i, name: 'Björkplywood', kind: 'board', density: 680 },
  { pattern: /plywood/i, name: 'Plywood av gran', kind: 'board', density: 480 },
  { pattern: /\bosb/i, name: 'OSB (riktade spån)', kind: 'board', density: 620 },
  { pattern: /spånskiva|melamin|hyllplan/i, name: 'Spånskiva', kind: 'board', density: 650 },
  { pattern: /\bmdf\b|mdf-/i, name: 'MDF', kind: 'board', density: 750 },
  { pattern: /fibergips/i, name: 'Fibergips', kind: 'mineral', density: 1150 },
  { pattern: /fibercement/i, name: 'Fibercement', kind: 'mineral', density: 1350 },
  { pattern: /gips/i, name: 'Gips med kartongyta', kind: 'mineral', density: 720 },
  { pattern: /hård board|hålboard/i, name: 'Hård träfiberskiva', kind: 'board', density: 950 },
  {
    pattern: /porös|vindskyddsskiva|träfiberisolering/i,
    name: 'Porös träfiberskiva',
    kind: 'board',
    density: 250,
  },
  { pattern: /stenull/i, name: 'Stenull', kind: 'mineral' },
  { pattern: /glasull/i, name: 'Glasull', kind: 'mineral' },
  { pattern: /\beps\b/i, name: 'Expanderad polystyren (EPS)', kind: 'plastic' },
  { pattern: /\bxps\b/i, name: 'Extruderad polystyren (XPS)', kind: 'plastic' },
  {
    pattern: /polystyren|cellplast|kantelement/i,
    name: 'Expanderad polystyren (EPS)',
    kind: 'plastic',
  },
  { pattern: /lättbetong/i, name: 'Lättbetong', kind: 'mineral' },
  { pattern: /\bleca/i, name: 'Lättklinker (Leca)', kind: 'mineral' },
  { pattern: /lertegel|murtegel|\btegel\b|tegelpanna/i, name: 'Bränd lera', kind: 'mineral' },
  { pattern: /granit/i, name: 'Granit', kind: 'mineral' },
  { pattern: /skiffer/i, name: 'Skiffer', kind: 'mineral' },
  { pattern: /kalksten/i, name: 'Kalksten', kind: 'mineral' },
  { pattern: /betong/i, name: 'Betong', kind: 'mineral' },
  { pattern: /rostfri|rostfritt|\bA[24]\b/i, name: 'Rostfritt stål', kind: 'metal' },
  { pattern: /varmförzinkad|varmförzinkat/i, name: 'Varmförzinkat stål', kind: 'metal' },
  { pattern: /förzinkad|förzinkat/i, name: 'Elförzinkat stål', kind: 'metal' },
  { pattern: /granitkomposit/i, name: 'Granitkomposit', kind: 'mineral' },
  { pattern: /glasfiber/i, name: 'Glasfiber', kind: 'plastic' },
  { pattern: /aluminium|\balu\b/i, name: 'Aluminium', kind: 'metal' },
  { pattern: /mässing/i, name: 'Mässing', kind: 'metal' },
  { pattern: /koppar/i, name: 'Koppar', kind: 'metal' },
  { pattern: /\bpex\b/i, name: 'PEX (tvärbunden polyeten)', kind: 'plastic' },
  { pattern: /\bpp\b/i, name: 'Polypropen (PP)', kind: 'plastic' },
  { pattern: /\bpe\b|pe-folie|pe-skum/i, name: 'Polyeten (PE)', kind: 'plastic' },
  { pattern: /\bpvc\b/i, name: 'PVC', kind: 'plastic' },
  { pattern: /silikon/i, name: 'Silikon', kind: 'chem' },
  { pattern: /akryl/i, name: 'Akrylat', kind: 'chem' },
  { pattern: /ms-polymer|hybridfog/i, name: 'MS-polymer', kind: 'chem' },
  { pattern: /\bpu\b|pu-|polyuretan|fogskum/i, name: 'Polyuretan (PU)', kind: 'chem' },
  { pattern: /epoxi/i, name: 'Epoxi', kind: 'chem' },
  { pattern: /vinylester/i, name: 'Vinylester', kind: 'chem' },
  { pattern: /polyester/i, name: 'Polyester', kind: 'chem' },
  { pattern: /nylon/i, name: 'Polyamid (nylon)', kind: 'plastic' },
  { pattern: /porslin/i, name: 'Porslin', kind: 'mineral' },
  { pattern: /\bstål\b|stålskaft/i, name: 'Stål', kind: 'metal' },
  { pattern: /\bek\b/i, name: 'Ek', kind: 'wood', density: 700 },
  { pattern: /\bask\b/i, name: 'Ask', kind: 'wood', density: 680 },
  { pattern: /\bbok\b/i, name: 'Bok', kind: 'wood', density: 690 },
  { pattern: /\bbjörk\b/i, name: 'Björk', kind: 'wood', density: 650 },
  { pattern: /valnöt/i, name: 'Valnöt', kind: 'wood', density: 640 },
  { pattern: /bambu/i, name: 'Bambu', kind: 'wood', density: 700 },
  { pattern: /\bfuru\b|furugolv/i, name: 'Furu', kind: 'wood', density: 500 },
  { pattern: /\bgran\b/i, name: 'Gran', kind: 'wood', density: 470 },
];

/** Where a wood word names the material; elsewhere 'ek natur' is a décor, not oak. */
const WOOD_TOPS =
  /^(travaror|golv\/parkett-och-tragolv|golv\/golvunderlag|fonster-och-dorrar\/dorr-och-fonstertillbehor|mark-och-tradgard\/staket)/;
const WOODS = new Set(['Ek', 'Ask', 'Bok', 'Björk', 'Valnöt', 'Bambu', 'Furu', 'Gran']);

/** Typical density of the product type's default material, for timber and boards. */
const DEFAULT_DENSITY: Record<string, number> = {
  'travaror/konstruktionsvirke': 470,
  'travaror/tryckimpregnerat-virke': 550,
  'travaror/limtra-och-lvl': 480,
  'travaror/panel': 470,
  'travaror/lister-och-foder': 500,
  'travaror/hyvlat-virke': 500,
  'skivmaterial/specialskivor': 1200,
  'skivmaterial/board-och-mdf': 750,
};

function materialOf(title: string, categoryPath: string, type: ProductType): Material {
  const kinds = KINDS_BY_TOP[categoryPath.split('/')[0] ?? ''] ?? [];
  for (const material of MATERIALS) {
    if (!material.kind || !kinds.includes(material.kind)) continue;
    if (!material.pattern.test(title)) continue;
    if (WOODS.has(material.name) && !WOOD_TOPS.test(categoryPath)) continue;
    return material;
  }
  return { pattern: /$^/, name: type.material };
}

const COLOURS =
  /(?:^|[\s(])(vit|vitt|bruten vit|svart|grå|ljusgrå|antracit|röd|tegelröd|brun|grön|gul|beige|transparent|silver|krom|natur|karamell|svart matt|borstad rostfri|borstat stål)(?=$|[\s,)])/i;

const FINISHES =
  /(?:^|\s)(grundmålad vit|grundmålad röd|färdigmålad vit|grundmålat vitt|vitmålad|vitmålat|obehandlad|obehandlat|vitlaserad|vitpigmenterad matt lack|matt lack|halvmatt lack|naturolja|lackad|lackat|oljad|oljat|hyvlad|sågad|sågat|filmbelagd|oljehärdad|vitgrundad)(?=$|[\s,])/i;

type Builder = {
  rows: ProductSpecification[];
  add(key: string, label: string, value: string): void;
};

function builder(): Builder {
  const rows: ProductSpecification[] = [];
  return {
    rows,
    add(key, label, value) {
      if (value.trim() === '' || rows.some((r) => r.key === key)) return;
      rows.push({ key, label, value });
    },
  };
}

/** Pieces in one sales unit when the title says so: '(250 st)', ', 10-pack', 'bunt om 24 st'. */
function packOf(title: string): { pieces: number; word: string; multipack: boolean } | null {
  // Multipacks of a single item (seed catalog.ts 'multipacks'): the item's weight × pieces.
  const multi = /,\s*(\d+)-pack$/.exec(title) ?? /bunt om (\d+) st/.exec(title);
  if (multi?.[1]) return { pieces: Number(multi[1]), word: 'st', multipack: true };
  const pallet = /helpall (\d+) säckar/.exec(title);
  if (pallet?.[1]) return { pieces: Number(pallet[1]), word: 'säckar', multipack: true };
  // A pack sold as one item: its typical weight is already the pack's.
  const pack = /\((\d+) st\)/.exec(title) ?? /(\d+)-pack\b/.exec(title);
  if (pack?.[1]) return { pieces: Number(pack[1]), word: 'st', multipack: false };
  if (/\(par\)/.test(title)) return { pieces: 2, word: 'st', multipack: false };
  return null;
}

export function buildSpecifications(input: SpecificationInput): ProductSpecification[] {
  const type = productTypeOf(input.categoryPath);
  const middle = input.categoryPath.split('/').slice(0, 2).join('/');
  const top = middle.split('/')[0] ?? '';
  const title = input.title;
  const spec = builder();
  spec.add('category', 'Varugrupp', input.categoryName);
  if (input.brand) spec.add('brand', 'Varumärke', input.brand);

  // Dimensions.
  const box = new RegExp(`${NUM}x${NUM}(?:x${NUM})?\\s?mm`).exec(title);
  const boxMetres = new RegExp(`${NUM}x${NUM}\\s?m(?![\\p{L}\\d²])`, 'u').exec(title);
  const bare = /(?<![\d,x])(\d+(?:,\d+)?)\s?mm(?!\S*x|\s+x\s)/.exec(
    title.replace(box?.[0] ?? '\u0000', ' '),
  );
  const lengths = [...title.matchAll(/(?<![\d,x])(\d+(?:,\d+)?)\s?m(?![\p{L}\d²/])/gu)].filter(
    (m) => !boxMetres || !boxMetres[0].includes(m[0].trim()),
  );
  const module = /(?<![\d,x])(\d{1,2})x(\d{2})(?![\d,]|\s?mm|\s?m\b)/.exec(title);
  const diameter = /Ø\s?(\d+(?:,\d+)?)\s?mm/.exec(title);
  let widthMm: number | null = null;
  let heightMm: number | null = null;
  let lengthM: number | null = null;
  let thicknessMm: number | null = null;
  if (box?.[1] && box[2]) {
    const parts = [box[1], box[2], box[3]].filter((p): p is string => p !== undefined);
    spec.add('dimensions', 'Mått', `${parts.map((p) => formatNumber(num(p), 1)).join(' × ')} mm`);
    widthMm = num(box[1]);
    heightMm = num(box[2]);
  } else if (boxMetres?.[1] && boxMetres[2]) {
    spec.add(
      'dimensions',
      'Mått',
      `${formatNumber(num(boxMetres[1]), 2)} × ${formatNumber(num(boxMetres[2]), 2)} m`,
    );
  } else if (module?.[1] && module[2] && top === 'fonster-och-dorrar') {
    const w = Number(module[1]) * 100;
    const h = Number(module[2]) * 100;
    spec.add(
      'dimensions',
      'Mått',
      `${formatNumber(w)} × ${formatNumber(h)} mm (modul ${module[1]}x${module[2]})`,
    );
  }
  const thin = bare?.[1] ? num(bare[1]) : null;
  if (
    thin !== null &&
    ['skivmaterial', 'isolering', 'golv'].includes(top) &&
    thin <= (top === 'golv' ? 25 : 300)
  ) {
    thicknessMm = thin;
    spec.add('thickness', 'Tjocklek', `${formatNumber(thicknessMm, 1)} mm`);
  }
  if (diameter?.[1]) spec.add('diameter', 'Diameter', `${formatNumber(num(diameter[1]), 1)} mm`);
  const length = lengths.at(-1)?.[1];
  if (length) {
    lengthM = num(length);
    spec.add('length', 'Längd', `${formatNumber(lengthM, 1)} m`);
  }
  const volume = /(?<![\d,])(\d+(?:,\d+)?)\s?(ml|l|liter)(?![\p{L}])/u.exec(title);
  if (volume?.[1] && volume[2]) {
    const unitWord = volume[2] === 'liter' ? 'l' : volume[2];
    spec.add('volume', 'Volym', `${formatNumber(num(volume[1]), 2)} ${unitWord}`);
  }
  const coverage = /(?<![\d,x])(\d+(?:,\d+)?)\s?m²(?!\/)/.exec(title);
  if (coverage?.[1] && input.unit !== 'm²') {
    spec.add('coverage', 'Räcker till', `${formatNumber(num(coverage[1]), 2)} m²`);
  }

  // Material.
  const material = materialOf(title, input.categoryPath, type);
  spec.add('material', 'Material', material.name);
  const finish = FINISHES.exec(title)?.[1];
  if (finish) spec.add('finish', 'Ytbehandling', capitalise(finish));
  const colour = COLOURS.exec(title)?.[1] ?? /bas [AC] \(brytbar\)/.exec(title)?.[0];
  if (colour) spec.add('colour', 'Kulör', capitalise(colour));

  // Classes read from the title.
  const strength =
    /\b(C14|C18|C24|C30|GL30c|GL30h|GL32c)\b/.exec(title)?.[1] ??
    /\b(C\d\d\/\d\d)\b/.exec(title)?.[1];
  if (strength) spec.add('strength_class', 'Hållfasthetsklass', strength);
  const mortar = /\b(M2,5|M5|M10)\b/.exec(title)?.[1];
  if (mortar) spec.add('strength_class', 'Bruksklass', mortar);
  const ntr = /\bNTR (AB|A)\b/.exec(title)?.[1];
  if (ntr) spec.add('impregnation', 'Impregneringsklass', `NTR ${ntr}`);
  const lambda = /λ(\d\d)/.exec(title)?.[1];
  if (lambda) spec.add('thermal', 'Värmekonduktivitet (λ)', `0,0${lambda} W/(m·K)`);
  const gloss = /\bglans (\d+)/.exec(title)?.[1];
  if (gloss) spec.add('gloss', 'Glansgrad', `Glans ${gloss}`);
  const wear = /\b(AC[345])\b/.exec(title)?.[1];
  if (wear) spec.add('wear_class', 'Nötningsklass', wear);
  const slip = /\b(R1[0-3])\b/.exec(title)?.[1];
  if (slip) spec.add('slip_class', 'Halkklass', slip);
  const protection =
    /\b(S1P|S1|S2|S3|S5|S7|FFP[123])\b/.exec(title)?.[1] ??
    /\b(SSF klass \d|säkerhetsklass \d)\b/.exec(title)?.[1];
  if (protection) spec.add('protection_class', 'Skyddsklass', protection);
  const ip = /\b(IP\d\d)\b/.exec(title)?.[1];
  if (ip) spec.add('ip_class', 'Kapslingsklass', ip);
  const fire = /\bEI ?(\d+)\b/.exec(title)?.[1];
  if (fire) spec.add('fire_class', 'Brandklass', `EI ${fire}`);
  const voltage = /\b(\d+(?:-\d+)?)\s?V\b/.exec(title)?.[1];
  if (voltage) spec.add('voltage', 'Spänning', `${voltage} V`);
  const capacity = /(\d+,\d)\s?Ah/.exec(title)?.[1];
  if (capacity) spec.add('capacity', 'Batterikapacitet', `${capacity} Ah`);
  const power = /(?<![\d,])(\d+)\s?W(?!\/)\b/.exec(title)?.[1];
  if (power) spec.add('power', 'Effekt', `${formatNumber(Number(power))} W`);
  const flux = /(\d+)\s?lm\b/.exec(title)?.[1];
  if (flux) spec.add('luminous_flux', 'Ljusflöde', `${formatNumber(Number(flux))} lm`);
  const u = /U-värde\s?(\d+,\d+)/.exec(title)?.[1];
  if (u) spec.add('u_value', 'U-värde', `${u} W/(m²·K)`);
  const pack = packOf(title);
  if (pack) spec.add('pack', 'Antal i förpackning', `${formatNumber(pack.pieces)} ${pack.word}`);

  // Weight.
  spec.add(
    'weight',
    input.unit === 'lpm' ? 'Vikt per löpmeter' : 'Vikt',
    weightOf({
      title,
      middle,
      type,
      material,
      unitCode: input.unit,
      widthMm,
      heightMm,
      lengthM,
      thicknessMm,
      volume: volume?.[1] ? num(volume[1]) / (volume[2] === 'ml' ? 1000 : 1) : null,
      pieces: pack?.multipack ? pack.pieces : 1,
      productId: input.productId,
      pricePosition: input.pricePosition,
    }),
  );

  // Certifications and labels.
  const wooden =
    material.kind === 'wood' ||
    (!material.kind &&
      /^(Gran|Furu|Ek|Limmad gran|Tryckimpregnerad furu|Trä med)/.test(material.name));
  // Wood certifications only for wood (a copper post cap is not NTR-impregnated).
  const certifications = type.certifications.filter((c) => wooden || !/NTR|PEFC|FSC/.test(c));
  if (wooden) {
    const scheme = unit(input.productId, 31) < 0.5 ? 'PEFC-certifierat trä' : 'FSC-certifierat trä';
    if (!certifications.some((c) => /PEFC|FSC/.test(c))) certifications.push(scheme);
  }
  if (certifications.length > 0) {
    spec.add('certifications', 'Certifieringar', joinList(certifications));
  }
  if (input.labels.length > 0) spec.add('labels', 'Miljömärkning', input.labels.join(', '));
  return spec.rows;
}

/** 'CE-märkt, provad enligt EN 62841': later items lose a capital that only starts a sentence. */
function joinList(items: readonly string[]): string {
  return items
    .map((item, i) =>
      i > 0 && /^\p{Lu}\p{Ll}/u.test(item) ? item.charAt(0).toLowerCase() + item.slice(1) : item,
    )
    .join(', ');
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

type WeightInput = {
  title: string;
  middle: string;
  type: ProductType;
  material: Material;
  unitCode: string;
  widthMm: number | null;
  heightMm: number | null;
  lengthM: number | null;
  thicknessMm: number | null;
  /** Litres. */
  volume: number | null;
  pieces: number;
  productId: number;
  pricePosition: number;
};

function weightOf(w: WeightInput): string {
  const kgInTitle = /(?<![\d,])(\d+(?:,\d+)?)\s?kg\b/.exec(w.title)?.[1];
  const top = w.middle.split('/')[0];
  if (kgInTitle && !/^jarn/.test(w.middle)) return formatKg(num(kgInTitle) * w.pieces);
  const density = w.material.density ?? DEFAULT_DENSITY[w.middle];
  // Timber: cross-section × density per metre; a piece of given length weighs that many metres.
  if (top === 'travaror' && density && w.widthMm && w.heightMm) {
    const perMetre = (w.widthMm / 1000) * (w.heightMm / 1000) * density;
    if (w.unitCode === 'lpm') return `${formatNumber(perMetre, perMetre < 10 ? 1 : 0)} kg/m`;
    if (w.lengthM) return formatKg(perMetre * w.lengthM * w.pieces);
  }
  // Boards: width × length × thickness × density.
  if (top === 'skivmaterial' && density && w.widthMm && w.heightMm && w.thicknessMm) {
    const kg = (w.widthMm / 1000) * (w.heightMm / 1000) * (w.thicknessMm / 1000) * density;
    return formatKg(kg * w.pieces);
  }
  // Paint, oil, glue and sealants: about 1,3 kg per litre with the can.
  if (w.volume !== null && w.volume <= 25 && ['farg', 'byggkemi', 'golv'].includes(top ?? '')) {
    return formatKg((w.volume * 1.3 + 0.05) * w.pieces);
  }
  const [min, max] = w.type.kg;
  // A typical weight for the kind, placed in its range by price, with a little spread.
  const position = Math.min(1, Math.max(0, w.pricePosition + (unit(w.productId, 32) - 0.5) * 0.2));
  const kg = min + position * (max - min);
  return `ca ${formatKg(kg * w.pieces)}`;
}

/** The description: what it is and who makes it, what it is for, what the table adds. */
export function describe(
  title: string,
  brand: string | null,
  categoryPath: string,
  specifications: readonly ProductSpecification[],
  unitWord: string,
): string {
  const type = productTypeOf(categoryPath);
  const value = (key: string) => specifications.find((s) => s.key === key)?.value;
  const maker = brand && !titleNamesBrand(title, brand) ? ` från ${brand}` : '';
  const sentences = [`${title}${maker}.`, type.use];
  const material = value('material');
  if (material) {
    const word = /^\p{Lu}\p{Ll}/u.test(material)
      ? `${material.charAt(0).toLowerCase()}${material.slice(1)}`
      : material;
    sentences.push(`Material: ${word}.`);
  }
  const certifications = value('certifications');
  if (certifications) sentences.push(`${certifications}.`);
  sentences.push(`Säljs per ${unitWord}.`);
  return sentences.join(' ');
}
