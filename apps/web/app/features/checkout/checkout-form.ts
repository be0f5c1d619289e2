import { isValidPostcode, normalisePostcode } from '@bygg/domain/postcode';
import { SHIPPING_TYPES } from '@bygg/domain/shipping';
import type { ShippingType } from '@bygg/domain/shipping';

/**
 * The checkout's contact and delivery form (storefront spec §5): errors show only once a
 * field has been touched (or the order was attempted), required fields carry an asterisk,
 * and a postcode is exactly 5 digits once spaces are removed.
 */

export type CheckoutFieldName =
  | 'firstName'
  | 'lastName'
  | 'email'
  | 'phone'
  | 'company'
  | 'street'
  | 'postcode'
  | 'city'
  | 'acceptTerms';

export type CheckoutValues = Record<Exclude<CheckoutFieldName, 'acceptTerms'>, string> & {
  acceptTerms: boolean;
};

export const EMPTY_CHECKOUT_VALUES: CheckoutValues = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  company: '',
  street: '',
  postcode: '',
  city: '',
  acceptTerms: false,
};

type FieldSpec = {
  label: string;
  /** Required for every order, or only for home delivery (the address). */
  required: 'always' | 'delivery' | 'never';
  autoComplete: string;
  type?: 'text' | 'email' | 'tel';
  inputMode?: 'numeric' | 'email' | 'tel';
};

export const CHECKOUT_FIELDS: Readonly<
  Record<Exclude<CheckoutFieldName, 'acceptTerms'>, FieldSpec>
> = {
  firstName: { label: 'Förnamn', required: 'always', autoComplete: 'given-name' },
  lastName: { label: 'Efternamn', required: 'always', autoComplete: 'family-name' },
  email: {
    label: 'E-postadress',
    required: 'always',
    autoComplete: 'email',
    type: 'email',
    inputMode: 'email',
  },
  phone: {
    label: 'Mobilnummer',
    required: 'always',
    autoComplete: 'tel',
    type: 'tel',
    inputMode: 'tel',
  },
  company: { label: 'Företag', required: 'never', autoComplete: 'organization' },
  street: { label: 'Gatuadress', required: 'delivery', autoComplete: 'street-address' },
  postcode: {
    label: 'Postnummer',
    required: 'delivery',
    autoComplete: 'postal-code',
    inputMode: 'numeric',
  },
  city: { label: 'Ort', required: 'delivery', autoComplete: 'address-level2' },
};

export function isRequired(field: CheckoutFieldName, shippingType: ShippingType): boolean {
  if (field === 'acceptTerms') return true;
  const { required } = CHECKOUT_FIELDS[field];
  return (
    required === 'always' || (required === 'delivery' && shippingType === SHIPPING_TYPES.ADDRESS)
  );
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
/** Swedish and international numbers: an optional +, then 7–15 digits with spaces or dashes. */
const PHONE = /^\+?[\d\s-]{7,20}$/;

const REQUIRED_MESSAGES: Record<CheckoutFieldName, string> = {
  firstName: 'Fyll i ditt förnamn.',
  lastName: 'Fyll i ditt efternamn.',
  email: 'Fyll i din e-postadress.',
  phone: 'Fyll i ditt mobilnummer.',
  company: 'Fyll i företagets namn.',
  street: 'Fyll i gatuadressen.',
  postcode: 'Fyll i postnumret.',
  city: 'Fyll i orten.',
  acceptTerms: 'Du behöver godkänna köpvillkoren för att kunna beställa.',
};

const MAX_LENGTH = 100;

/** The error of one field, or null when it is fine. */
export function fieldError(
  field: CheckoutFieldName,
  values: CheckoutValues,
  shippingType: ShippingType,
): string | null {
  if (field === 'acceptTerms') return values.acceptTerms ? null : REQUIRED_MESSAGES.acceptTerms;
  const value = values[field].trim();
  if (value === '') return isRequired(field, shippingType) ? REQUIRED_MESSAGES[field] : null;
  // An address typed before switching to store pickup is not sent, so it cannot be wrong.
  if (CHECKOUT_FIELDS[field].required === 'delivery' && shippingType !== SHIPPING_TYPES.ADDRESS) {
    return null;
  }
  if (value.length > MAX_LENGTH) return `Högst ${MAX_LENGTH} tecken.`;
  switch (field) {
    case 'email':
      return EMAIL.test(value) ? null : 'Fyll i en giltig e-postadress, t.ex. namn@exempel.se.';
    case 'phone': {
      const digits = value.replace(/\D/g, '').length;
      return PHONE.test(value) && digits >= 7 && digits <= 15
        ? null
        : 'Fyll i ett giltigt telefonnummer, t.ex. 070-123 45 67.';
    }
    case 'postcode':
      return isValidPostcode(value) ? null : 'Postnumret ska vara fem siffror, t.ex. 123 45.';
    default:
      return null;
  }
}

const FIELD_ORDER: readonly CheckoutFieldName[] = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'company',
  'street',
  'postcode',
  'city',
  'acceptTerms',
];

/** Every field's error, in form order (the first is where focus goes after a failed submit). */
export function formErrors(
  values: CheckoutValues,
  shippingType: ShippingType,
): Partial<Record<CheckoutFieldName, string>> {
  const errors: Partial<Record<CheckoutFieldName, string>> = {};
  for (const field of FIELD_ORDER) {
    const error = fieldError(field, values, shippingType);
    if (error) errors[field] = error;
  }
  return errors;
}

/** Spec §5: errors show only after a field was touched; a submit attempt touches them all. */
export function visibleError(
  field: CheckoutFieldName,
  errors: Partial<Record<CheckoutFieldName, string>>,
  touched: ReadonlySet<CheckoutFieldName>,
  submitted: boolean,
): string | null {
  return submitted || touched.has(field) ? (errors[field] ?? null) : null;
}

/** The address as it is sent: trimmed, the postcode without spaces. */
export function deliveryAddress(values: CheckoutValues) {
  return {
    street: values.street.trim(),
    postcode: normalisePostcode(values.postcode),
    city: values.city.trim(),
  };
}
