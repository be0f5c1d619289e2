/**
 * The window configurator ("Bygg ditt fönster", storefront spec §2 and issue 22): the rules of
 * a made-to-order window on a product choice tree. Pure: the model (allowed module sizes,
 * glazing, frame depth, opening type, frame colour, their prices and thermal values) is data,
 * stored with the configurable product (product_configurators.model) and seeded from
 * ELITFONSTER_WINDOW below. The server resolves a choice with `configureWindow`; the page only
 * shows what the server answered.
 *
 * U-value: EN ISO 10077-1's area-weighted sum, Uw = (Ag·Ug + Af·Uf + Lg·Ψg) / Aw, with the
 * frame width of the opening type (a fixed light has no sash, so a narrower frame).
 */

export type WindowOptionValue = { value: string; label: string };

export type WindowModel = {
  /** Allowed module widths and heights in decimetres (Swedish module sizes, "10×12"). */
  widthsDm: number[];
  heightsDm: number[];
  glazings: Array<WindowOptionValue & { ug: number; pricePerM2Ore: number; panes: 2 | 3 }>;
  depths: Array<WindowOptionValue & { mm: number; uf: number; surchargePercent: number }>;
  openings: Array<
    WindowOptionValue & {
      /** Visible frame (+ sash) width in metres on each side. */
      frameM: number;
      surchargeOre: number;
      /** Largest module size this opening is made in (null: no limit). */
      maxWidthDm: number | null;
      maxHeightDm: number | null;
    }
  >;
  colours: Array<WindowOptionValue & { surchargePercent: number }>;
  /** Fixed part of the price (frame, fittings, handling), öre incl. VAT. */
  basePriceOre: number;
  /** Linear thermal transmittance of the glass edge spacer, W/mK. */
  psiG: number;
  /** The smallest frame depth (mm) that takes a triple-glazed unit. */
  minDepthMmForTriple: number;
};

/** The shopper's choice: one value per step of the tree. */
export type WindowSelection = {
  width: number;
  height: number;
  glazing: string;
  depth: string;
  opening: string;
  colour: string;
};

export const WINDOW_STEPS = ['width', 'height', 'glazing', 'depth', 'opening', 'colour'] as const;
export type WindowStep = (typeof WINDOW_STEPS)[number];

/** Swedish names of the steps (legends of the page's fieldsets, the cart line's options). */
export const WINDOW_STEP_LABELS: Record<WindowStep, string> = {
  width: 'Bredd',
  height: 'Höjd',
  glazing: 'Glas',
  depth: 'Karmdjup',
  opening: 'Öppning',
  colour: 'Karmfärg',
};

export type WindowRefusal = { step: WindowStep; reason: string };

export type ConfiguredWindow = {
  /** The choice-tree path: the step values joined with '|'. */
  key: string;
  /** List price, öre incl. VAT (the price table holds it per article; stores may differ). */
  listPriceOre: number;
  /** Uw in W/m²K, two decimals. */
  uValue: number;
  areaM2: number;
  /** The cart line's description, e.g. 'Elitfönster 10×12 dm, 3-glas, …'. */
  description: string;
  options: Array<{ name: string; value: string; unit: string | null }>;
};

export type WindowResult =
  { ok: true; window: ConfiguredWindow } | { ok: false; refusals: WindowRefusal[] };

