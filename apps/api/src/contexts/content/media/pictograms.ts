import { typePictogram } from './type-pictograms.ts';

/**
 * One simple pictogram per top-level category, drawn in a 100×100 box. They give the demo
 * catalogue recognisable, deterministic product pictures without any image files.
 */
const PICTOGRAMS: Record<string, string> = {
  // Planks seen from the end, stacked.
  travaror: `<rect x="14" y="52" width="72" height="14" rx="2"/><rect x="20" y="36" width="60" height="14" rx="2"/><rect x="26" y="20" width="48" height="14" rx="2"/><rect x="14" y="68" width="72" height="14" rx="2"/>`,
  // Leaning sheets.
  skivmaterial: `<path d="M20 84 L38 16 L50 16 L32 84 Z"/><path d="M40 84 L58 16 L70 16 L52 84 Z"/><path d="M60 84 L78 16 L86 16 L72 84 Z"/>`,
  // A roll of insulation with waves.
  isolering: `<rect x="16" y="30" width="68" height="40" rx="20"/><path d="M24 50 q6 -10 12 0 t12 0 t12 0 t12 0" fill="none" stroke="#fff" stroke-width="4"/>`,
  // A brick bond.
  'mur-betong-och-grund': `<rect x="12" y="24" width="36" height="16"/><rect x="52" y="24" width="36" height="16"/><rect x="12" y="44" width="16" height="16"/><rect x="32" y="44" width="36" height="16"/><rect x="72" y="44" width="16" height="16"/><rect x="12" y="64" width="36" height="16"/><rect x="52" y="64" width="36" height="16"/>`,
  // A house roof.
  tak: `<path d="M10 56 L50 18 L90 56 L80 56 L50 28 L20 56 Z"/><rect x="26" y="56" width="48" height="28"/>`,
  // A window with four panes.
  'fonster-och-dorrar': `<rect x="22" y="14" width="56" height="72" rx="3"/><rect x="28" y="20" width="19" height="28" fill="#fff"/><rect x="53" y="20" width="19" height="28" fill="#fff"/><rect x="28" y="54" width="19" height="26" fill="#fff"/><rect x="53" y="54" width="19" height="26" fill="#fff"/>`,
  // Floor boards in perspective.
  golv: `<path d="M8 80 L30 40 L44 40 L26 80 Z"/><path d="M30 80 L46 40 L58 40 L48 80 Z"/><path d="M52 80 L60 40 L72 40 L70 80 Z"/><path d="M74 80 L74 40 L86 40 L92 80 Z"/>`,
  // A paint can.
  farg: `<rect x="24" y="30" width="52" height="54" rx="4"/><rect x="20" y="22" width="60" height="10" rx="3"/><path d="M30 30 q20 -26 40 0" fill="none" stroke="currentColor" stroke-width="4"/>`,
  // A sealant cartridge.
  byggkemi: `<rect x="22" y="40" width="56" height="22" rx="4"/><path d="M78 46 L94 50 L78 56 Z"/><rect x="10" y="44" width="12" height="14" rx="2"/>`,
  // A hammer.
  verktyg: `<rect x="46" y="36" width="10" height="52" rx="3"/><path d="M24 18 H76 V34 H24 Q18 26 24 18 Z"/>`,
  // A screw.
  'jarn-och-infastning': `<rect x="30" y="12" width="40" height="10" rx="3"/><path d="M42 22 H58 V70 L50 88 L42 70 Z"/><path d="M38 34 L62 30 M38 46 L62 42 M38 58 L62 54" stroke="#fff" stroke-width="3"/>`,
  // A pipe with a tap.
  vvs: `<rect x="12" y="56" width="76" height="14" rx="3"/><rect x="44" y="30" width="12" height="26"/><rect x="30" y="24" width="40" height="10" rx="4"/>`,
  // A lightning bolt.
  el: `<path d="M56 10 L26 56 H46 L40 90 L74 40 H54 Z"/>`,
  // A tree.
  'mark-och-tradgard': `<circle cx="50" cy="38" r="26"/><rect x="45" y="58" width="10" height="28"/>`,
  // A hard hat.
  'arbetsklader-och-skydd': `<path d="M18 66 Q18 28 50 28 Q82 28 82 66 Z"/><rect x="10" y="66" width="80" height="10" rx="4"/><rect x="46" y="20" width="8" height="18"/>`,
};

/** Ink per category, dark enough for the pale demo backgrounds. */
const ACCENTS: Record<string, string> = {
  travaror: '#8a5a2b',
  skivmaterial: '#6b6258',
  isolering: '#b5651d',
  'mur-betong-och-grund': '#9b3d2e',
  tak: '#3d4f5c',
  'fonster-och-dorrar': '#2f5d7c',
  golv: '#7a5230',
  farg: '#2e6b8a',
  byggkemi: '#5b6d2e',
  verktyg: '#c0392b',
  'jarn-och-infastning': '#4a5560',
  vvs: '#1f6f8b',
  el: '#b7791f',
  'mark-och-tradgard': '#2f7a44',
  'arbetsklader-och-skydd': '#d35400',
};

/** A plain box for a category without its own pictogram. */
const FALLBACK = `<rect x="22" y="26" width="56" height="52" rx="4"/><path d="M22 40 H78" stroke="#fff" stroke-width="4"/>`;

/** Whether dark ink reads better than light ink on the background (relative luminance). */
function isLight(background: string): boolean {
  const hex = /^#?([0-9a-f]{6})$/i.exec(background)?.[1] ?? '808080';
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255) as [
    number,
    number,
    number,
  ];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b > 0.55;
}

/**
 * The product picture as SVG: the background colour and, centred, the drawing of the
 * product's kind coloured from its title (type-pictograms.ts); without a known kind, the top
 * category's pictogram.
 */
export function productImageSvg(spec: {
  width: number;
  height: number;
  background: string;
  topCategory: string;
  categoryPath?: string;
  title?: string;
  imageKey?: string;
}): string {
  const background = /^#[0-9a-f]{6}$/i.test(spec.background) ? spec.background : '#d9d4c7';
  // The category's accent on a light background, light ink on a dark one.
  const ink = isLight(background) ? (ACCENTS[spec.topCategory] ?? '#1f2a30') : '#f6f3ec';
  const size = Math.min(spec.width, spec.height) * 0.6;
  const x = (spec.width - size) / 2;
  const y = (spec.height - size) / 2;
  const typed =
    spec.categoryPath !== undefined
      ? typePictogram({
          categoryPath: spec.categoryPath,
          title: spec.title ?? '',
          imageKey: spec.imageKey ?? '',
        })
      : null;
  if (typed) {
    return `<svg xmlns="http://www.w3.org/2000/svg" width="${spec.width}" height="${spec.height}" viewBox="0 0 ${spec.width} ${spec.height}">
<rect width="100%" height="100%" fill="${background}"/>
<svg x="${x}" y="${y}" width="${size}" height="${size}" viewBox="0 0 100 100">${typed}</svg>
</svg>`;
  }
  const shape = PICTOGRAMS[spec.topCategory] ?? FALLBACK;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${spec.width}" height="${spec.height}" viewBox="0 0 ${spec.width} ${spec.height}">
<rect width="100%" height="100%" fill="${background}"/>
<svg x="${x}" y="${y}" width="${size}" height="${size}" viewBox="0 0 100 100" fill="${ink}" color="${ink}">${shape}</svg>
</svg>`;
}

export const PICTOGRAM_CATEGORIES = Object.keys(PICTOGRAMS);
