import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  PROJECT_END_CUSTOMER_MESSAGE,
  PROJECT_FILE_NOT_FOUND_MESSAGE,
  PROJECT_NO_DOCUMENTS_MESSAGE,
  PROJECT_NOT_FOUND_MESSAGE,
  PROJECT_USERS_MESSAGE,
  type Project,
  type ProjectCreate,
  type ProjectFile,
  type ProjectFileList,
  type ProjectListQuery,
  type ProjectPage,
  type ProjectPatch,
  type ProjectPut,
  type ProjectSummary,
} from '@bygg/contracts/trade/projects';
import type { ProjectFileKind } from '@bygg/db/schema/index';
import { BadRequestError, ForbiddenError, NotFoundError } from '../../../kernel/errors.ts';
import { pageLinks } from '../../../lib/pagination.ts';
import { receiveFiles } from '../../../lib/uploads/receive.ts';
import { sendStoredFile, sendZip } from '../../../lib/uploads/serve.ts';
import type { FileStorage } from '../../../lib/uploads/storage.ts';
import type { StorageRemovals } from '../../../lib/uploads/removals.ts';
import { removeStored, storeFiles } from '../../../lib/uploads/store.ts';
import { recordEvent } from '../events/repository.ts';
import { companyOf, type TradeAccess } from '../store-access/guard.ts';
import type {
  ProjectFields,
  ProjectFileRow,
  ProjectRepository,
  ProjectRow,
  ProjectViewer,
} from './repository.ts';

/** Who looks at projects: the user, their company and store, administrator or not. */
export function viewerOf(access: TradeAccess): ProjectViewer {
  return {
    userId: access.user.id,
    companyId: companyOf(access),
    storeId: access.store.id,
    isAdmin: access.account.role === 'admin',
  };
}

/** Where a project's calls live, for the urls in replies. */
function projectBase(access: TradeAccess, projectId: number): string {
  return `/api/proffs/${encodeURIComponent(access.store.externalId)}/project/${projectId}`;
}

function fileUrls(access: TradeAccess, projectId: number, fileId: number, hasThumbnail: boolean) {
  const url = `${projectBase(access, projectId)}/file/${fileId}/`;
  return { url, thumbnail: hasThumbnail ? `${url}thumbnail/` : null };
}

function toFile(access: TradeAccess, row: ProjectFileRow): ProjectFile {
  return {
    id: row.id,
    filename: row.sanitisedName,
    ...fileUrls(access, row.projectId, row.id, row.thumbnailKey !== null),
    isImage: row.mimeType.startsWith('image/'),
    mime_type: row.mimeType,
    size: row.sizeBytes,
    width: row.width,
    height: row.height,
    uploaded_by: row.uploadedBy,
    created_at: row.createdAt.toISOString(),
  };
}

function toSummary(access: TradeAccess, row: ProjectRow): ProjectSummary {
  return {
    id: row.id,
    number: row.number,
    name: row.name,
    end_customer: {
      id: row.endCustomerId,
      name: row.endCustomerName,
      reference: row.endCustomerRef,
    },
    address: { street: row.street, postcode: row.postcode, city: row.city },
    status: row.status,
    thumbnail:
      row.thumbnailFileId === null
        ? null
        : fileUrls(access, row.id, row.thumbnailFileId, true).thumbnail,
    image_count: row.imageCount,
    document_count: row.documentCount,
    updated_at: row.updatedAt.toISOString(),
  };
}

function fieldsOf(body: ProjectCreate | ProjectPut): ProjectFields {
  return {
    name: body.name,
    description: body.description,
    endCustomerId: body.end_customer.id,
    endCustomerName: body.end_customer.name,
    endCustomerRef: body.end_customer.reference,
    street: body.address.street,
    postcode: body.address.postcode,
    city: body.address.city,
    status: body.status,
  };
}

function patchFieldsOf(body: ProjectPatch): Partial<ProjectFields> {
  const fields: Partial<ProjectFields> = {};
  if (body.name !== undefined) fields.name = body.name;
  if (body.description !== undefined) fields.description = body.description;
  if (body.status !== undefined) fields.status = body.status;
  if (body.end_customer?.id !== undefined) fields.endCustomerId = body.end_customer.id;
  if (body.end_customer?.name !== undefined) fields.endCustomerName = body.end_customer.name;
  if (body.end_customer?.reference !== undefined) {
    fields.endCustomerRef = body.end_customer.reference;
  }
  if (body.address?.street !== undefined) fields.street = body.address.street;
  if (body.address?.postcode !== undefined) fields.postcode = body.address.postcode;
  if (body.address?.city !== undefined) fields.city = body.address.city;
  return fields;
}

/**
 * Projects (issue 18): list, create, read, change, access, images and documents. Every call
 * finds the project through visibleTo, so one the caller may not see is 404 everywhere.
 */
