import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import {
  END_CUSTOMER_NOT_FOUND_MESSAGE,
  INVITE_NO_EMAIL_MESSAGE,
  INVITE_NO_END_CUSTOMER_MESSAGE,
  PERSONAL_NUMBER_COMPANY_MESSAGE,
  PROJECT_TOKEN_DAYS,
  type EndCustomer,
  type EndCustomerCreate,
  type EndCustomerDetail,
  type EndCustomerFileList,
  type EndCustomerPage,
  type EndCustomerPatch,
  type EndCustomerProjectView,
  type ProjectInviteReply,
} from '@bygg/contracts/trade/end-customers';
import {
  PROJECT_FILE_NOT_FOUND_MESSAGE,
  PROJECT_NOT_FOUND_MESSAGE,
} from '@bygg/contracts/trade/projects';
import type { ProjectFileKind } from '@bygg/db/schema/index';
import { maskPersonalNumber } from '@bygg/domain/personal-number';
import { BadRequestError, NotFoundError } from '../../../kernel/errors.ts';
import type { Mailer } from '../../../lib/mail.ts';
import { pageLinks } from '../../../lib/pagination.ts';
import type { Sealer } from '../../../lib/seal.ts';
import { sendStoredFile } from '../../../lib/uploads/serve.ts';
import type { FileStorage } from '../../../lib/uploads/storage.ts';
import type { ProjectRepository } from '../projects/repository.ts';
import { viewerOf } from '../projects/service.ts';
import { companyOf, type TradeAccess } from '../store-access/guard.ts';
import { END_CUSTOMER_PREFIX, newProjectToken, projectTokenHash } from './project-token.ts';
import type { EndCustomerAccess } from './project-token.ts';
import type { EndCustomerFields, EndCustomerRepository, EndCustomerRow } from './repository.ts';

const DAY_MS = 24 * 60 * 60_000;

function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}

/** The link the end customer gets: the project view with the token (kept as a cookie there). */
export function invitationLink(
  publicUrl: string,
  storeSlug: string,
  projectId: number,
  token: string,
): string {
  return `${publicUrl}/kund/${encodeURIComponent(storeSlug)}/dashboard/projekt/${projectId}?token=${token}`;
}

/**
 * The end-customer register (issue 19) and the end customer's view of a project. The
 * personal identity number is sealed before it is stored and leaves only masked.
 */
export class EndCustomerService {
  constructor(
    private readonly repository: EndCustomerRepository,
    private readonly projects: ProjectRepository,
    private readonly deps: {
      sealer: Sealer;
      storage: FileStorage;
      mailer: Mailer;
      publicUrl: string;
      now: () => Date;
      log: FastifyBaseLogger;
    },
  ) {}

  private toReply(row: EndCustomerRow): EndCustomer {
    const personalNumber = this.deps.sealer.open(row.personalNumberSealed);
    return {
      id: row.id,
      kind: row.kind,
      name: row.name,
      contact_person: row.contactPerson,
      org_number: row.orgNumber,
      email: row.email,
      phone: row.phone,
      address: { street: row.street, postcode: row.postcode, city: row.city },
      personal_number_masked: personalNumber ? maskPersonalNumber(personalNumber) : null,
      consent_contact: row.consentContact,
      consent_at: row.consentAt?.toISOString() ?? null,
      project_count: row.projectCount,
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
    };
  }

  private async owned(access: TradeAccess, id: number): Promise<EndCustomerRow> {
    const row = await this.repository.byId(companyOf(access), id);
    if (!row) throw new NotFoundError(END_CUSTOMER_NOT_FOUND_MESSAGE);
    return row;
  }

  async list(
    access: TradeAccess,
    query: { page: number; page_size: number; search?: string | undefined },
    url: string,
  ): Promise<EndCustomerPage> {
    const { rows, count } = await this.repository.page(
      companyOf(access),
      query.search,
      query.page_size,
      (query.page - 1) * query.page_size,
    );
    return {
      count,
      ...pageLinks(url, query.page, query.page * query.page_size < count),
      results: rows.map((row) => this.toReply(row)),
    };
  }

  async get(access: TradeAccess, id: number): Promise<EndCustomerDetail> {
    const row = await this.owned(access, id);
    const projects = await this.repository.projects(viewerOf(access), id, this.deps.now());
    return {
      ...this.toReply(row),
      projects: projects.map((p) => ({
        id: p.id,
        number: p.number,
        name: p.name,
        status: p.status,
        invited: p.invited,
        terms_accepted_at: p.termsAcceptedAt?.toISOString() ?? null,
      })),
    };
  }

