import { describe, expect, it } from 'vitest';
import { ancestorPaths, cmsPagePath } from './cms-path.ts';

describe('cmsPagePath', () => {
  it('maps plain, mode-prefixed and trailing-slash paths to the CMS path', () => {
    expect(cmsPagePath('/kundservice/leveranser')).toBe('/kundservice/leveranser');
    expect(cmsPagePath('/kundservice/')).toBe('/kundservice');
    expect(cmsPagePath('/foretag/xlhjalpen')).toBe('/xlhjalpen');
    expect(cmsPagePath('/privat')).toBe('/');
  });

  it('serves the store and central variants of the privacy page and the guide', () => {
    expect(cmsPagePath('/butiker/timmerkedjan-malmo/integritetspolicy')).toBe('/integritetspolicy');
    expect(cmsPagePath('/butiker/timmerkedjan-malmo/xl-guiden/artikel/valja-ratt-trall')).toBe(
      '/xl-guiden/artikel/valja-ratt-trall',
    );
    expect(cmsPagePath('/rikskund/integritetspolicy')).toBe('/integritetspolicy');
    // Other store paths are not CMS pages of the chain.
    expect(cmsPagePath('/butiker/timmerkedjan-malmo/om-oss')).toBe(
      '/butiker/timmerkedjan-malmo/om-oss',
    );
  });

  it('refuses paths no page can have', () => {
    expect(cmsPagePath('/Kundservice')).toBeNull();
    expect(cmsPagePath('/a/../b')).toBeNull();
    expect(cmsPagePath('/wp-admin.php')).toBeNull();
    expect(cmsPagePath('/a/b/c/d/e/f/g')).toBeNull();
  });
});

describe('ancestorPaths', () => {
  it('lists the ancestors from the top', () => {
    expect(ancestorPaths('/xl-guiden/artikel/valja-ratt-trall')).toEqual([
      '/xl-guiden',
      '/xl-guiden/artikel',
    ]);
    expect(ancestorPaths('/kundservice')).toEqual([]);
  });
});
