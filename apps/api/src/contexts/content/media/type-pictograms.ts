/**
 * Product pictures per kind of product (issue 22): one drawing per second-level category
 * (a plank's end grain for timber, a sheet for boards, a can for paint, a drill for power
 * tools …), coloured from the product's own title (its colour, wood or metal) and varied
 * per product (turn, size and number of pieces from the image key), in a 100×100 box. All
 * drawn here; no image files and nothing copyrighted.
 */

/** Shapes in a 100×100 box; `c` is the product's colour, `d` a darker shade of it, `n` 1–3. */
type Draw = (c: string, d: string, n: number) => string;

const SHAPES: Record<string, Draw> = {
  plank: (c, d, n) =>
    Array.from(
      { length: 2 + n },
      (_, i) =>
        `<rect x="${14 + (i % 2) * 4}" y="${76 - i * 16}" width="${68 - (i % 2) * 8}" height="13" rx="2" fill="${c}" stroke="${d}" stroke-width="1.5"/><circle cx="${22 + (i % 2) * 4}" cy="${82.5 - i * 16}" r="3" fill="none" stroke="${d}" stroke-width="1"/>`,
    ).join(''),
  beam: (c, d) =>
    `<path d="M12 66 L62 30 L88 38 L38 74 Z" fill="${c}" stroke="${d}" stroke-width="2"/><path d="M38 74 L38 86 L12 78 L12 66 Z" fill="${d}"/><path d="M38 74 L88 38 L88 50 L38 86 Z" fill="${c}" stroke="${d}" stroke-width="1.5"/><path d="M20 70 L70 34 M28 72 L78 36" stroke="${d}" stroke-width="1" opacity=".5"/>`,
  panel: (c, d, n) =>
    Array.from(
      { length: 4 + n },
      (_, i) =>
        `<rect x="${12 + i * (76 / (4 + n))}" y="14" width="${76 / (4 + n) - 2}" height="72" fill="${c}" stroke="${d}" stroke-width="1.5"/>`,
    ).join(''),
  moulding: (c, d) =>
    `<path d="M10 70 L86 28 L90 34 L16 78 Z" fill="${c}" stroke="${d}" stroke-width="2"/><path d="M16 78 L90 34 L90 42 Q60 60 18 86 Z" fill="${d}"/>`,
  sheet: (c, d, n) =>
    Array.from(
      { length: n + 1 },
      (_, i) =>
        `<path d="M${18 + i * 10} 86 L${34 + i * 10} 14 L${50 + i * 10} 14 L${34 + i * 10} 86 Z" fill="${c}" stroke="${d}" stroke-width="2"/>`,
    ).join(''),
  batt: (c, d) =>
    `<rect x="14" y="30" width="72" height="40" rx="4" fill="${c}" stroke="${d}" stroke-width="2"/><path d="M20 50 q6 -10 12 0 t12 0 t12 0 t12 0 t12 0" fill="none" stroke="${d}" stroke-width="3"/>`,
  block: (c, d, n) =>
    Array.from(
      { length: n + 1 },
      (_, i) =>
        `<path d="M14 ${70 - i * 16} L56 ${58 - i * 16} L86 ${64 - i * 16} L44 ${76 - i * 16} Z" fill="${c}" stroke="${d}" stroke-width="1.5"/><path d="M14 ${70 - i * 16} L14 ${80 - i * 16} L44 ${86 - i * 16} L44 ${76 - i * 16} Z" fill="${d}"/>`,
    ).join(''),
  sack: (c, d) =>
    `<path d="M26 20 L74 20 Q82 50 78 84 L22 84 Q18 50 26 20 Z" fill="${c}" stroke="${d}" stroke-width="2"/><path d="M26 20 Q50 28 74 20" fill="none" stroke="${d}" stroke-width="2"/><rect x="34" y="44" width="32" height="20" rx="2" fill="#fff" opacity=".85"/>`,
  roll: (c, d) =>
    `<rect x="24" y="22" width="52" height="60" fill="${c}" stroke="${d}" stroke-width="2"/><ellipse cx="50" cy="22" rx="26" ry="8" fill="${c}" stroke="${d}" stroke-width="2"/><ellipse cx="50" cy="22" rx="8" ry="3" fill="${d}"/><path d="M76 70 L90 80 L76 82 Z" fill="${c}" stroke="${d}" stroke-width="1.5"/>`,
  brick: (c, d) =>
    `<g fill="${c}" stroke="${d}" stroke-width="2"><rect x="12" y="24" width="36" height="16"/><rect x="52" y="24" width="36" height="16"/><rect x="12" y="44" width="16" height="16"/><rect x="32" y="44" width="36" height="16"/><rect x="72" y="44" width="16" height="16"/><rect x="12" y="64" width="36" height="16"/><rect x="52" y="64" width="36" height="16"/></g>`,
  rebar: (c, d, n) =>
    Array.from(
      { length: n + 2 },
      (_, i) =>
        `<path d="M${10 + i * 6} ${80 - i * 10} L${86 - i * 4} ${30 - i * 8}" stroke="${d}" stroke-width="5" stroke-linecap="round"/><path d="M${10 + i * 6} ${80 - i * 10} L${86 - i * 4} ${30 - i * 8}" stroke="${c}" stroke-width="3" stroke-dasharray="2 3"/>`,
    ).join(''),
  pipe: (c, d) =>
    `<rect x="10" y="40" width="64" height="20" fill="${c}" stroke="${d}" stroke-width="2"/><ellipse cx="74" cy="50" rx="6" ry="10" fill="${d}"/><ellipse cx="74" cy="50" rx="3" ry="6" fill="#fff" opacity=".7"/><path d="M24 40 V60 M40 40 V60 M56 40 V60" stroke="${d}" stroke-width="1" opacity=".5"/>`,
  rooftile: (c, d) =>
    `<g fill="${c}" stroke="${d}" stroke-width="2"><path d="M10 40 q10 -12 20 0 q10 -12 20 0 q10 -12 20 0 q10 -12 20 0 V58 H10 Z"/><path d="M10 62 q10 -12 20 0 q10 -12 20 0 q10 -12 20 0 q10 -12 20 0 V84 H10 Z"/></g>`,
  roofsheet: (c, d) =>
    `<path d="M10 30 L26 22 L26 78 L10 86 Z M26 22 L42 30 L42 86 L26 78 Z M42 30 L58 22 L58 78 L42 86 Z M58 22 L74 30 L74 86 L58 78 Z M74 30 L90 22 L90 78 L74 86 Z" fill="${c}" stroke="${d}" stroke-width="1.5"/>`,
  gutter: (c, d) =>
    `<path d="M10 30 H90 V38 Q90 54 74 54 H26 Q10 54 10 38 Z" fill="${c}" stroke="${d}" stroke-width="2"/><rect x="64" y="54" width="12" height="34" fill="${c}" stroke="${d}" stroke-width="2"/>`,
  ladder: (c, d) =>
    `<g stroke="${d}" stroke-width="5" stroke-linecap="round"><path d="M30 10 L22 90 M70 10 L78 90"/></g><g stroke="${c}" stroke-width="5"><path d="M29 24 H71 M27 42 H73 M25 60 H75 M23 78 H77"/></g>`,
  window: (c, d, n) =>
    `<rect x="18" y="12" width="64" height="76" rx="2" fill="${c}" stroke="${d}" stroke-width="2"/><rect x="24" y="18" width="${n > 1 ? 24 : 52}" height="64" fill="#cfe6f3" stroke="${d}"/>${n > 1 ? `<rect x="52" y="18" width="24" height="64" fill="#cfe6f3" stroke="${d}"/>` : ''}<path d="M28 30 L40 22 M28 40 L44 28" stroke="#fff" stroke-width="2"/>`,
  door: (c, d, n) =>
    `<rect x="26" y="8" width="48" height="84" rx="2" fill="${c}" stroke="${d}" stroke-width="2"/>${Array.from({ length: n }, (_, i) => `<rect x="32" y="${14 + i * (72 / n)}" width="36" height="${72 / n - 6}" fill="none" stroke="${d}" stroke-width="1.5"/>`).join('')}<circle cx="66" cy="52" r="3" fill="${d}"/>`,
  garage: (c, d) =>
    `<path d="M8 30 L50 10 L92 30 V90 H8 Z" fill="#e8e4dc" stroke="${d}" stroke-width="2"/><rect x="18" y="38" width="64" height="52" fill="${c}" stroke="${d}" stroke-width="2"/><path d="M18 51 H82 M18 64 H82 M18 77 H82" stroke="${d}" stroke-width="1.5"/>`,
  handle: (c, d) =>
    `<rect x="30" y="20" width="16" height="60" rx="6" fill="${c}" stroke="${d}" stroke-width="2"/><path d="M38 36 H80 Q86 36 86 42 Q86 46 80 46 H46" fill="${c}" stroke="${d}" stroke-width="2"/><circle cx="38" cy="66" r="4" fill="${d}"/>`,
  floor: (c, d) =>
    `<path d="M8 80 L30 36 L44 36 L26 80 Z M30 80 L46 36 L58 36 L48 80 Z M52 80 L60 36 L72 36 L70 80 Z M74 80 L74 36 L86 36 L92 80 Z" fill="${c}" stroke="${d}" stroke-width="1.5"/>`,
  tiles: (c, d, n) => {
    const k = n + 2;
    const size = 76 / k;
    let out = '';
    for (let r = 0; r < k; r++)
      for (let q = 0; q < k; q++)
        out += `<rect x="${12 + q * size}" y="${12 + r * size}" width="${size - 2}" height="${size - 2}" fill="${c}" stroke="${d}" stroke-width="1"/>`;
    return out;
  },
  can: (c, d) =>
    `<rect x="24" y="28" width="52" height="58" rx="4" fill="#dfe3e6" stroke="#6b7379" stroke-width="2"/><rect x="24" y="44" width="52" height="28" fill="${c}" stroke="${d}" stroke-width="1"/><rect x="20" y="20" width="60" height="10" rx="3" fill="#b8bec3"/><path d="M30 28 q20 -24 40 0" fill="none" stroke="#6b7379" stroke-width="3"/>`,
  bucket: (c, d) =>
    `<path d="M22 28 H78 L72 86 H28 Z" fill="${c}" stroke="${d}" stroke-width="2"/><rect x="18" y="22" width="64" height="8" rx="3" fill="${d}"/><rect x="34" y="46" width="32" height="18" rx="2" fill="#fff" opacity=".85"/>`,
  roller: (c, d) =>
    `<rect x="20" y="16" width="60" height="20" rx="8" fill="${c}" stroke="${d}" stroke-width="2"/><path d="M80 26 H88 V48 H50 V60" fill="none" stroke="#555" stroke-width="4"/><rect x="44" y="60" width="12" height="30" rx="4" fill="${d}"/>`,
  wallpaper: (c, d) =>
    `<rect x="20" y="26" width="34" height="60" fill="${c}" stroke="${d}" stroke-width="2"/><ellipse cx="37" cy="26" rx="17" ry="6" fill="${c}" stroke="${d}" stroke-width="2"/><path d="M54 30 H82 V88 H54" fill="${c}" stroke="${d}" stroke-width="2"/><path d="M60 40 l6 6 6 -6 M60 56 l6 6 6 -6 M60 72 l6 6 6 -6" fill="none" stroke="${d}" stroke-width="2"/>`,
  cartridge: (c, d) =>
    `<rect x="18" y="40" width="56" height="22" rx="4" fill="${c}" stroke="${d}" stroke-width="2"/><path d="M74 45 L94 50 L74 57 Z" fill="${d}"/><rect x="8" y="44" width="10" height="14" rx="2" fill="${d}"/>`,
  spray: (c, d) =>
    `<rect x="32" y="30" width="36" height="58" rx="8" fill="${c}" stroke="${d}" stroke-width="2"/><rect x="42" y="18" width="16" height="12" fill="${d}"/><path d="M58 22 H84" stroke="${d}" stroke-width="4"/>`,
  jug: (c, d) =>
    `<path d="M28 30 H66 Q74 30 74 38 V84 H28 Z" fill="${c}" stroke="${d}" stroke-width="2"/><rect x="36" y="18" width="16" height="12" fill="${d}"/><path d="M66 40 H82 V64 H74" fill="none" stroke="${d}" stroke-width="4"/>`,
  drill: (c, d) =>
    `<path d="M16 26 H66 Q74 26 74 34 V44 Q74 50 66 50 H16 Z" fill="${c}" stroke="${d}" stroke-width="2"/><path d="M74 36 H92" stroke="#555" stroke-width="4"/><path d="M34 50 L30 76 H48 L50 50 Z" fill="${d}"/><rect x="24" y="76" width="32" height="12" rx="2" fill="#333"/>`,
  battery: (c, d) =>
    `<rect x="18" y="34" width="64" height="42" rx="4" fill="#333"/><rect x="18" y="34" width="64" height="14" rx="4" fill="${c}"/><rect x="34" y="24" width="32" height="10" rx="2" fill="${d}"/><path d="M30 60 H70" stroke="${c}" stroke-width="4" stroke-dasharray="8 4"/>`,
  hammer: (c, d) =>
    `<rect x="46" y="34" width="10" height="56" rx="3" fill="${c}" stroke="${d}" stroke-width="1.5"/><path d="M22 16 H78 V32 H22 Q16 24 22 16 Z" fill="#5d6670"/>`,
  ruler: (c, d) =>
    `<rect x="10" y="40" width="80" height="20" rx="2" fill="${c}" stroke="${d}" stroke-width="2"/><path d="M18 40 V48 M26 40 V52 M34 40 V48 M42 40 V52 M50 40 V48 M58 40 V52 M66 40 V48 M74 40 V52 M82 40 V48" stroke="${d}" stroke-width="1.5"/><circle cx="70" cy="54" r="3" fill="#2a7"/>`,
  bit: (c, d) =>
    `<circle cx="50" cy="50" r="34" fill="#d9dde0" stroke="${d}" stroke-width="2"/><circle cx="50" cy="50" r="8" fill="#fff" stroke="${d}" stroke-width="2"/><path d="M50 16 l4 6 h-8 Z M84 50 l-6 4 v-8 Z M50 84 l-4 -6 h8 Z M16 50 l6 -4 v8 Z" fill="${c}"/>`,
  toolbox: (c, d) =>
    `<rect x="14" y="38" width="72" height="46" rx="4" fill="${c}" stroke="${d}" stroke-width="2"/><path d="M36 38 V26 H64 V38" fill="none" stroke="${d}" stroke-width="5"/><rect x="44" y="50" width="12" height="8" fill="${d}"/>`,
  screw: (c, d, n) =>
    Array.from(
      { length: n },
      (_, i) =>
        `<g transform="translate(${(i - (n - 1) / 2) * 22} 0)"><rect x="38" y="12" width="24" height="8" rx="3" fill="${c}" stroke="${d}"/><path d="M44 20 H56 V70 L50 88 L44 70 Z" fill="${c}" stroke="${d}"/><path d="M42 32 L58 28 M42 44 L58 40 M42 56 L58 52" stroke="${d}" stroke-width="2"/></g>`,
    ).join(''),
  nail: (c, d, n) =>
    Array.from(
      { length: n + 1 },
      (_, i) =>
        `<g transform="rotate(${(i - n / 2) * 14} 50 50)"><rect x="36" y="12" width="28" height="6" rx="2" fill="${c}" stroke="${d}"/><path d="M47 18 H53 V80 L50 90 L47 80 Z" fill="${c}" stroke="${d}"/></g>`,
    ).join(''),
  bracket: (c, d) =>
    `<path d="M20 20 H36 V64 H80 V80 H20 Z" fill="${c}" stroke="${d}" stroke-width="2"/><circle cx="28" cy="32" r="3" fill="#fff"/><circle cx="28" cy="50" r="3" fill="#fff"/><circle cx="50" cy="72" r="3" fill="#fff"/><circle cx="68" cy="72" r="3" fill="#fff"/>`,
  anchor: (c, d) =>
    `<path d="M40 14 H60 L58 84 L50 92 L42 84 Z" fill="${c}" stroke="${d}" stroke-width="2"/><path d="M42 30 H58 M42 46 H58 M42 62 H58" stroke="${d}" stroke-width="2"/>`,
  hinge: (c, d) =>
    `<rect x="16" y="22" width="30" height="56" rx="3" fill="${c}" stroke="${d}" stroke-width="2"/><rect x="54" y="22" width="30" height="56" rx="3" fill="${c}" stroke="${d}" stroke-width="2"/><rect x="46" y="20" width="8" height="60" rx="3" fill="${d}"/><circle cx="31" cy="36" r="3" fill="#fff"/><circle cx="31" cy="64" r="3" fill="#fff"/><circle cx="69" cy="36" r="3" fill="#fff"/><circle cx="69" cy="64" r="3" fill="#fff"/>`,
  padlock: (c, d) =>
    `<path d="M34 44 V32 Q34 16 50 16 Q66 16 66 32 V44" fill="none" stroke="#8a9198" stroke-width="6"/><rect x="24" y="44" width="52" height="42" rx="6" fill="${c}" stroke="${d}" stroke-width="2"/><circle cx="50" cy="62" r="5" fill="${d}"/><rect x="48" y="64" width="4" height="12" fill="${d}"/>`,
  toilet: (c, d) =>
    `<rect x="56" y="14" width="26" height="40" rx="3" fill="${c}" stroke="${d}" stroke-width="2"/><path d="M18 50 H74 Q74 74 52 76 L54 88 H34 L36 76 Q18 72 18 50 Z" fill="${c}" stroke="${d}" stroke-width="2"/>`,
  tap: (c, d) =>
    `<rect x="40" y="50" width="16" height="36" fill="${c}" stroke="${d}" stroke-width="2"/><path d="M48 50 V24 Q48 16 58 16 H80 V26 H60 V50" fill="${c}" stroke="${d}" stroke-width="2"/><rect x="30" y="40" width="36" height="8" rx="3" fill="${d}"/><path d="M74 30 v8 M80 32 v8" stroke="#7fb8de" stroke-width="2"/>`,
  radiator: (c, d, n) =>
    Array.from(
      { length: 5 + n },
      (_, i) =>
        `<rect x="${12 + i * (76 / (5 + n))}" y="24" width="${76 / (5 + n) - 3}" height="56" rx="3" fill="${c}" stroke="${d}" stroke-width="1.5"/>`,
    ).join('') + `<rect x="10" y="80" width="80" height="4" fill="${d}"/>`,
  fan: (c, d) =>
    `<circle cx="50" cy="50" r="36" fill="${c}" stroke="${d}" stroke-width="2"/><circle cx="50" cy="50" r="28" fill="#fff" stroke="${d}"/><path d="M50 50 Q44 28 56 24 Z M50 50 Q72 44 76 56 Z M50 50 Q56 72 44 76 Z M50 50 Q28 56 24 44 Z" fill="${d}"/>`,
  socket: (c, d) =>
    `<rect x="18" y="18" width="64" height="64" rx="10" fill="${c}" stroke="${d}" stroke-width="2"/><circle cx="50" cy="50" r="20" fill="none" stroke="${d}" stroke-width="2"/><circle cx="42" cy="50" r="3.5" fill="${d}"/><circle cx="58" cy="50" r="3.5" fill="${d}"/>`,
  lamp: (c, d) =>
    `<path d="M50 8 V26" stroke="#555" stroke-width="3"/><path d="M24 54 Q24 26 50 26 Q76 26 76 54 Z" fill="${c}" stroke="${d}" stroke-width="2"/><circle cx="50" cy="60" r="8" fill="#fde68a"/><path d="M30 74 L24 84 M50 76 V88 M70 74 L76 84" stroke="#e8b84a" stroke-width="3"/>`,
  cable: (c, d) =>
    `<circle cx="44" cy="50" r="30" fill="none" stroke="${c}" stroke-width="8"/><circle cx="44" cy="50" r="18" fill="none" stroke="${d}" stroke-width="6"/><path d="M74 50 Q86 60 84 78" fill="none" stroke="${c}" stroke-width="6"/><rect x="78" y="76" width="12" height="12" rx="2" fill="#333"/>`,
  alarm: (c, d) =>
    `<circle cx="50" cy="50" r="34" fill="${c}" stroke="${d}" stroke-width="2"/><circle cx="50" cy="50" r="18" fill="none" stroke="${d}" stroke-width="2"/><circle cx="64" cy="36" r="3" fill="#d33"/>`,
  paver: (c, d) =>
    `<g fill="${c}" stroke="${d}" stroke-width="2"><path d="M8 60 L34 48 L60 56 L34 70 Z"/><path d="M40 74 L66 60 L92 68 L66 84 Z"/><path d="M40 42 L66 30 L92 38 L66 52 Z"/></g>`,
  fence: (c, d, n) =>
    Array.from(
      { length: 4 + n },
      (_, i) =>
        `<path d="M${12 + i * (76 / (4 + n))} 84 V26 L${12 + i * (76 / (4 + n)) + 5} 18 L${12 + i * (76 / (4 + n)) + 10} 26 V84 Z" fill="${c}" stroke="${d}" stroke-width="1.5"/>`,
    ).join('') +
    `<rect x="8" y="36" width="84" height="6" fill="${d}"/><rect x="8" y="64" width="84" height="6" fill="${d}"/>`,
  shovel: (c, d) =>
    `<rect x="47" y="8" width="6" height="54" fill="#a0763f"/><path d="M34 60 H66 V74 Q66 92 50 92 Q34 92 34 74 Z" fill="${c}" stroke="${d}" stroke-width="2"/><rect x="40" y="6" width="20" height="6" rx="3" fill="${d}"/>`,
  hose: (c, d) =>
    `<circle cx="48" cy="48" r="30" fill="none" stroke="${c}" stroke-width="7"/><circle cx="48" cy="48" r="20" fill="none" stroke="${c}" stroke-width="7"/><circle cx="48" cy="48" r="10" fill="${d}"/><path d="M78 48 Q90 60 86 80" fill="none" stroke="${c}" stroke-width="6"/>`,
  trousers: (c, d) =>
    `<path d="M26 12 H74 L80 88 H58 L50 40 L42 88 H20 Z" fill="${c}" stroke="${d}" stroke-width="2"/><rect x="26" y="12" width="48" height="8" fill="${d}"/><rect x="26" y="52" width="12" height="14" fill="${d}" opacity=".6"/><rect x="62" y="52" width="12" height="14" fill="${d}" opacity=".6"/>`,
  jacket: (c, d) =>
    `<path d="M36 12 L50 20 L64 12 L88 26 L82 48 L74 44 V88 H26 V44 L18 48 L12 26 Z" fill="${c}" stroke="${d}" stroke-width="2"/><path d="M50 20 V88" stroke="${d}" stroke-width="2"/><rect x="30" y="56" width="14" height="10" fill="${d}" opacity=".6"/>`,
  boot: (c, d) =>
    `<path d="M26 14 H54 V58 L86 68 Q90 70 90 78 V86 H22 Z" fill="${c}" stroke="${d}" stroke-width="2"/><rect x="20" y="84" width="72" height="6" rx="2" fill="#333"/><path d="M60 60 Q84 66 86 78" fill="none" stroke="#c9a227" stroke-width="3"/>`,
  helmet: (c, d) =>
    `<path d="M18 66 Q18 28 50 28 Q82 28 82 66 Z" fill="${c}" stroke="${d}" stroke-width="2"/><rect x="10" y="66" width="80" height="10" rx="4" fill="${d}"/><rect x="46" y="20" width="8" height="18" fill="${d}"/>`,
};

