import { describe, expect, it } from 'vitest';
import {
  apiFieldErrors,
  parseCompanySettingsForm,
  parseCreateUserForm,
  parseEditUserForm,
  regionLabel,
  rightsSummary,
} from './settings-model.ts';

function form(entries: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(entries)) data.append(name, value);
  return data;
}

describe('the user forms of the settings pages', () => {
  it('makes a create body: lower-case e-mail, ticked rights only, a region, no password', () => {
    const parsed = parseCreateUserForm(
      form({
        username: ' Ny.Person@Firma.example ',
        name: ' Ny Person ',
        phone: '',
        role: 'user',
        projects: 'on',
        orders: 'on',
        region: '4',
      }),
    );
    expect(parsed).toEqual({
      ok: true,
      body: {
        username: 'ny.person@firma.example',
        name: 'Ny Person',
        phone: null,
        role: 'user',
        rights: { projects: true, offers: false, orders: true, invoices: false },
        region_id: 4,
      },
    });
  });

  it('names each field the API would refuse, in Swedish', () => {
    const parsed = parseCreateUserForm(form({ username: 'inte-epost', name: ' ', region: '9' }));
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.fieldErrors.username).toBe('Ange en giltig e-postadress');
    expect(parsed.fieldErrors.name).toBe('Ange namn');
    expect(parsed.fieldErrors.region_id).toBeTruthy();
  });

  it('makes a change body with all regions and the active flag (unticked: inactive)', () => {
    const parsed = parseEditUserForm(
      form({ username: 'a@b.se', name: 'A', role: 'admin', region: '' }),
    );
    expect(parsed).toMatchObject({
      ok: true,
      body: { role: 'admin', region_id: null, is_active: false },
    });
    expect(
      parseEditUserForm(form({ username: 'a@b.se', name: 'A', is_active: 'on' })),
    ).toMatchObject({ ok: true, body: { is_active: true, role: 'user' } });
  });
});

describe('the company settings form', () => {
  it('sends an empty address as null and a filled one parsed (postcode without spaces)', () => {
    const parsed = parseCompanySettingsForm(
      form({
        'invoice_address.street': 'Box 12',
        'invoice_address.postcode': '111 22',
        'invoice_address.city': 'Stockholm',
        'delivery_address.street': '',
        'delivery_address.postcode': '',
        'delivery_address.city': '',
      }),
    );
    expect(parsed).toEqual({
      ok: true,
      body: {
        data: {
          invoice_address: { street: 'Box 12', postcode: '11122', city: 'Stockholm' },
          delivery_address: null,
        },
      },
    });
  });

  it('names the missing fields of a half-filled address', () => {
    const parsed = parseCompanySettingsForm(
      form({ 'delivery_address.street': 'Vägen 1', 'delivery_address.postcode': '12' }),
    );
    expect(parsed).toEqual({
      ok: false,
      fieldErrors: {
        'delivery_address.postcode': 'Postnumret ska vara fem siffror',
        'delivery_address.city': 'Ange ort',
      },
    });
  });
});

describe('the settings texts', () => {
  it('sums up rights and regions in Swedish', () => {
    const none = { projects: false, offers: false, orders: false, invoices: false };
    expect(rightsSummary({ role: 'admin', rights: none })).toBe('Alla');
    expect(rightsSummary({ role: 'user', rights: none })).toBe('Inga');
    expect(rightsSummary({ role: 'user', rights: { ...none, orders: true, invoices: true } })).toBe(
      'Ordrar, Fakturor',
    );
    expect(regionLabel(null)).toBe('Alla regioner');
    expect(regionLabel(7)).toBe('Skåne & Blekinge');
  });

  it("reads the API's 400: its message and the fields it names, without the body prefix", () => {
    expect(
      apiFieldErrors({
        message: 'Det finns redan en användare med den e-postadressen',
        fields: [
          { path: 'username', message: 'Det finns redan en användare med den e-postadressen' },
          { path: 'body.data.invoice_address.city', message: 'Ange ort' },
        ],
      }),
    ).toEqual({
      error: 'Det finns redan en användare med den e-postadressen',
      fieldErrors: {
        username: 'Det finns redan en användare med den e-postadressen',
        'invoice_address.city': 'Ange ort',
      },
    });
    expect(apiFieldErrors(null)).toEqual({ error: null, fieldErrors: {} });
  });
});
