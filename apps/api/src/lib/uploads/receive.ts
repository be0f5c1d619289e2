import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { UPLOAD_MAX_BYTES, UPLOAD_MAX_FILES, UPLOAD_MESSAGES } from '@bygg/contracts/uploads';
import { BadRequestError, fixedStatusError } from '../../kernel/errors.ts';
import { sanitiseFileName } from './file-names.ts';
import { detectFileType, type FileKind } from './file-types.ts';

/** A file over the size limit, or too many files: 413 with the Swedish message. */
export class PayloadTooLargeError extends fixedStatusError(
  413,
  'Payload Too Large',
  UPLOAD_MESSAGES.tooLarge,
) {}

/** What a route accepts: images only, or every attachment type of trade-area spec §5. */
export type UploadPolicy = {
  accept: 'image' | 'attachment';
  /** Bytes per file (default UPLOAD_MAX_BYTES). */
  maxBytes?: number;
  /** Files per request (default UPLOAD_MAX_FILES). */
  maxFiles?: number;
};

/** An uploaded file that passed the checks, still in memory. */
export type ReceivedFile = {
  /** The form field it came in. */
  field: string;
  /** As the client named it (display only). */
  originalName: string;
  /** Sanitised, with the extension of the detected type. */
  name: string;
  /** Detected from the bytes. */
  mime: string;
  ext: string;
  kind: FileKind;
  bytes: Buffer;
};

/** The most text fields (and their bytes) a multipart request may carry besides its files. */
const MAX_FIELDS = 20;
const MAX_FIELD_BYTES = 10_000;

/**
 * Registers the multipart parser in the calling plugin (each module that takes uploads calls
 * it in its own routes plugin). Files stay in memory while checked, at most maxBytes each.
 */
export async function registerMultipart(
  app: FastifyInstance,
  policy: Pick<UploadPolicy, 'maxBytes' | 'maxFiles'> = {},
): Promise<void> {
  await app.register(fastifyMultipart, {
    limits: {
      fileSize: policy.maxBytes ?? UPLOAD_MAX_BYTES,
      files: policy.maxFiles ?? UPLOAD_MAX_FILES,
      fields: MAX_FIELDS,
      fieldSize: MAX_FIELD_BYTES,
      parts: (policy.maxFiles ?? UPLOAD_MAX_FILES) + MAX_FIELDS,
    },
  });
}

function fileError(name: string, message: string): BadRequestError {
  return new BadRequestError(`${name}: ${message}`, [{ path: 'body.file', message }]);
}

/** multipart's own errors, as this API answers them (Swedish, 400 or 413). */
function translated(error: unknown): unknown {
  const code = (error as { code?: unknown } | null)?.code;
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new PayloadTooLargeError(UPLOAD_MESSAGES.tooLarge);
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new PayloadTooLargeError(UPLOAD_MESSAGES.tooMany);
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new BadRequestError(UPLOAD_MESSAGES.notMultipart, [
        { path: 'headers.content-type', message: UPLOAD_MESSAGES.notMultipart },
      ]);
    default:
      return error;
  }
}

/**
 * Reads a multipart request: every file is checked (type from its bytes, the policy's types,
 * not empty, not over the size limit) before any is returned, so a request is taken whole or
 * not at all. Text fields come back as strings. 400 names the file that failed; 413 when a
 * file is too large or there are too many.
 */
export async function receiveFiles(
  request: FastifyRequest,
  policy: UploadPolicy,
): Promise<{ files: ReceivedFile[]; fields: Record<string, string> }> {
  const files: ReceivedFile[] = [];
  const fields: Record<string, string> = {};
  try {
    if (!request.isMultipart()) {
      throw new BadRequestError(UPLOAD_MESSAGES.notMultipart, [
        { path: 'headers.content-type', message: UPLOAD_MESSAGES.notMultipart },
      ]);
    }
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      const bytes = await part.toBuffer();
      const originalName = part.filename.normalize('NFC').slice(0, 255);
      const shownName = sanitiseFileName(originalName);
      if (bytes.length === 0) throw fileError(shownName, UPLOAD_MESSAGES.empty);
      if (bytes.length > (policy.maxBytes ?? UPLOAD_MAX_BYTES)) {
        throw new PayloadTooLargeError(UPLOAD_MESSAGES.tooLarge);
      }
      const type = await detectFileType(bytes, originalName);
      if (!type) throw fileError(shownName, UPLOAD_MESSAGES.notAllowed);
      if (policy.accept === 'image' && type.kind !== 'image') {
        throw fileError(shownName, UPLOAD_MESSAGES.notImage);
      }
      files.push({
        field: part.fieldname,
        originalName,
        name: sanitiseFileName(originalName, type.ext),
        mime: type.mime,
        ext: type.ext,
        kind: type.kind,
        bytes,
      });
    }
  } catch (error) {
    throw translated(error);
  }
  if (files.length === 0) {
    throw new BadRequestError(UPLOAD_MESSAGES.noFile, [
      { path: 'body.file', message: UPLOAD_MESSAGES.noFile },
    ]);
  }
  return { files, fields };
}
