/**
 * Local disk storage: renditions under DATA_DIR/media (served under /media), originals and files
 * being uploaded under DATA_DIR/media-private (never served). Uploads come to this server through
 * signed, expiring URLs (`PUT /api/uploads/<key>?expires=…&signature=…`).
 * Every write goes to DATA_DIR/media-tmp first and is renamed (or linked) into place, so a
 * reader never sees half a file.
 */
import { apiPath } from '#domain/endpoints/define';
import { imageEndpoints } from '#domain/endpoints/images';
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  assertStorageKey,
  isStorageKey,
  ObjectNotFoundError,
  PRIVATE_PREFIX,
  type ObjectStorage,
  type StoredObject,
  type UploadReceiver,
  type UploadSlot,
} from './storage.ts';
import { checkUploadSignature, uploadSignature, type UploadCheck } from './upload-signature.ts';

/** '/api/uploads/': the upload route's path (domain/endpoints/images.ts) without its wildcard. */
export const UPLOAD_ROUTE_PREFIX = apiPath(imageEndpoints.receiveUpload).replace(/\*$/, '');

export class UploadTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`The file is larger than ${limit} bytes`);
    this.name = 'UploadTooLargeError';
  }
}

export class EmptyUploadError extends Error {
  constructor() {
    super('The file is empty');
    this.name = 'EmptyUploadError';
  }
}

export class AlreadyUploadedError extends Error {
  constructor(key: string) {
    super(`A file was already uploaded to ${key}`);
    this.name = 'AlreadyUploadedError';
  }
}

export interface LocalStorageOptions {
  dataDir: string;
  secret: string;
  maxUploadBytes: number;
  uploadUrlTtlSeconds: number;
}

/** Bytes of an upload gathered before they are written (receiveUpload). */
const UPLOAD_WRITE_BATCH_BYTES = 1024 * 1024;

const isMissing = (err: unknown) => (err as NodeJS.ErrnoException).code === 'ENOENT';

export class LocalStorage implements ObjectStorage, UploadReceiver {
  readonly kind = 'local' as const;
  readonly publicBaseUrl = '/media';
  readonly maxUploadBytes: number;
  /** Folder served under /media: renditions only. */
  readonly root: string;
  /** Folder of originals and of files being uploaded: outside the served folder, never served. */
  readonly privateRoot: string;
  private readonly tmpDir: string;
  private readonly secret: string;
  private readonly ttlSeconds: number;

  constructor(opts: LocalStorageOptions) {
    this.root = path.join(opts.dataDir, 'media');
    this.privateRoot = path.join(opts.dataDir, 'media-private');
    this.tmpDir = path.join(opts.dataDir, 'media-tmp');
    this.secret = opts.secret;
    this.maxUploadBytes = opts.maxUploadBytes;
    this.ttlSeconds = opts.uploadUrlTtlSeconds;
  }

  async init(): Promise<void> {
    await fs.mkdir(this.root, { recursive: true });
    await fs.mkdir(this.privateRoot, { recursive: true, mode: 0o700 });
    await fs.mkdir(this.tmpDir, { recursive: true });
  }

  /**
   * Absolute path of a key; the key pattern keeps it inside its folder: private keys (originals,
   * uploads) under media-private, the others under the served media folder.
   */
  pathOf(key: string): string {
    assertStorageKey(key);
    const root = key.startsWith(PRIVATE_PREFIX) ? this.privateRoot : this.root;
    const file = path.resolve(root, key);
    if (!file.startsWith(root + path.sep)) throw new Error(`Not a storage key: ${key}`);
    return file;
  }

  private tmpPath(): string {
    return path.join(this.tmpDir, `${crypto.randomUUID()}.part`);
  }

  createUploadUrl(key: string, contentType: string): Promise<UploadSlot> {
    assertStorageKey(key);
    const expires = Math.floor(Date.now() / 1000) + this.ttlSeconds;
    const signature = uploadSignature(this.secret, key, contentType, expires);
    const query = new URLSearchParams({ expires: String(expires), signature });
    return Promise.resolve({
      url: `${UPLOAD_ROUTE_PREFIX}${key}?${query.toString()}`,
      contentType,
      expiresAt: new Date(expires * 1000),
    });
  }