/** Elitfönster's aluminium-clad wooden window (the store chain's brand), as seeded. */
export const ELITFONSTER_WINDOW: WindowModel = {
  widthsDm: [5, 6, 8, 9, 10, 12, 14],
  heightsDm: [5, 6, 8, 10, 12, 14],
  glazings: [
    { value: '2-glas', label: '2-glas (isolerruta)', ug: 1.1, pricePerM2Ore: 240_000, panes: 2 },
    { value: '3-glas', label: '3-glas (isolerruta)', ug: 0.6, pricePerM2Ore: 310_000, panes: 3 },
  ],
  depths: [
    { value: '115', label: 'Standardkarm 115 mm', mm: 115, uf: 1.4, surchargePercent: 0 },
    { value: '155', label: 'Djup karm 155 mm', mm: 155, uf: 1.1, surchargePercent: 8 },
  ],
  openings: [
    {
      value: 'fast',
      label: 'Fast',
      frameM: 0.07,
      surchargeOre: 0,
      maxWidthDm: null,
      maxHeightDm: null,
    },
    {
      value: 'sidohangt',
      label: 'Sidohängt',
      frameM: 0.11,
      surchargeOre: 90_000,
      maxWidthDm: 10,
      maxHeightDm: null,
    },
    {
      value: 'overkantshangt',
      label: 'Överkantshängt',
      frameM: 0.11,
      surchargeOre: 110_000,
      maxWidthDm: null,
      maxHeightDm: 12,
    },
    {
      value: 'vridfonster',
      label: 'Vridfönster',
      frameM: 0.11,
      surchargeOre: 140_000,
      maxWidthDm: 12,
      maxHeightDm: 12,
    },
  ],
  colours: [
    { value: 'vit', label: 'Vit (NCS S 0502-Y)', surchargePercent: 0 },
    { value: 'gra', label: 'Grå (NCS S 7502-B)', surchargePercent: 10 },
    { value: 'svart', label: 'Svart (NCS S 9000-N)', surchargePercent: 10 },
  ],
  basePriceOre: 190_000,
  psiG: 0.04,
  minDepthMmForTriple: 155,
};

function find<T extends { value: string }>(list: readonly T[], value: string): T | undefined {
  return list.find((item) => item.value === value);
}

/** Two decimals, as a U-value is given (W/m²K). */
function round2(x: number): number {
  return Math.round(x * 100) / 100;
}

/** Uw of a window (EN ISO 10077-1, simplified to one frame width all round). */
export function windowUValue(
  widthM: number,
  heightM: number,
  frameM: number,
  ug: number,
  uf: number,
  psiG: number,
): number {
  const aw = widthM * heightM;
  const gw = Math.max(0, widthM - 2 * frameM);
  const gh = Math.max(0, heightM - 2 * frameM);
  const ag = gw * gh;
  const af = aw - ag;
  const lg = 2 * (gw + gh);
  return round2((ag * ug + af * uf + lg * psiG) / aw);
}

/** Every reason the selection cannot be made (empty: it can). Unknown values are refusals too. */
export function windowRefusals(model: WindowModel, s: WindowSelection): WindowRefusal[] {
  const out: WindowRefusal[] = [];
  if (!model.widthsDm.includes(s.width)) {
    out.push({
      step: 'width',
      reason: `Bredden ${s.width} dm finns inte. Välj en modulbredd: ${model.widthsDm.join(', ')} dm.`,
    });
  }
  if (!model.heightsDm.includes(s.height)) {
    out.push({
      step: 'height',
      reason: `Höjden ${s.height} dm finns inte. Välj en modulhöjd: ${model.heightsDm.join(', ')} dm.`,
    });
  }
  const glazing = find(model.glazings, s.glazing);
  if (!glazing) out.push({ step: 'glazing', reason: `Okänt glas: ${s.glazing}.` });
  const depth = find(model.depths, s.depth);
  if (!depth) out.push({ step: 'depth', reason: `Okänt karmdjup: ${s.depth}.` });
  const opening = find(model.openings, s.opening);
  if (!opening) out.push({ step: 'opening', reason: `Okänd öppning: ${s.opening}.` });
  if (!find(model.colours, s.colour)) {
    out.push({ step: 'colour', reason: `Okänd karmfärg: ${s.colour}.` });
  }
  if (glazing && depth && glazing.panes === 3 && depth.mm < model.minDepthMmForTriple) {
    out.push({
      step: 'depth',
      reason: `3-glas kräver djup karm (${model.minDepthMmForTriple} mm). Välj djup karm eller 2-glas.`,
    });
  }
  if (opening && opening.maxWidthDm !== null && s.width > opening.maxWidthDm) {
    out.push({
      step: 'opening',
      reason: `${opening.label} fönster görs högst ${opening.maxWidthDm} dm breda. Välj en mindre bredd eller en annan öppning.`,
    });
  }
  if (opening && opening.maxHeightDm !== null && s.height > opening.maxHeightDm) {
    out.push({
      step: 'opening',
      reason: `${opening.label} fönster görs högst ${opening.maxHeightDm} dm höga. Välj en lägre höjd eller en annan öppning.`,
    });
  }
  return out;
}

