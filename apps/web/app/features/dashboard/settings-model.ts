import type { z } from 'zod';
import {
  StoreCustomerUpdateSchema,
  type StoreCustomer,
  type StoreCustomerUpdate,
} from '@bygg/contracts/trade/store-customer';
import {
  StoreCustomerUserCreateSchema,
  StoreCustomerUserPatchSchema,
  type StoreCustomerUser,
  type StoreCustomerUserCreate,
  type StoreCustomerUserPatch,
} from '@bygg/contracts/trade/users';
import { TRADE_RIGHTS, type TradeRight } from '@bygg/contracts/trade/common';
import { REGION_IDS, REGIONS } from '@bygg/domain/stores';

/**
 * The settings pages' forms (trade-area spec §2 /installningar/…): what a posted form means to
 * the API (store-customer/current/ and store-customer/user/…), and the Swedish labels. Pure,
 * so the actions and the components share it and tests read it without a server.
 */

/** What an action of a settings page answers: saved, or the problem and each field's error. */
export type SettingsResult = {
  saved: boolean;
  error: string | null;
  fieldErrors: Record<string, string>;
};

export const CHECK_FIELDS_MESSAGE = 'Kontrollera de markerade fälten.';

export const RIGHT_LABELS: Record<TradeRight, string> = {
  projects: 'Projekt',
  offers: 'Offerter',
  orders: 'Ordrar',
  invoices: 'Fakturor',
};

export const ROLE_LABELS = { admin: 'Administratör', user: 'Användare' } as const;

/** The region select: '' is all regions (the default, spec §3 "Roles"). */
export const REGION_OPTIONS: { value: string; label: string }[] = [
  { value: '', label: 'Alla regioner' },
  ...REGION_IDS.map((id) => ({ value: String(id), label: REGIONS[id] })),
];

export function regionLabel(id: number | null): string {
  return REGION_OPTIONS.find((option) => option.value === (id === null ? '' : String(id)))!.label;
}

/** The rights a user has, as one Swedish line ('Alla' for an administrator). */
export function rightsSummary(user: Pick<StoreCustomerUser, 'role' | 'rights'>): string {
  if (user.role === 'admin') return 'Alla';
  const given = TRADE_RIGHTS.filter((right) => user.rights[right]).map((r) => RIGHT_LABELS[r]);
  return given.length === 0 ? 'Inga' : given.join(', ');
}

/** A zod error as one message per field, the path joined with dots ('invoice_address.city'). */
export function fieldErrorsOf(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.filter((part) => part !== 'data').join('.');
    errors[key] ??= issue.message;
  }
  return errors;
}

const text = (form: FormData, name: string) => String(form.get(name) ?? '').trim();

/** The user form's fields as the API takes them (create and change share them). */
function userFields(form: FormData) {
  const region = text(form, 'region');
  return {
    username: text(form, 'username'),
    name: text(form, 'name'),
    phone: text(form, 'phone') || null,
    role: text(form, 'role') || 'user',
    rights: Object.fromEntries(TRADE_RIGHTS.map((right) => [right, form.get(right) === 'on'])),
    region_id: region === '' ? null : Number(region),
  };
}

/** POST store-customer/user/: the create form; the new user chooses a password by e-mail. */
export function parseCreateUserForm(
  form: FormData,
):
  { ok: true; body: StoreCustomerUserCreate } | { ok: false; fieldErrors: Record<string, string> } {
  const parsed = StoreCustomerUserCreateSchema.safeParse(userFields(form));
  return parsed.success
    ? { ok: true, body: parsed.data }
    : { ok: false, fieldErrors: fieldErrorsOf(parsed.error) };
}

/** PATCH store-customer/user/{id}/: the edit form, with the active flag. */
export function parseEditUserForm(
  form: FormData,
): { ok: true; body: StoreCustomerUserPatch } | { ok: false; fieldErrors: Record<string, string> } {
  const parsed = StoreCustomerUserPatchSchema.safeParse({
    ...userFields(form),
    is_active: form.get('is_active') === 'on',
  });
  return parsed.success
    ? { ok: true, body: parsed.data }
    : { ok: false, fieldErrors: fieldErrorsOf(parsed.error) };
}

export const ADDRESS_KINDS = ['invoice_address', 'delivery_address'] as const;
export type AddressKind = (typeof ADDRESS_KINDS)[number];

/**
 * PUT store-customer/current/ from the general tab: the invoice and delivery addresses. An
 * address left wholly empty is null (the company's own address is used).
 */
export function parseCompanySettingsForm(
  form: FormData,
): { ok: true; body: StoreCustomerUpdate } | { ok: false; fieldErrors: Record<string, string> } {
  const address = (kind: AddressKind) => {
    const value = {
      street: text(form, `${kind}.street`),
      postcode: text(form, `${kind}.postcode`),
      city: text(form, `${kind}.city`),
    };
    return value.street || value.postcode || value.city ? value : null;
  };
  const parsed = StoreCustomerUpdateSchema.safeParse({
    data: {
      invoice_address: address('invoice_address'),
      delivery_address: address('delivery_address'),
    },
  });
  return parsed.success
    ? { ok: true, body: parsed.data }
    : { ok: false, fieldErrors: fieldErrorsOf(parsed.error) };
}

/** An address of the company for the form (empty fields when it uses the company's own). */
export function addressValues(company: StoreCustomer, kind: AddressKind) {
  const address = company[kind];
  return {
    street: address?.street ?? '',
    postcode: address?.postcode ?? '',
    city: address?.city ?? '',
  };
}

/** The API's 400 body as the form's errors: its message, and the fields it names. */
export function apiFieldErrors(body: unknown): {
  error: string | null;
  fieldErrors: Record<string, string>;
} {
  const reply = body as { message?: unknown; fields?: { path: string; message: string }[] } | null;
  const fieldErrors: Record<string, string> = {};
  for (const field of reply?.fields ?? []) {
    const key = field.path.replace(/^(body[./])?(data[./])?/, '').replaceAll('/', '.');
    fieldErrors[key] ??= field.message;
  }
  return { error: typeof reply?.message === 'string' ? reply.message : null, fieldErrors };
}
