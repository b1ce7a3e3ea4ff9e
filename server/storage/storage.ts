/**
 * Object storage behind one interface (architecture: local disk or an S3-compatible bucket).
 * Keys are relative paths such as `images/12/<uuid>.jpg`; the public URL of a key comes from
 * media-url.ts.
 */

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

export interface ObjectStorage {
  readonly kind: 'local' | 's3';
  /** Largest file an upload URL accepts (local storage enforces it on the PUT; the job checks it on both). */
  readonly maxUploadBytes: number;
  /** Base of public URLs (`/media` for local storage). */
  readonly publicBaseUrl: string;
  /** A URL that accepts one PUT of `key` with `contentType` until it expires. */
  createUploadUrl(key: string, contentType: string): Promise<UploadSlot>;
  /** Size of a stored object, or null when there is none. */
  stat(key: string): Promise<StoredObject | null>;
  /** The whole object; throws ObjectNotFoundError when there is none. */
  read(key: string): Promise<Buffer>;
  /** Stores `data` under `key` all at once: readers see the old object, none, or the whole new one. */
  write(key: string, data: Buffer, contentType: string): Promise<void>;
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

/** Keys this app writes: `images/<building id>/<uuid><ext>` and its renditions. */
export const STORAGE_KEY_PATTERN = /^images\/\d{1,10}\/[0-9a-f-]{36}(-\d{2,4})?\.(jpe?g|png|gif|webp)$/;

export const isStorageKey = (key: string) => STORAGE_KEY_PATTERN.test(key);

export function assertStorageKey(key: string): void {
  if (!isStorageKey(key)) throw new Error(`Not a storage key: ${key}`);
}
