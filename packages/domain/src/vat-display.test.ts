import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  MODE_COOKIE_VALUES,
  MODE_LABELS,
  modeFromPath,
  parseModeCookie,
  prefixForMode,
  showPricesExclVat,
  showVatLabel,
  priceVatLabel,
  toggleModePath,
} from './vat-display.ts';

const on = { b2bPagesEnabled: true };
const off = { b2bPagesEnabled: false };

describe('mode from path', () => {
  it('counts paths containing /foretag/ as business mode when b2b pages are on', () => {
    expect(modeFromPath('/foretag/produkter/tak', on)).toBe('B2B');
    expect(modeFromPath('/foretag/', on)).toBe('B2B');
    expect(modeFromPath('/foretag', on)).toBe('B2B');
    expect(modeFromPath('/butiker/boras/foretag/produkter?page=2', on)).toBe('B2B');
  });

  it('counts the dashboard root as business mode', () => {
    expect(modeFromPath('/butiker/boras/dashboard', on)).toBe('B2B');
    expect(modeFromPath('/rikskund/dashboard/', on)).toBe('B2B');
    expect(modeFromPath('/butiker/boras/dashboard/projekt/', on)).toBe('B2C');
    expect(modeFromPath('/kund/boras/dashboard', on)).toBe('B2C');
  });

  it('is private mode elsewhere and always when b2b pages are off', () => {
    expect(modeFromPath('/privat/produkter', on)).toBe('B2C');
    expect(modeFromPath('/produkter/foretagare', on)).toBe('B2C');
    expect(modeFromPath('/?q=/foretag/', on)).toBe('B2C');
    expect(modeFromPath('/foretag/produkter', off)).toBe('B2C');
    expect(modeFromPath('/butiker/boras/dashboard', off)).toBe('B2C');
  });
});

describe('VAT display', () => {
  it('shows prices excl. VAT on b2b paths and to proffs users', () => {
    expect(showPricesExclVat({ isB2bPath: true, isProffsAuthenticated: false })).toBe(true);
    expect(showPricesExclVat({ isB2bPath: false, isProffsAuthenticated: true })).toBe(true);
    expect(showPricesExclVat({ isB2bPath: false, isProffsAuthenticated: false })).toBe(false);
  });

  it('shows the VAT label for the building-supply organisation or a proffs user', () => {
    expect(showVatLabel({ organisation: 'building-supply', isProffsAuthenticated: false })).toBe(
      true,
    );
    expect(showVatLabel({ organisation: 'store-chain', isProffsAuthenticated: true })).toBe(true);
    expect(showVatLabel({ organisation: 'store-chain', isProffsAuthenticated: false })).toBe(false);
  });
});

describe('mode cookie and toggle', () => {
  it('accepts only B2B and B2C as cookie values', () => {
    expect(MODE_COOKIE_VALUES).toEqual(['B2B', 'B2C']);
    expect(parseModeCookie('B2B')).toBe('B2B');
    expect(parseModeCookie('b2b')).toBeNull();
    expect(parseModeCookie(undefined)).toBeNull();
  });

  it('labels the toggle in Swedish and maps modes to prefixes', () => {
    expect(MODE_LABELS).toEqual({ B2B: 'Företag', B2C: 'Privat' });
    expect(prefixForMode('B2B')).toBe('/foretag');
    expect(prefixForMode('B2C')).toBe('/privat');
  });

  it('swaps /foretag/ and /privat/ and keeps the rest of the address', () => {
    expect(toggleModePath('/foretag/produkter/tak?page=2#top', 'B2C')).toBe(
      '/privat/produkter/tak?page=2#top',
    );
    expect(toggleModePath('/privat/', 'B2B')).toBe('/foretag/');
    expect(toggleModePath('/butiker/boras/privat/produkter/', 'B2B')).toBe(
      '/butiker/boras/foretag/produkter/',
    );
    expect(toggleModePath('/produkter/tak', 'B2B')).toBe('/foretag/produkter/tak');
    expect(toggleModePath('/', 'B2C')).toBe('/privat/');
  });

  it('toggling lands in the target mode and toggling back restores a prefixed path', () => {
    const segment = fc
      .stringMatching(/^[a-z0-9-]{1,8}$/)
      .filter((s) => s !== 'foretag' && s !== 'privat');
    fc.assert(
      fc.property(
        fc.constantFrom('foretag', 'privat'),
        fc.array(segment, { maxLength: 4 }),
        fc.constantFrom('B2B', 'B2C') as fc.Arbitrary<'B2B' | 'B2C'>,
        (prefix, rest, target) => {
          const path = `/${[prefix, ...rest].join('/')}/`;
          const toggled = toggleModePath(path, target);
          expect(modeFromPath(toggled, on)).toBe(target);
          const back = prefix === 'foretag' ? 'B2B' : 'B2C';
          expect(toggleModePath(toggled, back)).toBe(path);
        },
      ),
    );
  });
});

describe('priceVatLabel', () => {
  it('says what the shown price is, never excl. for an incl.-VAT amount', () => {
    expect(priceVatLabel({ exclVat: false, vatLabel: true })).toBe('inkl. moms');
    expect(priceVatLabel({ exclVat: true, vatLabel: true })).toBe('exkl. moms');
    expect(priceVatLabel({ exclVat: true, vatLabel: false })).toBe('exkl. moms');
    expect(priceVatLabel({ exclVat: false, vatLabel: false })).toBeNull();
  });
});
