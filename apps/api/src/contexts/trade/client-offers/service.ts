import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  CLIENT_OFFER_ALREADY_APPROVED,
  CLIENT_OFFER_ALREADY_DECLINED,
  CLIENT_OFFER_EXPIRED,
  CLIENT_OFFER_NOT_FOUND_MESSAGE,
  CLIENT_OFFER_TERMS_REQUIRED,
  clientOfferOf,
  type ClientOffer,
  type ClientOfferPage,
  type ClientOfferSummary,
} from '@bygg/contracts/trade/client-offers';
import type { Offer, OfferStatus } from '@bygg/contracts/trade/offers';
import { formatPrice } from '@bygg/domain/money';
import { ConflictError, fixedStatusError, NotFoundError } from '../../../kernel/errors.ts';
import type { Mailer } from '../../../lib/mail.ts';
import { pageLinks } from '../../../lib/pagination.ts';
import { recordEvent } from '../events/repository.ts';
import type { ClientOfferRepository, ClientOfferRow, ClientScope } from './repository.ts';

/** The approval needs the project's terms accepted first (trade-area §8 lists 428). */
export class TermsRequiredError extends fixedStatusError(
  428,
  'Precondition Required',
  CLIENT_OFFER_TERMS_REQUIRED,
) {}

/**
 * Who is asking: the end customer's access from the project-token hook (end-customers/
 * project-token.ts, `EndCustomerAccess`; this is the part of it the client-offer calls use).
 */
export type EndCustomerAccess = {
  projectId: number;
  endCustomerId: number;
  endCustomerName: string;
  organisationId: string;
  companyId: number;
  companyName: string;
  storeSlug: string;
};

/** The whole offer as the trade side builds it (items, work, rows, deductions, totals). */
export type LoadOffer = (offerId: number) => Promise<Offer>;

/** The totals of several offers at once (a list page): the trade side's `totalsOf`. */
export type LoadTotals = (
  offerIds: readonly number[],
) => Promise<Map<number, { totals: { totalInclVatOre: number; toPayOre: number } }>>;

export function offerHashDigest(hash: string): string {
  return createHash('sha256').update(hash, 'utf8').digest('hex');
}

function scopeOf(access: EndCustomerAccess): ClientScope {
  return {
    organisationId: access.organisationId,
    companyId: access.companyId,
    projectId: access.projectId,
    endCustomerId: access.endCustomerId,
  };
}

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/**
 * The end customer's side of an offer (issue 19, trade-area §7 "Client offers"): the
 * project's sent offers, one offer as the customer sees it, and the decision by link. What
 * the customer may not see is 404 with one message whatever the reason (another project, a
 * draft, a wrong or replaced hash), so a reply never tells whether an offer exists.
 */
export class ClientOfferService {
  private readonly pending = new Set<Promise<void>>();

  constructor(
    private readonly repository: ClientOfferRepository,
    private readonly loadOffer: LoadOffer,
    private readonly loadTotals: LoadTotals,
    private readonly options: {
      mailer: Mailer;
      publicUrl: string;
      now: () => Date;
      log: FastifyBaseLogger;
    },
  ) {}

  /** A sent offer whose validity has passed is expired, whatever the stored state says. */
  private statusOf(row: ClientOfferRow): OfferStatus {
    if (row.status === 'sent' && row.expiresAt && row.expiresAt <= this.options.now()) {
      return 'expired';
    }
    return row.status;
  }

  async list(
    access: EndCustomerAccess,
    query: { page: number; page_size: number },
    url: string,
  ): Promise<ClientOfferPage> {
    const { rows, count } = await this.repository.page(
      scopeOf(access),
      query.page,
      query.page_size,
    );
    // The page's amounts in one go (six statements), not an offer at a time.
    const totals = await this.loadTotals(rows.map((row) => row.id));
    return {
      count,
      ...pageLinks(url, query.page, query.page * query.page_size < count),
      results: rows.map((row): ClientOfferSummary => {
        const amounts = totals.get(row.id)?.totals ?? { totalInclVatOre: 0, toPayOre: 0 };
        return {
          id: row.id,
          number: row.number,
          version: row.version,
          title: row.title,
          status: this.statusOf(row),
          valid_until: row.validUntil,
          sent_at: row.sentAt ? row.sentAt.toISOString() : null,
          total_incl_vat_ore: amounts.totalInclVatOre,
          to_pay_ore: amounts.toPayOre,
        };
      }),
    };
  }

  async get(access: EndCustomerAccess, id: number): Promise<ClientOffer> {
    const scope = scopeOf(access);
    const row = await this.repository.byId(scope, id);
    if (!row) throw new NotFoundError(CLIENT_OFFER_NOT_FOUND_MESSAGE);
    return this.view(access, row);
  }

  private async view(access: EndCustomerAccess, row: ClientOfferRow): Promise<ClientOffer> {
    const [offer, terms] = await Promise.all([
      this.loadOffer(row.id),
      this.repository.termsAcceptedAt(scopeOf(access)),
    ]);
    return {
      ...clientOfferOf(offer, { company: access.companyName, terms_accepted: terms !== null }),
      status: this.statusOf(row),
    };
  }

