import {
  STORE_ONLY_FIELDS,
  STORE_ONLY_REASON,
  type StoreCustomer,
  type StoreCustomerReply,
  type StoreCustomerUpdate,
  type TermsReply,
} from '@bygg/contracts/trade/store-customer';
import { STORE_TERMS } from '@bygg/domain/trade-terms';
import { BadRequestError, NotFoundError } from '../../../kernel/errors.ts';
import { companyOf, type TradeAccess } from '../store-access/guard.ts';
import type { CompanyChanges, StoreCustomerRepository, StoreCustomerRow } from './repository.ts';

const NO_ACCOUNT_MESSAGE = 'Företaget har inget kundkonto i den här butiken';

function toStoreCustomer(row: StoreCustomerRow): StoreCustomer {
  return {
    company_id: row.companyId,
    name: row.name,
    org_number: row.orgNumber,
    customer_number: row.customerNumber,
    address: { street: row.street, postcode: row.postcode, city: row.city },
    phone: row.phone,
    email: row.email,
    invoice_address: row.invoiceAddress,
    delivery_address: row.deliveryAddress,
    logo_url: row.logoUrl,
    credit_limit_ore: row.creditLimitOre,
    payment_terms_days: row.paymentTermsDays,
    terms_accepted_at: row.termsAcceptedAt?.toISOString() ?? null,
    terms_version: row.termsVersion,
  };
}

/** The fields of the PUT body this code changes; the rest are the store's or unknown. */
const OWN_FIELDS = new Set([
  'address',
  'phone',
  'email',
  'invoice_address',
  'delivery_address',
  'logo_url',
]);

/** The company as a customer of the store: contact details, and the store's terms. */
export class StoreCustomerService {
  constructor(
    private readonly repository: StoreCustomerRepository,
    private readonly now: () => Date,
  ) {}

  private async row(access: TradeAccess): Promise<StoreCustomerRow> {
    const row = await this.repository.current(companyOf(access), access.store.id);
    if (!row) throw new NotFoundError(NO_ACCOUNT_MESSAGE);
    return row;
  }

  private reply(access: TradeAccess, row: StoreCustomerRow): StoreCustomerReply {
    return {
      data: toStoreCustomer(row),
      read_only: STORE_ONLY_FIELDS.map((field) => ({ field, reason: STORE_ONLY_REASON })),
      access: {
        user_id: access.user.id,
        role: access.account.role,
        rights: access.account.rights,
        region_id: access.account.regionId as StoreCustomerReply['access']['region_id'],
      },
    };
  }

  async current(access: TradeAccess): Promise<StoreCustomerReply> {
    return this.reply(access, await this.row(access));
  }

  /**
   * PUT { data }: the company's own fields change; a store-only field sent with another value
   * than the stored one is a 400 naming it (sent unchanged, as a form posts back what it
   * read, it is fine); an unknown field is a 400 too.
   */
  async update(access: TradeAccess, body: StoreCustomerUpdate): Promise<StoreCustomerReply> {
    const row = await this.row(access);
    const stored = toStoreCustomer(row) as Record<string, unknown>;
    const data = body.data as Record<string, unknown>;
    const storeOnly = STORE_ONLY_FIELDS.filter(
      (field) => field in data && JSON.stringify(data[field]) !== JSON.stringify(stored[field]),
    );
    if (storeOnly.length > 0) {
      throw new BadRequestError(
        `Fälten kan bara ändras av butiken: ${storeOnly.join(', ')}`,
        storeOnly.map((field) => ({ path: `data.${field}`, message: STORE_ONLY_REASON })),
      );
    }
    const unknown = Object.keys(data).filter(
      (key) => !OWN_FIELDS.has(key) && !(STORE_ONLY_FIELDS as readonly string[]).includes(key),
    );
    if (unknown.length > 0) {
      throw new BadRequestError(
        `Okända fält: ${unknown.join(', ')}`,
        unknown.map((key) => ({ path: `data.${key}`, message: 'Okänt fält' })),
      );
    }
    const d = body.data;
    const changes: CompanyChanges = {
      ...(d.address ? d.address : {}),
      ...(d.phone !== undefined ? { phone: d.phone || null } : {}),
      ...(d.email !== undefined ? { email: d.email || null } : {}),
      ...(d.invoice_address !== undefined ? { invoiceAddress: d.invoice_address } : {}),
      ...(d.delivery_address !== undefined ? { deliveryAddress: d.delivery_address } : {}),
      ...(d.logo_url !== undefined ? { logoUrl: d.logo_url } : {}),
    };
    await this.repository.updateCompany(row.companyId, changes);
    return this.current(access);
  }

  /** The store's terms and what the company accepted (null until the current version is). */
  async terms(access: TradeAccess): Promise<TermsReply> {
    const row = await this.row(access);
    return {
      data: {
        external_id: access.store.externalId,
        version: STORE_TERMS.version,
        text: STORE_TERMS.text,
        terms: row.termsVersion === STORE_TERMS.version ? row.terms : null,
      },
    };
  }

  /** Accepts the current version; every condition must be there and true. */
  async acceptTerms(
    access: TradeAccess,
    body: { version: string; terms: Record<string, boolean> },
  ): Promise<TermsReply> {
    if (body.version !== STORE_TERMS.version) {
      throw new BadRequestError('Villkoren har ändrats. Läs dem igen.', [
        { path: 'version', message: `Gällande version är ${STORE_TERMS.version}` },
      ]);
    }
    const missing = STORE_TERMS.conditions.filter((c) => body.terms[c] !== true);
    if (missing.length > 0) {
      throw new BadRequestError(
        'Alla villkor måste godkännas',
        missing.map((c) => ({ path: `terms.${c}`, message: 'Villkoret måste godkännas' })),
      );
    }
    const row = await this.row(access);
    await this.repository.acceptTerms(row.companyId, access.store.id, {
      version: STORE_TERMS.version,
      terms: Object.fromEntries(STORE_TERMS.conditions.map((c) => [c, true])),
      at: this.now(),
    });
    return this.terms(access);
  }
}
