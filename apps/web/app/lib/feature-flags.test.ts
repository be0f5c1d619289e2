import { describe, expect, it } from 'vitest';
import type { Footer, MenuItem } from '@bygg/contracts/cms';
import { resolveFlags } from '@bygg/domain/organisations';
import {
  flagsForPath,
  footerForFlags,
  isLinkEnabled,
  menuForFlags,
  toFeatureFlags,
} from './feature-flags.ts';

const storeChain = resolveFlags('store-chain', 'live');
const buildingSupply = resolveFlags('building-supply', 'live');

const item = (name: string, href: string, children: MenuItem[] = []): MenuItem => ({
  name,
  href,
  isAssortment: false,
  showIn: { header: true },
  children,
});

describe('feature flags on the web', () => {
  it('reads the API record, ignoring unknown names and treating missing ones as off', () => {
    const flags = toFeatureFlags({ guide: true, nonsense: true });
    expect(flags.guide).toBe(true);
    expect(flags.pages).toBe(false);
    expect('nonsense' in flags).toBe(false);
  });

  it('names the flags each path needs', () => {
    expect(flagsForPath('/xl-guiden/artikel/valja-ratt-trall')).toEqual(['pages', 'guide']);
    expect(flagsForPath('/varumarken')).toEqual(['pages', 'brandPages']);
    expect(flagsForPath('/kundservice/leveranser')).toEqual(['pages']);
    expect(flagsForPath('/foretag/xl-guiden')).toEqual(['b2bPages', 'pages', 'guide']);
    expect(flagsForPath('/privat/produkter')).toEqual(['b2bPages']);
    expect(flagsForPath('/produkter/travaror')).toEqual([]);
    expect(flagsForPath('/integritetspolicy')).toEqual([]);
    expect(flagsForPath('/')).toEqual([]);
    expect(flagsForPath('/rikskund/produkter')).toEqual(['central']);
  });

  it('hides the guide and central links of the building-supply chain but keeps pages', () => {
    expect(isLinkEnabled('/xl-guiden', buildingSupply)).toBe(false);
    expect(isLinkEnabled('/xl-guiden', storeChain)).toBe(true);
    expect(isLinkEnabled('/varumarken', buildingSupply)).toBe(true);
    expect(isLinkEnabled('/kundservice', buildingSupply)).toBe(true);
    expect(isLinkEnabled('/plocklista', buildingSupply)).toBe(false);
    expect(isLinkEnabled('https://example.se', buildingSupply)).toBe(true);
  });

  it('drops every CMS link when pages are off, but not the privacy pages', () => {
    const flags = { ...storeChain, pages: false };
    const menu = menuForFlags(
      [
        item('Kundservice', '/kundservice', [item('Leveranser', '/kundservice/leveranser')]),
        item('Butiker', '/butiker'),
      ],
      flags,
    );
    expect(menu.map((m) => m.name)).toEqual(['Butiker']);
    const footer: Footer = {
      columns: [
        {
          title: 'Om oss',
          links: [
            { label: 'Om oss', href: '/om-oss' },
            { label: 'Integritetspolicy', href: '/integritetspolicy' },
          ],
        },
        { title: 'Hjälp', links: [{ label: 'XL-hjälpen', href: '/xlhjalpen' }] },
      ],
      contact: '',
      legal: '',
    };
    expect(footerForFlags(footer, flags).columns).toEqual([
      { title: 'Om oss', links: [{ label: 'Integritetspolicy', href: '/integritetspolicy' }] },
    ]);
  });
});
