import { randomUUID } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import sharp from 'sharp';
import type { z } from 'zod';
import {
  ATTACHMENT_NOT_FOUND_MESSAGE,
  AttachmentParamsSchema,
  MESSAGE_FILES_MAX,
} from '@bygg/contracts/trade/conversations';
import { ApiErrorSchema } from '@bygg/contracts/common';
import { BadRequestError, NotFoundError } from '../../../kernel/errors.ts';
import type { AttachmentRow, NewAttachment, Reader } from './repository.ts';
import type { ConversationService } from './service.ts';
import { detectFileType } from './file-type.ts';
import type { TradeRequirement } from '../store-access/guard.ts';

/** Limits of a message's files (ADR 035): each file, and the whole form. */
export const MESSAGE_FILE_MAX_BYTES = 10 * 1024 * 1024;
export const MESSAGE_FORM_MAX_BYTES = 25 * 1024 * 1024;
const THUMBNAIL_PX = 320;

export const FILE_TOO_LARGE_MESSAGE = 'Filen är för stor (högst 10 MB)';
export const FILE_TYPE_MESSAGE =
  'Filtypen stöds inte. Bifoga bilder, PDF, Word, Excel, OpenDocument, CSV eller textfiler.';
export const TOO_MANY_FILES_MESSAGE = `Högst ${MESSAGE_FILES_MAX} filer per meddelande`;

