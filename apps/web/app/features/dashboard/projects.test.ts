import { describe, expect, it } from 'vitest';
import { countOf, formatFileSize } from './project-format.ts';
import { projectTab, visibleProjectTabs } from './project-page.tsx';
import { projectFilters } from './projects-page.tsx';

describe('the project list filters in the address', () => {
  it('maps sok and status to the API query, leaves empty ones out and reads the page', () => {
    expect(projectFilters(new URLSearchParams('sok=+kök+&status=finished&sida=3'))).toEqual({
      values: { sok: 'kök', status: 'finished' },
      query: { search: 'kök', status: 'finished' },
      page: 3,
    });
    expect(projectFilters(new URLSearchParams('sok=&sida=x'))).toEqual({
      values: { sok: '', status: '' },
      query: {},
      page: 1,
    });
  });
});

describe('the project page', () => {
  it('knows its tabs and refuses others', () => {
    expect(projectTab(new URLSearchParams(''))).toBe('oversikt');
    expect(projectTab(new URLSearchParams('flik=dokument'))).toBe('dokument');
    expect(projectTab(new URLSearchParams('flik=offerter'))).toBe('offerter');
    expect(projectTab(new URLSearchParams('flik=ordrar'))).toBe('ordrar');
    expect(projectTab(new URLSearchParams('flik=kalkyl'))).toBeNull();
  });

  it('shows the quotes, orders and invoices tabs only to users with that right', () => {
    expect(visibleProjectTabs(() => true)).toEqual([
      'oversikt',
      'bilder',
      'dokument',
      'offerter',
      'ordrar',
      'fakturor',
    ]);
    expect(visibleProjectTabs((right) => right === 'orders')).toEqual([
      'oversikt',
      'bilder',
      'dokument',
      'ordrar',
    ]);
  });

  it('writes counts and file sizes in Swedish', () => {
    expect(countOf(1, 'bild', 'bilder')).toBe('1 bild');
    expect(countOf(0, 'bild', 'bilder')).toBe('0 bilder');
    expect(formatFileSize(900)).toBe('900 B');
    expect(formatFileSize(2048)).toBe('2 kB');
    expect(formatFileSize(3_500_000)).toBe('3,3 MB');
  });
});