/** Which drawing each kind of product (second-level category path) gets. */
const SHAPE_BY_TYPE: Record<string, string> = {
  'travaror/konstruktionsvirke': 'plank',
  'travaror/tryckimpregnerat-virke': 'plank',
  'travaror/limtra-och-lvl': 'beam',
  'travaror/panel': 'panel',
  'travaror/lister-och-foder': 'moulding',
  'travaror/hyvlat-virke': 'plank',
  'skivmaterial/gipsskivor': 'sheet',
  'skivmaterial/spanskivor': 'sheet',
  'skivmaterial/plywood-och-osb': 'sheet',
  'skivmaterial/board-och-mdf': 'sheet',
  'skivmaterial/specialskivor': 'sheet',
  'isolering/mineralull': 'batt',
  'isolering/cellplast': 'block',
  'isolering/losull-och-naturisolering': 'sack',
  'isolering/fukt-och-vindskydd': 'roll',
  'mur-betong-och-grund/betong-och-cement': 'sack',
  'mur-betong-och-grund/murbruk-och-puts': 'sack',
  'mur-betong-och-grund/block-och-tegel': 'brick',
  'mur-betong-och-grund/armering': 'rebar',
  'mur-betong-och-grund/grundlaggning-och-dranering': 'pipe',
  'tak/takpannor': 'rooftile',
  'tak/takplat': 'roofsheet',
  'tak/takpapp-och-underlag': 'roll',
  'tak/takavvattning': 'gutter',
  'tak/taksakerhet': 'ladder',
  'fonster-och-dorrar/fonster': 'window',
  'fonster-och-dorrar/ytterdorrar': 'door',
  'fonster-och-dorrar/innerdorrar': 'door',
  'fonster-och-dorrar/garageportar': 'garage',
  'fonster-och-dorrar/dorr-och-fonstertillbehor': 'handle',
  'golv/parkett-och-tragolv': 'floor',
  'golv/laminatgolv': 'floor',
  'golv/vinyl-och-plastmatta': 'floor',
  'golv/klinker-och-kakel': 'tiles',
  'golv/golvunderlag-och-tillbehor': 'roll',
  'farg/inomhusfarg': 'can',
  'farg/utomhusfarg': 'can',
  'farg/lack-olja-och-bets': 'can',
  'farg/grundfarg-och-spackel': 'bucket',
  'farg/maleriverktyg': 'roller',
  'farg/tapet': 'wallpaper',
  'byggkemi/fogmassor': 'cartridge',
  'byggkemi/lim': 'cartridge',
  'byggkemi/fogskum-och-brandtatning': 'spray',
  'byggkemi/tatskikt-och-vatrum': 'bucket',
  'byggkemi/kakelfix-och-fog': 'sack',
  'byggkemi/rengoring-och-ytskydd': 'jug',
  'verktyg/elverktyg': 'drill',
  'verktyg/batterier-och-laddare': 'battery',
  'verktyg/handverktyg': 'hammer',
  'verktyg/matverktyg': 'ruler',
  'verktyg/verktygstillbehor': 'bit',
  'verktyg/stegar-och-arbetsbockar': 'ladder',
  'verktyg/forvaring': 'toolbox',
  'jarn-och-infastning/skruv': 'screw',
  'jarn-och-infastning/spik': 'nail',
  'jarn-och-infastning/byggbeslag': 'bracket',
  'jarn-och-infastning/plugg-och-ankare': 'anchor',
  'jarn-och-infastning/gangjarn-hakar-och-handtag': 'hinge',
  'jarn-och-infastning/las-och-sakerhet': 'padlock',
  'vvs/badrum': 'toilet',
  'vvs/kok-och-tvatt': 'tap',
  'vvs/ror-och-kopplingar': 'pipe',
  'vvs/avlopp': 'pipe',
  'vvs/varme': 'radiator',
  'vvs/ventilation': 'fan',
  'el/installationsmaterial': 'socket',
  'el/belysning': 'lamp',
  'el/skarvsladdar-och-grenuttag': 'cable',
  'el/brandskydd-och-sakerhet': 'alarm',
  'mark-och-tradgard/markbelaggning': 'paver',
  'mark-och-tradgard/grus-sand-och-jord': 'sack',
  'mark-och-tradgard/staket-och-grindar': 'fence',
  'mark-och-tradgard/markduk-och-dranering': 'roll',
  'mark-och-tradgard/tradgardsredskap': 'shovel',
  'mark-och-tradgard/vattning': 'hose',
  'mark-och-tradgard/snorojning': 'shovel',
  'arbetsklader-och-skydd/arbetsbyxor': 'trousers',
  'arbetsklader-och-skydd/arbetsjackor-och-trojor': 'jacket',
  'arbetsklader-och-skydd/skyddsskor': 'boot',
  'arbetsklader-och-skydd/personlig-skyddsutrustning': 'helmet',
};

