import type { ReceivedFile } from './receive.ts';
import { storageKey, type FileStorage } from './storage.ts';
import type { StorageRemovals } from './removals.ts';
import { imageFacts, withoutMetadata } from './thumbnails.ts';

/** What a stored upload's row keeps (the columns of e.g. trade_project_files). */
export type StoredFile = {
  kind: ReceivedFile['kind'];
  storageKey: string;
  originalName: string;
  sanitisedName: string;
  mimeType: string;
  sizeBytes: number;
  /** Images: the WebP thumbnail's key (null when the format cannot be decoded). */
  thumbnailKey: string | null;
  width: number | null;
  height: number | null;
};

/**
 * Puts the checked files into storage under `area` (e.g. 'projects/12'), images with a
 * thumbnail beside them, images without their metadata. Either all are stored or none: what
 * was put is removed again when one fails. The caller writes the rows; if that fails it calls
 * removeStored(). With `removals`, each key is first noted as an upload in progress, so the
 * job runner removes it if no row refers to it within the grace time (a crash between the
 * put and the row, or a request refused after its files were stored).
 */
export async function storeFiles(
  storage: FileStorage,
  area: string,
  files: readonly ReceivedFile[],
  removals?: StorageRemovals,
): Promise<StoredFile[]> {
  const stored: StoredFile[] = [];
  try {
    for (const file of files) {
      const key = storageKey(area, file.ext);
      // Images are kept without their metadata (EXIF GPS positions), upright (ADR 041).
      const bytes =
        file.kind === 'image' ? (await withoutMetadata(file.bytes, file.mime)).bytes : file.bytes;
      const facts = file.kind === 'image' ? await imageFacts(bytes) : { width: null, height: null };
      const thumbnail = 'thumbnail' in facts ? facts.thumbnail : null;
      const thumbnailKey = thumbnail ? storageKey(`${area}/thumbnails`, 'webp') : null;
      // Removed by the job runner unless a row refers to it by then (an interrupted upload).
      await removals?.intend([key, ...(thumbnailKey ? [thumbnailKey] : [])]);
      await storage.put(key, bytes, file.mime);
      const row: StoredFile = {
        kind: file.kind,
        storageKey: key,
        originalName: file.originalName,
        sanitisedName: file.name,
        mimeType: file.mime,
        sizeBytes: bytes.length,
        thumbnailKey: null,
        width: facts.width,
        height: facts.height,
      };
      // Pushed before the thumbnail is put, so a failing thumbnail still removes the original.
      stored.push(row);
      if (thumbnail && thumbnailKey) {
        await storage.put(thumbnailKey, thumbnail.bytes, 'image/webp');
        row.thumbnailKey = thumbnailKey;
      }
    }
  } catch (error) {
    await removeStored(storage, stored);
    throw error;
  }
  return stored;
}

/** Removes stored files and their thumbnails (a failed insert, a deleted row). */
export async function removeStored(
  storage: FileStorage,
  files: readonly Pick<StoredFile, 'storageKey' | 'thumbnailKey'>[],
): Promise<void> {
  await Promise.allSettled(
    files.flatMap((file) => [
      storage.remove(file.storageKey),
      ...(file.thumbnailKey ? [storage.remove(file.thumbnailKey)] : []),
    ]),
  );
}
