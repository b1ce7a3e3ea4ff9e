/**
 * Object storage behind one interface (architecture: local disk or an S3-compatible bucket).
 * Keys are relative paths such as `images/12/<uuid>.jpg`; the public URL of a key comes from
 * media-url.ts (`app.media`, made from publicBaseUrl).
 */
import type { Readable } from 'node:stream';
import type { UploadCheck } from './upload-signature.ts';

export interface StoredObject {
  size: number;
}

export interface UploadSlot {
  /** Where the browser PUTs the file: a path on this server (local) or a presigned URL (S3). */
  url: string;
  /** The Content-Type header the PUT must carry. */
  contentType: string;
  expiresAt: Date;
}

/**
 * Receiving uploads on this server: what a storage offers when its upload URLs point here (local
 * disk). S3 storage has none: browsers PUT straight to the bucket.
 */
export interface UploadReceiver {
  /** Whether an upload URL's signature and expiry hold for this key and Content-Type. */
  checkUpload(key: string, contentType: string, expires: number, signature: string): UploadCheck;
  /**
   * Stores the body under `key`, at most `maxBytes`. Throws UploadTooLargeError, EmptyUploadError
   * or AlreadyUploadedError (local-storage.ts) without keeping a file.
   */
  receiveUpload(key: string, body: Readable, maxBytes: number): Promise<number>;
}

export interface ObjectStorage {
  readonly kind: 'local' | 's3';
  /** Largest file an upload URL accepts (local storage enforces it on the PUT; the job checks it on both). */
  readonly maxUploadBytes: number;
  /** Base of public URLs (`/media` for local storage). */
  readonly publicBaseUrl: string;
  /**
   * A URL that accepts one PUT of `key` with `contentType` until it expires. With `size` an S3 URL
   * takes exactly that many bytes (Content-Length is signed); S3 storage requires it.
   */
  createUploadUrl(key: string, contentType: string, size?: number): Promise<UploadSlot>;
  /** Size of a stored object, or null when there is none. */
  stat(key: string): Promise<StoredObject | null>;
  /** The whole object; throws ObjectNotFoundError when there is none. */
  read(key: string): Promise<Buffer>;
  /**
   * The object as a stream, read as it is consumed (a download of many large files keeps one
   * chunk in memory, not a file); throws ObjectNotFoundError when there is none.
   */
  readStream(key: string): Promise<Readable>;
  /**
   * The file that holds `key`, on a storage that is a local disk, so a reader (sharp) can open it
   * itself instead of getting the bytes through read(); absent on S3.
   */
  localFile?(key: string): string;
  /** Stores `data` under `key` all at once: readers see the old object, none, or the whole new one. */
  write(key: string, data: Buffer, contentType: string): Promise<void>;
  /** The receiver of this server's upload URLs, or null when uploads go elsewhere (S3). */
  uploadReceiver(): UploadReceiver | null;
  /** Removes objects; missing ones are fine. */
  delete(keys: string[]): Promise<void>;
  close(): Promise<void>;
}

export class ObjectNotFoundError extends Error {
  constructor(readonly key: string) {
    super(`No stored object ${key}`);
    this.name = 'ObjectNotFoundError';
  }
}

/**
 * Keys this app writes: originals `originals/<building id>/<uuid><ext>` (private: never served,
 * kept for reprocessing) and renditions `images/<building id>/<token>-<size>.webp` (public), whose
 * token is random and unrelated to the original's, so no public URL leads to another file.
 * Keys of earlier versions (`images/<building>/<uuid><ext>`) still name files that can be deleted.
 */
export const STORAGE_KEY_PATTERN =
  /^(originals|images)\/\d{1,10}\/[0-9a-f-]{36}(-\d{2,4})?\.(jpe?g|png|gif|webp)$/;

/** The only keys anyone may read over HTTP: renditions (local /media, the S3 bucket's public prefix). */
export const PUBLIC_KEY_PATTERN = /^images\/\d{1,10}\/[0-9a-f-]{36}-\d{2,4}\.webp$/;

/** Prefix of originals and of files still being uploaded; the public bucket policy must not cover it. */
export const PRIVATE_PREFIX = 'originals/';
/** Prefix of renditions: the only part of the bucket that may be public-read. */
export const PUBLIC_PREFIX = 'images/';

export const isStorageKey = (key: string) => STORAGE_KEY_PATTERN.test(key);
export const isPublicKey = (key: string) => PUBLIC_KEY_PATTERN.test(key);

export function assertStorageKey(key: string): void {
  if (!isStorageKey(key)) throw new Error(`Not a storage key: ${key}`);
}