/** Colours named in titles, and the colours of woods and metals, checked in order. */
const TITLE_COLOURS: ReadonlyArray<readonly [RegExp, string]> = [
  [/tegelröd|falu|rödfärg/i, '#a8432f'],
  [/\bröd\b|\brött\b/i, '#b5352a'],
  [/grön\b|NTR/i, '#6f8a3c'],
  [/antracit/i, '#3c4247'],
  [/svart/i, '#2d2f31'],
  [/ljusgrå/i, '#c4c8cb'],
  [/\bgrå\b|betong|cement|stål\b|förzinkad|varmförzinkad/i, '#8c9297'],
  [/\bbrun\b|valnöt|mahogny/i, '#7a4e2d'],
  [/\bgul\b|varsel/i, '#e2b100'],
  [/\bblå\b/i, '#2f5f8a'],
  [/beige|natur\b|sand/i, '#d8c3a0'],
  [/koppar/i, '#b56b3b'],
  [/mässing/i, '#c9a227'],
  [/krom|rostfri|aluminium|\balu\b/i, '#b9c0c6'],
  [/\bek\b/i, '#b5854f'],
  [/björk|ask|bok\b|furu/i, '#d9b57c'],
  [/gran|regel|plank|bräda|läkt|virke/i, '#e1c38d'],
  [/gips/i, '#e9e6df'],
  [/stenull/i, '#c9a15b'],
  [/glasull/i, '#e6c34a'],
  [/\bvit\b|\bvitt\b|vitmålad/i, '#f7f7f5'],
];