export class ProjectService {
  constructor(
    private readonly repository: ProjectRepository,
    private readonly storage: FileStorage,
    private readonly now: () => Date,
    private readonly removals?: StorageRemovals,
  ) {}

  private async visible(access: TradeAccess, id: number): Promise<ProjectRow> {
    const row = await this.repository.byId(viewerOf(access), id);
    if (!row) throw new NotFoundError(PROJECT_NOT_FOUND_MESSAGE);
    return row;
  }

  /**
   * A register customer chosen for the project must be the company's (else 400); the
   * project then carries its name, so lists and searches show it.
   */
  private async withEndCustomer<F extends Partial<ProjectFields>>(
    access: TradeAccess,
    fields: F,
  ): Promise<F> {
    if (fields.endCustomerId === undefined || fields.endCustomerId === null) return fields;
    const name = await this.repository.endCustomerName(companyOf(access), fields.endCustomerId);
    if (name === null) {
      throw new BadRequestError(PROJECT_END_CUSTOMER_MESSAGE, [
        { path: 'body.end_customer.id', message: PROJECT_END_CUSTOMER_MESSAGE },
      ]);
    }
    return { ...fields, endCustomerName: name };
  }

  async list(access: TradeAccess, query: ProjectListQuery, url: string): Promise<ProjectPage> {
    const { rows, count } = await this.repository.page(viewerOf(access), query);
    return {
      count,
      ...pageLinks(url, query.page, query.page * query.page_size < count),
      results: rows.map((row) => toSummary(access, row)),
    };
  }

  async get(access: TradeAccess, id: number): Promise<Project> {
    const row = await this.visible(access, id);
    const { rights } = access.account;
    const today = this.now().toISOString().slice(0, 10);
    const [users, invoiced, ordered, quoted] = await Promise.all([
      this.repository.users(id),
      rights.invoices ? this.repository.invoiced(row.companyId, id) : null,
      rights.orders ? this.repository.ordered(row.companyId, id) : null,
      rights.offers ? this.repository.quoted(row.companyId, id, today) : null,
    ]);
    return {
      ...toSummary(access, row),
      description: row.description,
      store: { external_id: row.storeExternalId, name: row.storeName },
      created_by:
        row.createdByUserId !== null && row.createdByName !== null
          ? { id: row.createdByUserId, name: row.createdByName }
          : null,
      created_at: row.createdAt.toISOString(),
      users,
      can_assign_users: access.account.role === 'admin',
      job_cost: {
        invoiced: invoiced
          ? { count: invoiced.count, net_ore: invoiced.netOre, total_ore: invoiced.totalOre }
          : null,
        ordered: ordered ? { count: ordered.count, net_ore: ordered.netOre } : null,
        quoted: quoted ? { count: quoted.count, net_ore: quoted.netOre } : null,
      },
    };
  }

  async create(access: TradeAccess, body: ProjectCreate): Promise<Project> {
    const companyId = companyOf(access);
    const fields = await this.withEndCustomer(access, fieldsOf(body));
    const id = await this.repository.db.transaction((tx) =>
      this.repository.insert(tx, {
        ...fields,
        organisationId: access.user.organisationId,
        companyId,
        storeId: access.store.id,
        createdByUserId: access.user.id,
      }),
    );
    return this.get(access, id);
  }

  async replace(access: TradeAccess, id: number, body: ProjectPut): Promise<Project> {
    await this.visible(access, id);
    const fields = await this.withEndCustomer(access, fieldsOf(body));
    await this.repository.db.transaction((tx) =>
      this.repository.update(tx, id, fields, this.now()),
    );
    return this.get(access, id);
  }

  async patch(access: TradeAccess, id: number, body: ProjectPatch): Promise<Project> {
    await this.visible(access, id);
    const fields = await this.withEndCustomer(access, patchFieldsOf(body));
    await this.repository.db.transaction((tx) =>
      this.repository.update(tx, id, fields, this.now()),
    );
    return this.get(access, id);
  }

  /**
   * Exactly these users have access (administrators, by the route's requirement). Each user
   * given access now gets an event that only they see.
   */
  async setUsers(access: TradeAccess, id: number, userIds: readonly number[]): Promise<Project> {
    const row = await this.visible(access, id);
    const wanted = [...new Set(userIds)];
    const found = new Set(await this.repository.companyUserIds(row.companyId, wanted));
    const unknown = wanted.findIndex((userId) => !found.has(userId));
    if (unknown !== -1) {
      throw new BadRequestError(`${PROJECT_USERS_MESSAGE}: ${wanted[unknown]}`, [
        {
          path: `body.user_ids.${userIds.indexOf(wanted[unknown] ?? 0)}`,
          message: PROJECT_USERS_MESSAGE,
        },
      ]);
    }
    await this.repository.db.transaction(async (tx) => {
      const added = await this.repository.setUsers(tx, id, wanted, access.user.id);
      for (const userId of added) {
        if (userId === access.user.id) continue;
        await recordEvent(tx, {
          organisationId: row.organisationId,
          companyId: row.companyId,
          storeId: access.store.id,
          recipientUserId: userId,
          type: 'project_access',
          title: 'Du har fått tillgång till ett projekt',
          text: `${row.number} ${row.name}`,
          target: { kind: 'project', id: String(id) },
        });
      }
      await this.repository.touch(tx, id, this.now());
    });
    return this.get(access, id);
  }