/** The list price: base + area × glass price + opening, then the depth and colour surcharges, whole kronor. */
export function windowListPriceOre(model: WindowModel, s: WindowSelection): number {
  const glazing = find(model.glazings, s.glazing);
  const depth = find(model.depths, s.depth);
  const opening = find(model.openings, s.opening);
  const colour = find(model.colours, s.colour);
  if (!glazing || !depth || !opening || !colour) throw new RangeError('unknown window option');
  const area = (s.width / 10) * (s.height / 10);
  const raw = model.basePriceOre + area * glazing.pricePerM2Ore + opening.surchargeOre;
  const factor = (100 + depth.surchargePercent) * (100 + colour.surchargePercent);
  return Math.round((raw * factor) / 10_000 / 100) * 100;
}

/** Two decimals with a decimal comma: 0.9 → '0,90'. */
function decimal(x: number): string {
  return x.toFixed(2).replace('.', ',');
}

/** The choice-tree path of a selection. */
export function windowKey(s: WindowSelection): string {
  return WINDOW_STEPS.map((step) => String(s[step])).join('|');
}

/** Resolves a selection: the priced, described window, or every reason it cannot be made. */
export function configureWindow(
  model: WindowModel,
  s: WindowSelection,
  brand = 'Elitfönster',
): WindowResult {
  const refusals = windowRefusals(model, s);
  if (refusals.length > 0) return { ok: false, refusals };
  const glazing = find(model.glazings, s.glazing)!;
  const depth = find(model.depths, s.depth)!;
  const opening = find(model.openings, s.opening)!;
  const colour = find(model.colours, s.colour)!;
  const uValue = windowUValue(
    s.width / 10,
    s.height / 10,
    opening.frameM,
    glazing.ug,
    depth.uf,
    model.psiG,
  );
  const colourName = colour.label.replace(/\s*\(.*\)$/, '').toLowerCase();
  return {
    ok: true,
    window: {
      key: windowKey(s),
      listPriceOre: windowListPriceOre(model, s),
      uValue,
      areaM2: round2((s.width / 10) * (s.height / 10)),
      description:
        `${brand} träfönster ${s.width}×${s.height} dm, ${glazing.value}, ` +
        `${opening.label.toLowerCase()}, karm ${depth.mm} mm, ${colourName}, U ${decimal(uValue)}`,
      options: [
        { name: 'Storlek', value: `${s.width}×${s.height}`, unit: 'dm' },
        { name: WINDOW_STEP_LABELS.glazing, value: glazing.value, unit: null },
        { name: WINDOW_STEP_LABELS.depth, value: String(depth.mm), unit: 'mm' },
        { name: WINDOW_STEP_LABELS.opening, value: opening.label, unit: null },
        { name: WINDOW_STEP_LABELS.colour, value: colour.label, unit: null },
        { name: 'U-värde', value: decimal(uValue), unit: 'W/m²K' },
      ],
    },
  };
}

/** Every selection the model can make, in tree order (the seed makes one article of each). */
export function allWindowSelections(model: WindowModel): WindowSelection[] {
  const out: WindowSelection[] = [];
  for (const width of model.widthsDm)
    for (const height of model.heightsDm)
      for (const glazing of model.glazings)
        for (const depth of model.depths)
          for (const opening of model.openings)
            for (const colour of model.colours) {
              const s = {
                width,
                height,
                glazing: glazing.value,
                depth: depth.value,
                opening: opening.value,
                colour: colour.value,
              };
              if (windowRefusals(model, s).length === 0) out.push(s);
            }
  return out;
}

/** U-value formatted the Swedish way: '0,93 W/m²K'. */
export function formatUValue(u: number): string {
  return `${u.toFixed(2).replace('.', ',')} W/m²K`;
}
