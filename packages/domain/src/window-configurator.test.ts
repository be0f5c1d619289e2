import { describe, expect, it } from 'vitest';
import {
  ELITFONSTER_WINDOW,
  allWindowSelections,
  configureWindow,
  formatUValue,
  windowListPriceOre,
  windowRefusals,
  windowUValue,
  type WindowSelection,
} from './window-configurator.ts';

const base: WindowSelection = {
  width: 10,
  height: 12,
  glazing: '2-glas',
  depth: '115',
  opening: 'sidohangt',
  colour: 'vit',
};

describe('window configurator rules', () => {
  it('accepts a window the model makes', () => {
    expect(windowRefusals(ELITFONSTER_WINDOW, base)).toEqual([]);
  });

  it('refuses 3-glas in a standard frame, naming the deep frame', () => {
    const refusals = windowRefusals(ELITFONSTER_WINDOW, { ...base, glazing: '3-glas' });
    expect(refusals).toEqual([
      { step: 'depth', reason: expect.stringContaining('3-glas kräver djup karm (155 mm)') },
    ]);
    expect(
      windowRefusals(ELITFONSTER_WINDOW, { ...base, glazing: '3-glas', depth: '155' }),
    ).toEqual([]);
  });

  it('refuses a vridfönster above 12×12 dm and a wide side-hung window', () => {
    const pivot = windowRefusals(ELITFONSTER_WINDOW, {
      ...base,
      width: 14,
      height: 14,
      opening: 'vridfonster',
    });
    expect(pivot.map((r) => r.reason)).toEqual([
      expect.stringContaining('Vridfönster fönster görs högst 12 dm breda'),
      expect.stringContaining('Vridfönster fönster görs högst 12 dm höga'),
    ]);
    expect(windowRefusals(ELITFONSTER_WINDOW, { ...base, width: 12 })[0]?.reason).toMatch(
      /Sidohängt fönster görs högst 10 dm breda/,
    );
    // A fixed light has no size limit.
    expect(
      windowRefusals(ELITFONSTER_WINDOW, { ...base, width: 14, height: 14, opening: 'fast' }),
    ).toEqual([]);
  });

  it('refuses sizes off the module grid and unknown values', () => {
    const refusals = windowRefusals(ELITFONSTER_WINDOW, {
      ...base,
      width: 7,
      height: 7,
      colour: 'rosa',
    });
    expect(refusals.map((r) => r.step)).toEqual(['width', 'height', 'colour']);
    expect(refusals[0]?.reason).toContain('5, 6, 8, 9, 10, 12, 14 dm');
  });
});

describe('window price', () => {
  it('is base + area × glass price + opening, with depth and colour surcharges', () => {
    // 1 900 + 1,2 m² × 2 400 + 900 = 5 680 kr
    expect(windowListPriceOre(ELITFONSTER_WINDOW, base)).toBe(568_000);
    // 3-glas, deep frame (+8 %), grey (+10 %): (1 900 + 1,2 × 3 100 + 900) × 1,08 × 1,10 = 7 745,76 → 7 746 kr
    expect(
      windowListPriceOre(ELITFONSTER_WINDOW, {
        ...base,
        glazing: '3-glas',
        depth: '155',
        colour: 'gra',
      }),
    ).toBe(774_600);
  });

  it('grows with the size and is always whole kronor', () => {
    for (const s of allWindowSelections(ELITFONSTER_WINDOW)) {
      const price = windowListPriceOre(ELITFONSTER_WINDOW, s);
      expect(price % 100).toBe(0);
      if (ELITFONSTER_WINDOW.heightsDm.includes(s.height + 2)) {
        const taller = { ...s, height: s.height + 2 };
        if (windowRefusals(ELITFONSTER_WINDOW, taller).length === 0) {
          expect(windowListPriceOre(ELITFONSTER_WINDOW, taller)).toBeGreaterThan(price);
        }
      }
    }
  });
});

describe('window U-value', () => {
  it('weights glass, frame and spacer by area (EN ISO 10077-1)', () => {
    // 1,0 × 1,2 m, frame 0,11: glass 0,78 × 0,98 = 0,7644 m², frame 0,4356 m², edge 3,52 m
    // (0,8408 + 0,6098 + 0,1408) / 1,2 = 1,3262 → 1,33
    expect(windowUValue(1.0, 1.2, 0.11, 1.1, 1.4, 0.04)).toBe(1.33);
  });

  it('is better with 3-glas and a deep frame, and better for a fixed light', () => {
    const two = configureWindow(ELITFONSTER_WINDOW, base);
    const three = configureWindow(ELITFONSTER_WINDOW, { ...base, glazing: '3-glas', depth: '155' });
    const fixed = configureWindow(ELITFONSTER_WINDOW, { ...base, opening: 'fast' });
    if (!two.ok || !three.ok || !fixed.ok) throw new Error('expected windows');
    expect(two.window.uValue).toBe(1.33);
    expect(three.window.uValue).toBeLessThan(1.0);
    expect(fixed.window.uValue).toBeLessThan(two.window.uValue);
    expect(formatUValue(three.window.uValue)).toMatch(/^0,\d\d W\/m²K$/);
  });
});

describe('configureWindow', () => {
  it('describes the window for the cart line and keys it as the choice tree does', () => {
    const result = configureWindow(ELITFONSTER_WINDOW, base);
    expect(result).toMatchObject({
      ok: true,
      window: {
        key: '10|12|2-glas|115|sidohangt|vit',
        listPriceOre: 568_000,
        areaM2: 1.2,
        description: 'Elitfönster träfönster 10×12 dm, 2-glas, sidohängt, karm 115 mm, vit, U 1,33',
      },
    });
  });

  it('returns every refusal instead of a window', () => {
    const result = configureWindow(ELITFONSTER_WINDOW, {
      ...base,
      glazing: '3-glas',
      width: 14,
      height: 14,
      opening: 'vridfonster',
    });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.refusals).toHaveLength(3);
  });

  it('lists only makeable selections, one per tree path', () => {
    const all = allWindowSelections(ELITFONSTER_WINDOW);
    expect(all.length).toBe(1233);
    expect(all.every((s) => windowRefusals(ELITFONSTER_WINDOW, s).length === 0)).toBe(true);
    expect(all.some((s) => s.glazing === '3-glas' && s.depth === '115')).toBe(false);
  });
});