  /**
   * PUT client-offer/{id}/approve/?offer_hash=: once, with the terms accepted, before the
   * validity date; recorded with the time and who, an event for the trade user and a mail.
   */
  approve(access: EndCustomerAccess, id: number, hash: string, name?: string) {
    return this.decide(access, id, hash, 'approved', name);
  }

  /** PUT client-offer/{id}/decline/?offer_hash=: the same rules, no terms needed. */
  decline(access: EndCustomerAccess, id: number, hash: string) {
    return this.decide(access, id, hash, 'declined');
  }

  private async decide(
    access: EndCustomerAccess,
    id: number,
    hash: string,
    kind: 'approved' | 'declined',
    name?: string,
  ): Promise<ClientOffer> {
    const scope = scopeOf(access);
    const now = this.options.now();
    const byName = name ?? access.endCustomerName;
    const row = await this.repository.transaction(async (tx) => {
      const offer = await this.repository.byLinkForUpdate(scope, id, offerHashDigest(hash), tx);
      if (!offer) throw new NotFoundError(CLIENT_OFFER_NOT_FOUND_MESSAGE);
      if (offer.status === 'approved') throw new ConflictError(CLIENT_OFFER_ALREADY_APPROVED);
      if (offer.status === 'declined') throw new ConflictError(CLIENT_OFFER_ALREADY_DECLINED);
      if (this.statusOf(offer) === 'expired') throw new ConflictError(CLIENT_OFFER_EXPIRED);
      let termsAt: Date | null = null;
      if (kind === 'approved') {
        termsAt = await this.repository.termsAcceptedAt(scope, tx);
        if (!termsAt) throw new TermsRequiredError();
      }
      const decided = await this.repository.decide(
        offer.id,
        kind === 'approved'
          ? { kind, at: now, byName, termsAcceptedAt: termsAt as Date }
          : { kind, at: now },
        tx,
      );
      if (!decided) throw new ConflictError(CLIENT_OFFER_ALREADY_APPROVED);
      await recordEvent(tx, {
        organisationId: offer.organisationId,
        companyId: offer.companyId,
        storeId: offer.storeId,
        // The user who made the offer; without one (removed), everyone with the offers right.
        recipientUserId: offer.createdByUserId,
        requiredRight: offer.createdByUserId === null ? 'offers' : null,
        type: kind === 'approved' ? 'offer_approved' : 'offer_declined',
        title:
          kind === 'approved'
            ? `Offert ${offer.number} är godkänd`
            : `Offert ${offer.number} är avböjd`,
        text:
          kind === 'approved'
            ? `${byName} godkände offerten "${offer.title}".`
            : `${access.endCustomerName} avböjde offerten "${offer.title}".`,
        target: { kind: 'offer', id: String(offer.id) },
        createdAt: now,
      });
      return { ...offer, status: kind, approvedAt: kind === 'approved' ? now : null };
    });
    const view = await this.view(access, row as ClientOfferRow);
    this.mailCreator(access, row as ClientOfferRow, kind, byName, view);
    return view;
  }

  /** The mail to the trade user; a mail failure is logged and never undoes the decision. */
  private mailCreator(
    access: EndCustomerAccess,
    row: ClientOfferRow,
    kind: 'approved' | 'declined',
    byName: string,
    view: ClientOffer,
  ): void {
    const work = (async () => {
      const user = await this.repository.creator(row.createdByUserId);
      if (!user) return;
      const link = `${this.options.publicUrl.replace(/\/$/, '')}/butiker/${encodeURIComponent(access.storeSlug)}/dashboard/kundofferter/${row.id}/`;
      const what = kind === 'approved' ? 'godkänd' : 'avböjd';
      const subject = `Offert ${row.number} är ${what}`;
      const amount =
        kind === 'approved' ? ` Att betala för kunden: ${formatPrice(view.to_pay_ore)}.` : '';
      const line = `${byName} har ${kind === 'approved' ? 'godkänt' : 'avböjt'} offerten ${row.number} "${row.title}".${amount}`;
      await this.options.mailer.send({
        to: user.email,
        subject,
        text: `Hej ${user.name}!\n\n${line}\n\nLogga in för att se offerten: ${link}\n`,
        html: `<p>Hej ${escapeHtml(user.name)}!</p><p>${escapeHtml(line)}</p><p><a href="${escapeHtml(link)}">Logga in</a> för att se offerten.</p>`,
      });
    })().catch((err: unknown) => {
      this.options.log.error({ err, offerId: row.id }, 'offer decision mail failed');
    });
    this.pending.add(work);
    void work.finally(() => this.pending.delete(work));
  }

  /** Waits for the mails under way (tests, shutdown). */
  async settle(): Promise<void> {
    await Promise.all([...this.pending]);
  }
}
