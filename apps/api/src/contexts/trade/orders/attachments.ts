import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { queryRows, type Database } from '@bygg/db/client';
import { sql } from '@bygg/db/orm';
import { ApiErrorSchema } from '@bygg/contracts/common';
import {
  ATTACHMENT_NOT_FOUND_MESSAGE,
  NO_ATTACHMENTS_MESSAGE,
  OrderAttachmentListSchema,
  OrderAttachmentParamsSchema,
  OrderFileParamsSchema,
  OrderFileQuerySchema,
  type OrderAttachment,
} from '@bygg/contracts/trade/orders';
import { orderNumber } from '@bygg/domain/checkout';
import { NotFoundError } from '../../../kernel/errors.ts';
import { receiveFiles, registerMultipart } from '../../../lib/uploads/receive.ts';
import { sendStoredFile, sendZip } from '../../../lib/uploads/serve.ts';
import type { FileStorage } from '../../../lib/uploads/storage.ts';
import type { StorageRemovals } from '../../../lib/uploads/removals.ts';
import { removeStored, storeFiles } from '../../../lib/uploads/store.ts';
import { tradeAccess, type TradeAccess } from '../store-access/guard.ts';
import { errors, ordersRight } from './routes.ts';
import type { TradeOrderService } from './service.ts';

type AttachmentRow = {
  id: number;
  storageKey: string;
  sanitisedName: string;
  mimeType: string;
  sizeBytes: number;
  thumbnailKey: string | null;
  createdAt: Date;
};

const COLUMNS = sql`id, storage_key as "storageKey", sanitised_name as "sanitisedName",
  mime_type as "mimeType", size_bytes as "sizeBytes", thumbnail_key as "thumbnailKey",
  created_at as "createdAt"`;

function toRow(row: AttachmentRow): AttachmentRow {
  return {
    ...row,
    id: Number(row.id),
    sizeBytes: Number(row.sizeBytes),
    createdAt: new Date(row.createdAt),
  };
}

/** An order's files (the upload library's storage holds the bytes; ADR 033). */
export class OrderAttachments {
  constructor(
    private readonly db: Database,
    private readonly storage: FileStorage,
    private readonly orders: TradeOrderService,
    private readonly removals?: StorageRemovals,
  ) {}

  private view(access: TradeAccess, orderId: number, row: AttachmentRow): OrderAttachment {
    const url = `/api/proffs/${encodeURIComponent(access.store.externalId)}/order/${orderId}/attachments/${row.id}/`;
    return {
      id: row.id,
      filename: row.sanitisedName,
      url,
      thumbnail: row.thumbnailKey ? `${url}?size=thumbnail` : null,
      isImage: row.mimeType.startsWith('image/'),
      size_bytes: row.sizeBytes,
      created_at: row.createdAt.toISOString(),
    };
  }

  private async rows(orderId: number): Promise<AttachmentRow[]> {
    const rows = await queryRows<AttachmentRow>(
      this.db,
      sql`select ${COLUMNS} from trade_order_attachments where order_id = ${orderId}
        order by created_at, id`,
    );
    return rows.map(toRow);
  }

  async list(access: TradeAccess, orderId: number): Promise<OrderAttachment[]> {
    await this.orders.ensureVisible(access, orderId);
    return (await this.rows(orderId)).map((row) => this.view(access, orderId, row));
  }

  async add(
    access: TradeAccess,
    orderId: number,
    files: Parameters<typeof storeFiles>[2],
  ): Promise<OrderAttachment[]> {
    await this.orders.ensureVisible(access, orderId);
    const stored = await storeFiles(this.storage, `orders/${orderId}`, files, this.removals);
    try {
      const rows = await queryRows<AttachmentRow>(
        this.db,
        sql`insert into trade_order_attachments (order_id, storage_key, original_name,
            sanitised_name, mime_type, size_bytes, thumbnail_key, uploaded_by_user_id)
          select ${orderId}, x.storage_key, x.original_name, x.sanitised_name, x.mime_type,
            x.size_bytes, x.thumbnail_key, ${access.user.id}
          from jsonb_to_recordset(${JSON.stringify(
            stored.map((f) => ({
              storage_key: f.storageKey,
              original_name: f.originalName,
              sanitised_name: f.sanitisedName,
              mime_type: f.mimeType,
              size_bytes: f.sizeBytes,
              thumbnail_key: f.thumbnailKey,
            })),
          )}::jsonb) as x(storage_key text, original_name text, sanitised_name text,
            mime_type text, size_bytes integer, thumbnail_key text)
          returning ${COLUMNS}`,
      );
      return rows.map(toRow).map((row) => this.view(access, orderId, row));
    } catch (error) {
      await removeStored(this.storage, stored);
      throw error;
    }
  }

