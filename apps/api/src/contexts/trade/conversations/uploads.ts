import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  ATTACHMENT_NOT_FOUND_MESSAGE,
  AttachmentParamsSchema,
  MESSAGE_FILES_MAX,
} from '@bygg/contracts/trade/conversations';
import { ApiErrorSchema } from '@bygg/contracts/common';
import { BadRequestError, NotFoundError } from '../../../kernel/errors.ts';
import { receiveFiles, registerMultipart } from '../../../lib/uploads/receive.ts';
import { sendStoredFile } from '../../../lib/uploads/serve.ts';
import type { FileStorage } from '../../../lib/uploads/storage.ts';
import type { StorageRemovals } from '../../../lib/uploads/removals.ts';
import { storeFiles } from '../../../lib/uploads/store.ts';
import type { TradeRequirement } from '../store-access/guard.ts';
import type { AttachmentRow, NewAttachment, Reader } from './repository.ts';
import type { ConversationService } from './service.ts';

/**
 * The files of messages, through the shared upload library (lib/uploads, ADR 033): the
 * multipart form of POST conversation/ (text fields and `attachments`; each file's type from
 * its bytes, the size and count limits, sanitised names, thumbnails of images), stored under
 * `messages/` before the message's transaction starts, and served only to a thread's
 * participants.
 */
export class MessageUploads {
  constructor(
    private readonly storage: FileStorage,
    private readonly service: ConversationService,
    private readonly removals?: StorageRemovals,
  ) {}

  /** Registers the multipart parser for the plugin it is called in. */
  async parser(app: FastifyInstance): Promise<void> {
    await registerMultipart(app, { maxFiles: MESSAGE_FILES_MAX });
  }

  async read<S extends z.ZodType>(
    request: FastifyRequest,
    schema: S,
  ): Promise<{ fields: z.infer<S>; files: NewAttachment[] }> {
    let raw: Record<string, unknown> = {};
    let stored: NewAttachment[] = [];
    if (request.isMultipart()) {
      // A message may be text only: no file is not an error here (spec §5: text or a file).
      const received = await receiveFiles(request, {
        accept: 'attachment',
        maxFiles: MESSAGE_FILES_MAX,
        allowNone: true,
      });
      raw = received.fields;
      const files = received.files.filter((file) => file.field === 'attachments');
      // A message refused below leaves its files to the job runner (storage_removals).
      stored = (await storeFiles(this.storage, 'messages', files, this.removals)).map((file) => ({
        storageKey: file.storageKey,
        thumbnailKey: file.thumbnailKey,
        filename: file.sanitisedName,
        mimeType: file.mimeType,
        sizeBytes: file.sizeBytes,
      }));
    } else if (request.body && typeof request.body === 'object') {
      // A message without files may come as JSON as well.
      raw = request.body as Record<string, unknown>;
    }
    const parsed = schema.safeParse(raw);
    if (!parsed.success) {
      throw new BadRequestError(
        parsed.error.issues[0]?.message ?? 'Ogiltigt meddelande',
        parsed.error.issues.map((issue) => ({
          path: `body.${issue.path.join('.')}`,
          message: issue.message,
        })),
      );
    }
    return { fields: parsed.data, files: stored };
  }

  /**
   * GET {base}{attachment}/ and …/thumbnail/: a thread's file, only to the thread's
   * participants (the reader's scope; anyone else gets 404). Documents are downloads
   * (Content-Disposition: attachment); images are shown inline.
   */
  serveRoutes(
    app: FastifyInstance,
    base: string,
    reader: (request: FastifyRequest) => Reader,
    config: { tradeRight?: TradeRequirement } = {},
    /** The path's params (the end customer's paths have no {eid}). */
    params: z.ZodType<{ id: number; attachment: number }> = AttachmentParamsSchema,
  ) {
    const find = async (request: FastifyRequest, thumbnail: boolean): Promise<AttachmentRow> => {
      const params = request.params as { id: number; attachment: number };
      const row = await this.service.attachment(reader(request), params.id, params.attachment);
      if (!row || (thumbnail && !row.thumbnailKey)) {
        throw new NotFoundError(ATTACHMENT_NOT_FOUND_MESSAGE);
      }
      return row;
    };
    const schema = {
      tags: ['trade'],
      params,
      response: {
        400: ApiErrorSchema,
        401: ApiErrorSchema,
        403: ApiErrorSchema,
        404: ApiErrorSchema,
      },
    };
    app.get(
      `${base}:attachment/`,
      {
        config,
        schema: { ...schema, summary: "A file of a thread's message (participants only)" },
      },
      async (request, reply) => {
        const row = await find(request, false);
        return sendStoredFile(
          reply,
          this.storage,
          {
            storageKey: row.storageKey,
            name: row.filename,
            mimeType: row.mimeType,
            sizeBytes: row.sizeBytes,
          },
          row.thumbnailKey ? 'inline' : 'attachment',
        );
      },
    );
    app.get(
      `${base}:attachment/thumbnail/`,
      { config, schema: { ...schema, summary: "An image's thumbnail (participants only)" } },
      async (request, reply) => {
        const row = await find(request, true);
        return sendStoredFile(
          reply,
          this.storage,
          { storageKey: row.thumbnailKey ?? '', name: 'miniatyr.webp', mimeType: 'image/webp' },
          'inline',
        );
      },
    );
  }
}