  uploadReceiver(): UploadReceiver {
    return this;
  }

  checkUpload(key: string, contentType: string, expires: number, signature: string): UploadCheck {
    return checkUploadSignature(this.secret, key, contentType, expires, signature);
  }

  /**
   * Streams an upload to a temporary file and links it into place. Throws UploadTooLargeError past
   * maxUploadBytes, EmptyUploadError for 0 bytes and AlreadyUploadedError when the key already
   * holds a file; none leaves a file.
   * The stream is not destroyed on a refusal, so the caller can still answer.
   */
  async receiveUpload(key: string, body: Readable, maxBytes = this.maxUploadBytes): Promise<number> {
    const target = this.pathOf(key);
    const tmp = this.tmpPath();
    const file = await fs.open(tmp, 'wx', 0o644);
    let size = 0;
    // Chunks are gathered and written UPLOAD_WRITE_BATCH_BYTES at a time (one writev): a 4.5 MB
    // photo arrives in about seventy 64 KB chunks, and one thread-pool write each made receiving
    // an upload cost more than the bytes (bench:thumbnails, PUTs).
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    const flush = async () => {
      if (pendingBytes === 0) return;
      const chunks = pending;
      const expected = pendingBytes;
      pending = [];
      pendingBytes = 0;
      let { bytesWritten } = await file.writev(chunks);
      // A short write (a disk filling up) is finished, or fails, byte by byte as write(2) allows.
      if (bytesWritten < expected) {
        const rest = Buffer.concat(chunks).subarray(bytesWritten);
        for (let done = 0; done < rest.length; done += bytesWritten) {
          ({ bytesWritten } = await file.write(rest, done));
          if (bytesWritten === 0)
            throw Object.assign(new Error('No space left on device'), { code: 'ENOSPC' });
        }
      }
    };
    try {
      try {
        for await (const chunk of body.iterator({ destroyOnReturn: false })) {
          const bytes = chunk as Buffer;
          size += bytes.length;
          if (size > maxBytes) throw new UploadTooLargeError(maxBytes);
          pending.push(bytes);
          pendingBytes += bytes.length;
          if (pendingBytes >= UPLOAD_WRITE_BATCH_BYTES) await flush();
        }
        await flush();
      } finally {
        await file.close();
      }
      if (size === 0) throw new EmptyUploadError();
      await fs.mkdir(path.dirname(target), { recursive: true });
      try {
        // link, unlike rename, refuses to replace: the first upload to a key wins.
        await fs.link(tmp, target);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'EEXIST') throw new AlreadyUploadedError(key);
        throw err;
      }
      return size;
    } finally {
      await fs.rm(tmp, { force: true });
    }
  }

  async stat(key: string): Promise<StoredObject | null> {
    try {
      const s = await fs.stat(this.pathOf(key));
      return s.isFile() ? { size: s.size } : null;
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  localFile(key: string): string {
    return this.pathOf(key);
  }

  async read(key: string): Promise<Buffer> {
    try {
      return await fs.readFile(this.pathOf(key));
    } catch (err) {
      if (isMissing(err)) throw new ObjectNotFoundError(key);
      throw err;
    }
  }

  async readStream(key: string): Promise<Readable> {
    // Opened here, so a missing file is an ObjectNotFoundError now rather than a stream error later.
    let file: fs.FileHandle;
    try {
      file = await fs.open(this.pathOf(key), 'r');
    } catch (err) {
      if (isMissing(err)) throw new ObjectNotFoundError(key);
      throw err;
    }
    return file.createReadStream();
  }

  async write(key: string, data: Buffer, _contentType?: string): Promise<void> {
    const target = this.pathOf(key);
    const tmp = this.tmpPath();
    try {
      await fs.writeFile(tmp, data, { flag: 'wx', mode: 0o644 });
      await fs.mkdir(path.dirname(target), { recursive: true });
      await fs.rename(tmp, target);
    } finally {
      await fs.rm(tmp, { force: true });
    }
  }

  async delete(keys: string[]): Promise<void> {
    // A key this storage never writes names no file of it.
    for (const key of keys.filter(isStorageKey)) await fs.rm(this.pathOf(key), { force: true });
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}