  async create(access: TradeAccess, body: EndCustomerCreate): Promise<EndCustomerDetail> {
    const now = this.deps.now();
    const fields: EndCustomerFields = {
      kind: body.kind,
      name: body.name,
      contactPerson: body.contact_person,
      orgNumber: body.org_number,
      email: body.email,
      phone: body.phone,
      street: body.address.street,
      postcode: body.address.postcode,
      city: body.address.city,
      personalNumberSealed: body.personal_number
        ? this.deps.sealer.seal(body.personal_number)
        : null,
      consentContact: body.consent_contact,
      consentAt: body.consent_contact ? now : null,
    };
    const id = await this.repository.insert({
      ...fields,
      organisationId: access.user.organisationId,
      companyId: companyOf(access),
      createdByUserId: access.user.id,
    });
    return this.get(access, id);
  }

  async patch(access: TradeAccess, id: number, body: EndCustomerPatch): Promise<EndCustomerDetail> {
    const row = await this.owned(access, id);
    const now = this.deps.now();
    const kind = body.kind ?? row.kind;
    const fields: Partial<EndCustomerFields> = {};
    if (body.kind !== undefined) fields.kind = body.kind;
    if (body.name !== undefined) fields.name = body.name;
    if (body.contact_person !== undefined) fields.contactPerson = body.contact_person;
    if (body.org_number !== undefined) fields.orgNumber = body.org_number;
    if (body.email !== undefined) fields.email = body.email;
    if (body.phone !== undefined) fields.phone = body.phone;
    if (body.address?.street !== undefined) fields.street = body.address.street;
    if (body.address?.postcode !== undefined) fields.postcode = body.address.postcode;
    if (body.address?.city !== undefined) fields.city = body.address.city;
    if (body.personal_number !== undefined) {
      fields.personalNumberSealed = body.personal_number
        ? this.deps.sealer.seal(body.personal_number)
        : null;
    }
    // A company keeps no personal identity number: one given is refused, a stored one dropped.
    if (kind === 'company') {
      if (body.personal_number) {
        throw new BadRequestError(PERSONAL_NUMBER_COMPANY_MESSAGE, [
          { path: 'body.personal_number', message: PERSONAL_NUMBER_COMPANY_MESSAGE },
        ]);
      }
      fields.personalNumberSealed = null;
    }
    if (body.consent_contact !== undefined && body.consent_contact !== row.consentContact) {
      fields.consentContact = body.consent_contact;
      fields.consentAt = body.consent_contact ? now : null;
    }
    await this.repository.update(row.companyId, id, fields, now);
    return this.get(access, id);
  }

  /**
   * POST project/{id}/invite/: a new link for the project's end customer (from the register,
   * with an e-mail address), mailed to them; earlier links of the project stop working.
   */
  async invite(access: TradeAccess, projectId: number): Promise<ProjectInviteReply> {
    const project = await this.projects.byId(viewerOf(access), projectId);
    if (!project) throw new NotFoundError(PROJECT_NOT_FOUND_MESSAGE);
    if (project.endCustomerId === null) {
      throw new BadRequestError(INVITE_NO_END_CUSTOMER_MESSAGE, [
        { path: 'end_customer.id', message: INVITE_NO_END_CUSTOMER_MESSAGE },
      ]);
    }
    const customer = await this.owned(access, project.endCustomerId);
    if (!customer.email) {
      throw new BadRequestError(INVITE_NO_EMAIL_MESSAGE, [
        { path: 'end_customer.email', message: INVITE_NO_EMAIL_MESSAGE },
      ]);
    }
    const now = this.deps.now();
    const expiresAt = new Date(now.getTime() + PROJECT_TOKEN_DAYS * DAY_MS);
    const token = newProjectToken();
    await this.repository.createToken({
      projectId,
      endCustomerId: customer.id,
      tokenHash: projectTokenHash(token),
      invitedByUserId: access.user.id,
      createdAt: now,
      expiresAt,
    });
    const href = invitationLink(this.deps.publicUrl, access.store.slug, projectId, token);
    const company = (await this.repository.companyName(project.companyId)) ?? access.store.name;
    const until = expiresAt.toLocaleDateString('sv-SE', { timeZone: 'Europe/Stockholm' });
    await this.deps.mailer.send({
      to: customer.email,
      subject: `${company} har bjudit in dig till projektet ${project.name}`,
      text:
        `Hej ${customer.name}!\n\n${company} har bjudit in dig till projektet ${project.name}. ` +
        `Där ser du bilder och dokument, godkänner villkoren och kan skriva till oss.\n\n` +
        `Öppna projektet: ${href}\n\nLänken gäller till och med ${until}. Dela den inte med andra.\n`,
      html:
        `<p>Hej ${escapeHtml(customer.name)}!</p>` +
        `<p>${escapeHtml(company)} har bjudit in dig till projektet ${escapeHtml(project.name)}. ` +
        `Där ser du bilder och dokument, godkänner villkoren och kan skriva till oss.</p>` +
        `<p><a href="${escapeHtml(href)}">Öppna projektet</a></p>` +
        `<p>Länken gäller till och med ${until}. Dela den inte med andra.</p>`,
    });
    return {
      project_id: projectId,
      end_customer: { id: customer.id, name: customer.name },
      email: customer.email,
      expires_at: expiresAt.toISOString(),
    };
  }