  async one(access: TradeAccess, orderId: number, fileId: number): Promise<AttachmentRow> {
    await this.orders.ensureVisible(access, orderId);
    const row = (await this.rows(orderId)).find((r) => r.id === fileId);
    if (!row) throw new NotFoundError(ATTACHMENT_NOT_FOUND_MESSAGE);
    return row;
  }

  async all(access: TradeAccess, orderId: number): Promise<AttachmentRow[]> {
    await this.orders.ensureVisible(access, orderId);
    const rows = await this.rows(orderId);
    if (rows.length === 0) throw new NotFoundError(NO_ATTACHMENTS_MESSAGE);
    return rows;
  }
}

/**
 * {eid}/order/{order_id}/attachments/ GET and POST (multipart, the types of spec §5),
 * …/attachments/download/ (every file as one zip) and …/attachments/{file_id}/ (one file;
 * documents always as an attachment).
 */
export const orderAttachmentRoutes: FastifyPluginAsyncZod<{
  attachments: OrderAttachments;
  storage: FileStorage;
}> = async (app, { attachments, storage }) => {
  await registerMultipart(app);

  app.get(
    '/order/:order_id/attachments/',
    {
      config: ordersRight,
      schema: {
        tags: ['trade'],
        summary: "The order's attachments",
        params: OrderAttachmentParamsSchema,
        response: { 200: OrderAttachmentListSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return {
        results: await attachments.list(tradeAccess(request), request.params.order_id),
      };
    },
  );

  app.post(
    '/order/:order_id/attachments/',
    {
      config: ordersRight,
      schema: {
        tags: ['trade'],
        summary: 'Attach files to the order (multipart; type checked from the bytes)',
        params: OrderAttachmentParamsSchema,
        consumes: ['multipart/form-data'],
        response: { 201: OrderAttachmentListSchema, ...errors, 413: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const access = tradeAccess(request);
      // The order first: nothing of another company's order is read or stored.
      await attachments.list(access, request.params.order_id);
      const { files } = await receiveFiles(request, { accept: 'attachment' });
      const results = await attachments.add(access, request.params.order_id, files);
      return reply.code(201).send({ results });
    },
  );

  app.get(
    '/order/:order_id/attachments/download/',
    {
      config: ordersRight,
      schema: {
        tags: ['trade'],
        summary: "All the order's attachments as one zip",
        params: OrderAttachmentParamsSchema,
        response: { 200: z.any(), ...errors },
      },
    },
    async (request, reply) => {
      const { order_id: orderId } = request.params;
      const rows = await attachments.all(tradeAccess(request), orderId);
      return sendZip(
        reply,
        storage,
        rows.map((r) => ({
          storageKey: r.storageKey,
          name: r.sanitisedName,
          mimeType: r.mimeType,
        })),
        `bilagor-${orderNumber(orderId)}.zip`,
      );
    },
  );

  app.get(
    '/order/:order_id/attachments/:file_id/',
    {
      config: ordersRight,
      schema: {
        tags: ['trade'],
        summary: 'One attachment of the order (documents as an attachment, images inline)',
        params: OrderFileParamsSchema,
        querystring: OrderFileQuerySchema,
        response: { 200: z.any(), ...errors },
      },
    },
    async (request, reply) => {
      const { order_id: orderId, file_id: fileId } = request.params;
      const row = await attachments.one(tradeAccess(request), orderId, fileId);
      const thumbnail = request.query.size === 'thumbnail' && row.thumbnailKey;
      return sendStoredFile(
        reply,
        storage,
        thumbnail
          ? {
              storageKey: row.thumbnailKey as string,
              name: `${row.sanitisedName}.webp`,
              mimeType: 'image/webp',
            }
          : {
              storageKey: row.storageKey,
              name: row.sanitisedName,
              mimeType: row.mimeType,
              sizeBytes: row.sizeBytes,
            },
        'inline',
      );
    },
  );
};
