import { describe, expect, it } from 'vitest';
import { isPicklistShown, NO_PICKLIST, picklistVatMode } from './picklist-access.ts';
import type { PicklistAccess } from './picklist-access.ts';

const access = (root: boolean, store: boolean): PicklistAccess => ({
  ...NO_PICKLIST,
  root,
  store,
  b2bPages: true,
});

describe('where the picklist exists (spec §4, §6)', () => {
  it('follows the root flag on plain and /foretag paths and the store flag on store paths', () => {
    expect(isPicklistShown(access(true, false), '/produkt/regel')).toBe(true);
    expect(isPicklistShown(access(true, false), '/foretag/produkter')).toBe(true);
    expect(isPicklistShown(access(true, false), '/butiker/ekbacken/produkt/regel')).toBe(false);
    expect(isPicklistShown(access(false, true), '/butiker/ekbacken/produkt/regel')).toBe(true);
    expect(isPicklistShown(access(false, true), '/produkt/regel')).toBe(false);
  });

  it('never exists in the central area', () => {
    expect(isPicklistShown(access(true, true), '/rikskund/produkt/regel')).toBe(false);
  });

  it('prices excl. VAT on b2b paths only', () => {
    expect(picklistVatMode('/foretag/plocklista', true)).toBe('excl');
    expect(picklistVatMode('/foretag/plocklista', false)).toBe('incl');
    expect(picklistVatMode('/plocklista', true)).toBe('incl');
    expect(picklistVatMode('/privat/plocklista', true)).toBe('incl');
    expect(picklistVatMode('/butiker/ekbacken/plocklista', true)).toBe('incl');
  });
});