  async revoke(access: TradeAccess, projectId: number): Promise<{ revoked: number }> {
    const project = await this.projects.byId(viewerOf(access), projectId);
    if (!project) throw new NotFoundError(PROJECT_NOT_FOUND_MESSAGE);
    return { revoked: await this.repository.revokeTokens(projectId, this.deps.now()) };
  }

  // ---- The end customer's side: every call names the token's own project, else 404. ----

  private ownProject(access: EndCustomerAccess, projectId: number): void {
    if (projectId !== access.projectId) throw new NotFoundError(PROJECT_NOT_FOUND_MESSAGE);
  }

  async projectView(access: EndCustomerAccess, projectId: number): Promise<EndCustomerProjectView> {
    this.ownProject(access, projectId);
    const row = await this.repository.projectView(projectId);
    if (!row) throw new NotFoundError(PROJECT_NOT_FOUND_MESSAGE);
    const accepted = await this.repository.termsAcceptedAt(projectId, access.endCustomerId);
    return {
      id: row.id,
      number: row.number,
      name: row.name,
      description: row.description,
      address: { street: row.street, postcode: row.postcode, city: row.city },
      status: row.status,
      end_customer: {
        id: access.endCustomerId,
        name: access.endCustomerName,
        customer: {
          name: access.companyName,
          logo: row.logoUrl ? { url: row.logoUrl, thumbnails: [{ url: row.logoUrl }] } : null,
        },
      },
      store: { slug: access.storeSlug, name: access.storeName },
      terms_accepted_at: accepted?.toISOString() ?? null,
    };
  }

  async files(
    access: EndCustomerAccess,
    projectId: number,
    kind: ProjectFileKind,
    search?: string,
  ): Promise<EndCustomerFileList> {
    this.ownProject(access, projectId);
    const needle = search?.toLocaleLowerCase('sv-SE');
    const rows = (await this.projects.files(projectId, kind)).filter(
      (row) => !needle || row.sanitisedName.toLocaleLowerCase('sv-SE').includes(needle),
    );
    const base = `${END_CUSTOMER_PREFIX}/project/${projectId}/file`;
    return {
      count: rows.length,
      results: rows.map((row) => ({
        id: row.id,
        filename: row.sanitisedName,
        url: `${base}/${row.id}/`,
        thumbnail: row.thumbnailKey ? `${base}/${row.id}/thumbnail/` : null,
        isImage: row.mimeType.startsWith('image/'),
        mime_type: row.mimeType,
        size: row.sizeBytes,
        width: row.width,
        height: row.height,
        created_at: row.createdAt.toISOString(),
      })),
    };
  }

  async sendFile(
    access: EndCustomerAccess,
    reply: FastifyReply,
    projectId: number,
    fileId: number,
    thumbnail: boolean,
  ): Promise<FastifyReply> {
    this.ownProject(access, projectId);
    const file = await this.projects.file(projectId, fileId);
    if (!file || (thumbnail && !file.thumbnailKey)) {
      throw new NotFoundError(PROJECT_FILE_NOT_FOUND_MESSAGE);
    }
    if (thumbnail) {
      return sendStoredFile(
        reply,
        this.deps.storage,
        {
          storageKey: file.thumbnailKey ?? '',
          name: `${file.sanitisedName.replace(/\.[^.]+$/, '')}-miniatyr.webp`,
          mimeType: 'image/webp',
        },
        'inline',
      );
    }
    return sendStoredFile(
      reply,
      this.deps.storage,
      {
        storageKey: file.storageKey,
        name: file.sanitisedName,
        mimeType: file.mimeType,
        sizeBytes: file.sizeBytes,
      },
      file.kind === 'image' ? 'inline' : 'attachment',
    );
  }

  async acceptTerms(
    access: EndCustomerAccess,
    projectId: number,
  ): Promise<{ terms_accepted_at: string }> {
    this.ownProject(access, projectId);
    const at = await this.repository.acceptTerms(
      projectId,
      access.endCustomerId,
      access.tokenId,
      this.deps.now(),
    );
    return { terms_accepted_at: at.toISOString() };
  }
}
