import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { AwsClient } from 'aws4fetch';
import type { Config } from '../../kernel/config.ts';
import { NotFoundError } from '../../kernel/errors.ts';

/**
 * Where uploaded files live (issue 18): outside the web root, behind this interface, so a
 * context stores and reads bytes by key and never by path. A local directory under
 * DATA_DIR by default, S3-compatible object storage by configuration (UPLOAD_STORAGE=s3).
 */
export interface FileStorage {
  readonly kind: 'local' | 's3';
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The stored bytes as a stream; NotFoundError when the key holds nothing. */
  read(key: string): Promise<Readable>;
  /** Removes the file; nothing happens when there is none. */
  remove(key: string): Promise<void>;
}

/** Keys are made by storageKey(): lower-case segments, never '..' or an absolute path. */
const KEY_PATTERN = /^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9_.-]*)*$/;

export function assertValidKey(key: string): void {
  if (!KEY_PATTERN.test(key) || key.split('/').some((segment) => segment === '..')) {
    throw new Error(`Invalid storage key: ${key}`);
  }
}

/** A new key for a file of `area` (e.g. 'projects/12'): random, with the detected extension. */
export function storageKey(area: string, ext: string): string {
  const suffix = /^[a-z0-9]{1,10}$/.test(ext) ? `.${ext}` : '';
  const key = `${area}/${randomUUID()}${suffix}`;
  assertValidKey(key);
  return key;
}

/** Files in a directory (DATA_DIR/uploads by default). */
export class LocalFileStorage implements FileStorage {
  readonly kind = 'local' as const;

  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    assertValidKey(key);
    const full = path.resolve(this.root, key);
    // assertValidKey already rules traversal out; this keeps it so if the pattern changes.
    if (!full.startsWith(path.resolve(this.root) + path.sep)) {
      throw new Error(`Storage key outside the storage root: ${key}`);
    }
    return full;
  }

  async put(key: string, bytes: Uint8Array): Promise<void> {
    const file = this.pathOf(key);
    await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    // Written under a temporary name and renamed: a reader never sees half a file.
    const temporary = `${file}.${randomUUID()}.part`;
    await writeFile(temporary, bytes, { mode: 0o600 });
    await rename(temporary, file);
  }

  async read(key: string): Promise<Readable> {
    const file = this.pathOf(key);
    try {
      await stat(file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new NotFoundError();
      throw error;
    }
    return createReadStream(file);
  }

  async remove(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }
}

export type S3Settings = {
  /** The service's base address, e.g. https://s3.eu-north-1.amazonaws.com or a MinIO server. */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Key prefix inside the bucket (no leading or trailing slash), or ''. */
  prefix: string;
};

/**
 * S3-compatible object storage (AWS S3, MinIO, Cloudflare R2, …) through plain HTTP with
 * Signature Version 4 (aws4fetch): path-style addresses, {endpoint}/{bucket}/{key}.
 */
export class S3FileStorage implements FileStorage {
  readonly kind = 's3' as const;
  private readonly client: AwsClient;

  constructor(private readonly settings: S3Settings) {
    this.client = new AwsClient({
      accessKeyId: settings.accessKeyId,
      secretAccessKey: settings.secretAccessKey,
      region: settings.region,
      service: 's3',
      retries: 2,
    });
  }

  private urlOf(key: string): string {
    assertValidKey(key);
    const base = this.settings.endpoint.replace(/\/+$/, '');
    const full = this.settings.prefix ? `${this.settings.prefix}/${key}` : key;
    return `${base}/${encodeURIComponent(this.settings.bucket)}/${full}`;
  }

  async put(key: string, bytes: Uint8Array, contentType: string): Promise<void> {
    const response = await this.client.fetch(this.urlOf(key), {
      method: 'PUT',
      body: bytes,
      headers: { 'content-type': contentType },
    });
    if (!response.ok) {
      throw new Error(`S3 PUT ${key} failed: ${response.status} ${await response.text()}`);
    }
  }

  async read(key: string): Promise<Readable> {
    const response = await this.client.fetch(this.urlOf(key), { method: 'GET' });
    if (response.status === 404) throw new NotFoundError();
    if (!response.ok || !response.body) {
      throw new Error(`S3 GET ${key} failed: ${response.status}`);
    }
    return Readable.fromWeb(response.body as WebReadableStream<Uint8Array>);
  }

  async remove(key: string): Promise<void> {
    const response = await this.client.fetch(this.urlOf(key), { method: 'DELETE' });
    if (!response.ok && response.status !== 404) {
      throw new Error(`S3 DELETE ${key} failed: ${response.status}`);
    }
  }
}

/** The storage the configuration names (kernel/config.ts: UPLOAD_STORAGE, S3_*). */
export function createFileStorage(config: Pick<Config, 'dataDir' | 'uploads'>): FileStorage {
  if (config.uploads.s3) return new S3FileStorage(config.uploads.s3);
  return new LocalFileStorage(path.join(config.dataDir, 'uploads'));
}

/** The whole file in memory (thumbnails, small documents). */
export async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}
