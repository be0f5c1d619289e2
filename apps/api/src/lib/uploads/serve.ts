import type { FastifyReply } from 'fastify';
import { ZipFile } from 'yazl';
import { contentDisposition, uniqueNames } from './file-names.ts';
import type { FileStorage } from './storage.ts';

/** A stored file as it is served. */
export type ServedFile = {
  storageKey: string;
  name: string;
  mimeType: string;
  sizeBytes?: number;
};

/**
 * Sends a stored file. Documents always go as `attachment` (never rendered in the shop's
 * origin); images may go inline (the lightbox), which is safe because an image's type was
 * detected from its bytes and SVG is not an image here. Never cached by shared caches: the
 * file is only for users with access.
 */
export async function sendStoredFile(
  reply: FastifyReply,
  storage: FileStorage,
  file: ServedFile,
  disposition: 'attachment' | 'inline',
): Promise<FastifyReply> {
  const stream = await storage.read(file.storageKey);
  const inline = disposition === 'inline' && file.mimeType.startsWith('image/');
  const type = file.mimeType.startsWith('text/')
    ? `${file.mimeType}; charset=utf-8`
    : file.mimeType;
  reply
    .header('content-type', type)
    .header('content-disposition', contentDisposition(inline ? 'inline' : 'attachment', file.name))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store');
  if (file.sizeBytes !== undefined) reply.header('content-length', String(file.sizeBytes));
  return reply.send(stream);
}

/**
 * Sends files as one zip (streamed: each file is read from storage when the zip reaches it).
 * Names are made unique ("a.pdf", "a (2).pdf").
 */
export function sendZip(
  reply: FastifyReply,
  storage: FileStorage,
  files: readonly ServedFile[],
  zipName: string,
): FastifyReply {
  const zip = new ZipFile();
  const names = uniqueNames(files.map((file) => file.name));
  files.forEach((file, i) => {
    zip.addReadStreamLazy(names[i] ?? file.name, (callback) => {
      storage.read(file.storageKey).then(
        (stream) => callback(null, stream),
        (error: unknown) => callback(error, undefined as unknown as NodeJS.ReadableStream),
      );
    });
  });
  zip.end();
  return reply
    .header('content-type', 'application/zip')
    .header('content-disposition', contentDisposition('attachment', zipName))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(zip.outputStream);
}