  async files(access: TradeAccess, id: number, kind: ProjectFileKind): Promise<ProjectFileList> {
    await this.visible(access, id);
    const rows = await this.repository.files(id, kind);
    return { count: rows.length, results: rows.map((row) => toFile(access, row)) };
  }

  /**
   * Uploads to the project: images (image/) or documents (attachments/, any type of spec
   * §5, an image too — a photographed drawing is a document). All files or none.
   */
  async upload(
    access: TradeAccess,
    id: number,
    kind: ProjectFileKind,
    request: FastifyRequest,
  ): Promise<ProjectFileList> {
    await this.visible(access, id);
    const { files } = await receiveFiles(request, {
      accept: kind === 'image' ? 'image' : 'attachment',
    });
    const stored = await storeFiles(this.storage, `projects/${id}`, files, this.removals);
    let ids: number[];
    try {
      ids = await this.repository.db.transaction(async (tx) => {
        const inserted = await this.repository.insertFiles(tx, id, kind, stored, access.user.id);
        await this.repository.touch(tx, id, this.now());
        return inserted;
      });
    } catch (error) {
      await removeStored(this.storage, stored);
      throw error;
    }
    const rows = await this.repository.files(id, kind);
    const mine = rows.filter((row) => ids.includes(row.id));
    return { count: mine.length, results: mine.map((row) => toFile(access, row)) };
  }

  private async visibleFile(access: TradeAccess, id: number, fileId: number) {
    await this.visible(access, id);
    const file = await this.repository.file(id, fileId);
    if (!file) throw new NotFoundError(PROJECT_FILE_NOT_FOUND_MESSAGE);
    return file;
  }

  /** The file (an image inline unless asked as a download; a document always as one). */
  async sendFile(
    access: TradeAccess,
    reply: FastifyReply,
    id: number,
    fileId: number,
    download: boolean,
  ): Promise<FastifyReply> {
    const file = await this.visibleFile(access, id, fileId);
    return sendStoredFile(
      reply,
      this.storage,
      {
        storageKey: file.storageKey,
        name: file.sanitisedName,
        mimeType: file.mimeType,
        sizeBytes: file.sizeBytes,
      },
      file.kind === 'image' && !download ? 'inline' : 'attachment',
    );
  }

  async sendThumbnail(
    access: TradeAccess,
    reply: FastifyReply,
    id: number,
    fileId: number,
  ): Promise<FastifyReply> {
    const file = await this.visibleFile(access, id, fileId);
    if (!file.thumbnailKey) throw new NotFoundError(PROJECT_FILE_NOT_FOUND_MESSAGE);
    const base = file.sanitisedName.replace(/\.[^.]+$/, '');
    return sendStoredFile(
      reply,
      this.storage,
      { storageKey: file.thumbnailKey, name: `${base}-miniatyr.webp`, mimeType: 'image/webp' },
      'inline',
    );
  }

  /** Removes a file: its uploader or an administrator. */
  async removeFile(access: TradeAccess, id: number, fileId: number): Promise<void> {
    const file = await this.visibleFile(access, id, fileId);
    if (access.account.role !== 'admin' && file.uploadedByUserId !== access.user.id) {
      throw new ForbiddenError(
        'Bara den som laddade upp filen eller en administratör kan ta bort den',
      );
    }
    await this.repository.db.transaction(async (tx) => {
      await this.repository.deleteFile(tx, fileId);
      await this.repository.touch(tx, id, this.now());
    });
    await removeStored(this.storage, [file]);
  }

  /** The project's documents (all, or the chosen ones) as one zip. */
  async sendDocumentsZip(
    access: TradeAccess,
    reply: FastifyReply,
    id: number,
    ids: readonly number[] | undefined,
  ): Promise<FastifyReply> {
    const project = await this.visible(access, id);
    const all = await this.repository.files(id, 'document');
    const chosen = ids ? all.filter((file) => ids.includes(file.id)) : all;
    if (ids && chosen.length !== new Set(ids).size) {
      throw new NotFoundError(PROJECT_FILE_NOT_FOUND_MESSAGE);
    }
    if (chosen.length === 0) throw new NotFoundError(PROJECT_NO_DOCUMENTS_MESSAGE);
    return sendZip(
      reply,
      this.storage,
      chosen.map((file) => ({
        storageKey: file.storageKey,
        name: file.sanitisedName,
        mimeType: file.mimeType,
      })),
      `${project.number} dokument.zip`,
    );
  }
}