/** The accent per top-level category when the title names no colour. */
const TOP_ACCENTS: Record<string, string> = {
  travaror: '#c89c63',
  skivmaterial: '#cfc8bb',
  isolering: '#e0b94c',
  'mur-betong-och-grund': '#9aa0a5',
  tak: '#4a5b66',
  'fonster-och-dorrar': '#f3f1ec',
  golv: '#b98b58',
  farg: '#2e6b8a',
  byggkemi: '#e9e6df',
  verktyg: '#2f7bbf',
  'jarn-och-infastning': '#a9b0b6',
  vvs: '#f2f4f5',
  el: '#f1f1ee',
  'mark-och-tradgard': '#8e9a8a',
  'arbetsklader-och-skydd': '#3d4f66',
};

function hexToRgb(hex: string): [number, number, number] {
  const value = /^#?([0-9a-f]{6})$/i.exec(hex)?.[1] ?? '808080';
  return [0, 2, 4].map((i) => parseInt(value.slice(i, i + 2), 16)) as [number, number, number];
}

/** A darker shade for outlines and details. */
export function darker(hex: string, factor = 0.6): string {
  const [r, g, b] = hexToRgb(hex).map((v) => Math.round(v * factor)) as [number, number, number];
  return `#${[r, g, b].map((v) => v.toString(16).padStart(2, '0')).join('')}`;
}