/** A file name as it may be shown and sent back: no folders, no control characters. */
export function sanitiseFilename(name: string): string {
  const base = name.split(/[/\\]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f"]/g, '').trim();
  const safe = clean.replace(/^\.+/, '').slice(0, 200);
  return safe === '' ? 'fil' : safe;
}

/**
 * The files of messages in a folder under DATA_DIR (uploads/messages/), never the web root;
 * keys are random, the original name is kept in the database only.
 */
export class MessageFileStore {
  constructor(private readonly folder: string) {}

  async put(bytes: Buffer, extension: string): Promise<string> {
    const key = `${randomUUID()}.${extension}`;
    await mkdir(this.folder, { recursive: true });
    await writeFile(path.join(this.folder, key), bytes, { mode: 0o600 });
    return key;
  }

  async get(key: string): Promise<Buffer> {
    // Keys are written by put() only; refuse anything else all the same.
    if (!/^[\w-]+\.\w+$/.test(key)) throw new NotFoundError(ATTACHMENT_NOT_FOUND_MESSAGE);
    return readFile(path.join(this.folder, key));
  }
}

/**
 * The multipart form of POST conversation/ (spec §7): text fields and `attachments` files.
 * The form is buffered whole, up to MESSAGE_FORM_MAX_BYTES (413 beyond), and read with the
 * platform's FormData parser; each file's type is found from its bytes (never its name or the
 * browser's type), images get a thumbnail, and everything is stored before the message's
 * transaction starts.
 */
export class MessageUploads {
  constructor(
    private readonly files: MessageFileStore,
    private readonly service: ConversationService,
  ) {}

  /** Registers the multipart parser for the plugin it is called in. */
  parser(app: FastifyInstance): void {
    app.addContentTypeParser(
      'multipart/form-data',
      { parseAs: 'buffer', bodyLimit: MESSAGE_FORM_MAX_BYTES },
      (_request, body, done) => done(null, body),
    );
  }

  async read<S extends z.ZodType>(
    request: FastifyRequest,
    schema: S,
  ): Promise<{ fields: z.infer<S>; files: NewAttachment[] }> {
    const body = request.body;
    const raw: Record<string, unknown> = {};
    const uploads: File[] = [];
    if (Buffer.isBuffer(body)) {
      let form: FormData;
      try {
        form = await new Response(new Uint8Array(body), {
          headers: { 'content-type': String(request.headers['content-type']) },
        }).formData();
      } catch {
        throw new BadRequestError('Formuläret kunde inte läsas');
      }
      for (const [name, value] of form.entries()) {
        if (typeof value === 'string') raw[name] = value;
        else if (name === 'attachments') uploads.push(value);
      }
    } else if (body && typeof body === 'object') {
      // A message without files may come as JSON as well.
      Object.assign(raw, body);
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
    if (uploads.length > MESSAGE_FILES_MAX) {
      throw new BadRequestError(TOO_MANY_FILES_MESSAGE, [
        { path: 'body.attachments', message: TOO_MANY_FILES_MESSAGE },
      ]);
    }
    const checked = [];
    for (const file of uploads) {
      if (file.size > MESSAGE_FILE_MAX_BYTES) {
        throw new BadRequestError(FILE_TOO_LARGE_MESSAGE, [
          {
            path: 'body.attachments',
            message: `${sanitiseFilename(file.name)}: ${FILE_TOO_LARGE_MESSAGE}`,
          },
        ]);
      }
      const bytes = Buffer.from(await file.arrayBuffer());
      const type = detectFileType(bytes, file.name);
      if (!type) {
        throw new BadRequestError(FILE_TYPE_MESSAGE, [
          {
            path: 'body.attachments',
            message: `${sanitiseFilename(file.name)}: ${FILE_TYPE_MESSAGE}`,
          },
        ]);
      }
      checked.push({ file, bytes, type });
    }
    const stored: NewAttachment[] = [];
    for (const { file, bytes, type } of checked) {
      let thumbnailKey: string | null = null;
      if (type.image) {
        const thumbnail = await sharp(bytes, { limitInputPixels: 100_000_000 })
          .rotate()
          .resize(THUMBNAIL_PX, THUMBNAIL_PX, { fit: 'inside', withoutEnlargement: true })
          .webp({ quality: 80 })
          .toBuffer()
          // An image sharp cannot read (e.g. HEIC without its codec) is kept as a document.
          .catch(() => null);
        if (thumbnail) thumbnailKey = await this.files.put(thumbnail, 'webp');
      }
      stored.push({
        storageKey: await this.files.put(bytes, type.extension),
        thumbnailKey,
        filename: withExtension(sanitiseFilename(file.name), type.extension),
        mimeType: type.mime,
        sizeBytes: bytes.length,
      });
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
  ) {
    const serve = async (
      request: FastifyRequest,
      thumbnail: boolean,
    ): Promise<{ row: AttachmentRow; bytes: Buffer; type: string }> => {
      const params = request.params as z.infer<typeof AttachmentParamsSchema>;
      const row = await this.service.attachment(reader(request), params.id, params.attachment);
      if (!row || (thumbnail && !row.thumbnailKey)) {
        throw new NotFoundError(ATTACHMENT_NOT_FOUND_MESSAGE);
      }
      const key = thumbnail && row.thumbnailKey ? row.thumbnailKey : row.storageKey;
      const bytes = await this.files.get(key).catch(() => {
        throw new NotFoundError(ATTACHMENT_NOT_FOUND_MESSAGE);
      });
      return { row, bytes, type: thumbnail ? 'image/webp' : row.mimeType };
    };
    const schema = {
      tags: ['trade'],
      params: AttachmentParamsSchema,
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
        const { row, bytes, type } = await serve(request, false);
        const inline = row.thumbnailKey !== null;
        return reply
          .header('cache-control', 'private, no-store')
          .header('content-type', type)
          .header('content-disposition', contentDisposition(inline, row.filename))
          .send(bytes);
      },
    );
    app.get(
      `${base}:attachment/thumbnail/`,
      { config, schema: { ...schema, summary: "An image's thumbnail (participants only)" } },
      async (request, reply) => {
        const { bytes, type } = await serve(request, true);
        return reply
          .header('cache-control', 'private, no-store')
          .header('content-type', type)
          .send(bytes);
      },
    );
  }
}

function withExtension(name: string, extension: string): string {
  return name.toLowerCase().endsWith(`.${extension}`) ? name : `${name}.${extension}`;
}

/** RFC 6266: an ASCII fallback and the UTF-8 name. */
export function contentDisposition(inline: boolean, filename: string): string {
  const ascii = filename.normalize('NFD').replace(/[^\x20-\x7e]/g, '_');
  return `${inline ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}
