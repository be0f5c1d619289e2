import { describe, expect, it } from 'vitest';
import {
  EMPTY_CHECKOUT_VALUES,
  fieldError,
  formErrors,
  isRequired,
  visibleError,
} from './checkout-form.ts';
import type { CheckoutValues } from './checkout-form.ts';

const filled: CheckoutValues = {
  ...EMPTY_CHECKOUT_VALUES,
  firstName: 'Erik',
  lastName: 'Nordin',
  email: 'erik@nordinssnickeri.example',
  phone: '070-123 45 67',
  acceptTerms: true,
};

describe('checkout form rules (spec §5)', () => {
  it('requires contact details always and the address only for home delivery', () => {
    expect(isRequired('firstName', 1)).toBe(true);
    expect(isRequired('company', 1)).toBe(false);
    expect(isRequired('postcode', 1)).toBe(false);
    expect(isRequired('postcode', 2)).toBe(true);
    expect(formErrors(filled, 1)).toEqual({});
    expect(Object.keys(formErrors(filled, 2))).toEqual(['street', 'postcode', 'city']);
  });

  it('accepts a postcode of exactly 5 digits once spaces are removed', () => {
    const at = (postcode: string) => fieldError('postcode', { ...filled, postcode }, 2);
    expect(at('752 36')).toBeNull();
    expect(at(' 75236 ')).toBeNull();
    expect(at('7 5 2 3 6')).toBeNull();
    expect(at('7523')).toBe('Postnumret ska vara fem siffror, t.ex. 123 45.');
    expect(at('752367')).not.toBeNull();
    expect(at('75a36')).not.toBeNull();
  });

  it('checks e-mail and phone shapes', () => {
    expect(fieldError('email', { ...filled, email: 'erik@' }, 1)).not.toBeNull();
    expect(fieldError('phone', { ...filled, phone: '12' }, 1)).not.toBeNull();
    expect(fieldError('phone', { ...filled, phone: '+46 70 123 45 67' }, 1)).toBeNull();
  });

  it('needs the terms accepted', () => {
    expect(fieldError('acceptTerms', { ...filled, acceptTerms: false }, 1)).toBe(
      'Du behöver godkänna köpvillkoren för att kunna beställa.',
    );
  });

  it('shows an error only after the field was touched or the order was attempted', () => {
    const errors = formErrors(EMPTY_CHECKOUT_VALUES, 1);
    expect(errors.firstName).toBe('Fyll i ditt förnamn.');
    expect(visibleError('firstName', errors, new Set(), false)).toBeNull();
    expect(visibleError('firstName', errors, new Set(['firstName']), false)).toBe(
      'Fyll i ditt förnamn.',
    );
    expect(visibleError('lastName', errors, new Set(['firstName']), false)).toBeNull();
    expect(visibleError('lastName', errors, new Set(), true)).toBe('Fyll i ditt efternamn.');
  });
});