/** 32-bit FNV-1a, for a stable variation per image. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export type TypePictogramInput = {
  /** Slash-joined slugs of the product's leaf category (travaror/konstruktionsvirke/reglar). */
  categoryPath: string;
  title: string;
  imageKey: string;
};

/** The product's colour: named in its title, else its top category's accent. */
export function productColour(title: string, categoryPath: string): string {
  for (const [pattern, colour] of TITLE_COLOURS) if (pattern.test(title)) return colour;
  return TOP_ACCENTS[categoryPath.split('/')[0] ?? ''] ?? '#6b7379';
}

/** The shape name for a category path; null when the kind has none (an unknown category). */
export function shapeOf(categoryPath: string): string | null {
  const type = categoryPath.split('/').slice(0, 2).join('/');
  return SHAPE_BY_TYPE[type] ?? null;
}

/**
 * The drawing for one picture, in a 100×100 box, or null without a shape for the kind.
 * Later pictures of a product (bild 2, 3) turn and scale a little differently.
 */
export function typePictogram(input: TypePictogramInput): string | null {
  const shape = shapeOf(input.categoryPath);
  const draw = shape ? SHAPES[shape] : undefined;
  if (!draw) return null;
  const colour = productColour(input.title, input.categoryPath);
  const h = hash(input.imageKey);
  const n = 1 + (hash(input.title) % 3);
  const angle = ((h % 11) - 5) * 1.5;
  const scale = 0.9 + ((h >>> 8) % 11) / 100;
  const shift = 50 * (1 - scale);
  return `<g transform="translate(${shift} ${shift}) scale(${scale}) rotate(${angle} 50 50)">${draw(colour, darker(colour), n)}</g>`;
}

export const TYPE_SHAPES = SHAPE_BY_TYPE;
export const SHAPE_NAMES = Object.keys(SHAPES);
