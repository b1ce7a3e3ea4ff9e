/**
 * S3-compatible bucket storage: the browser PUTs to presigned URLs (Content-Type signed), the
 * worker reads and writes with the SDK, and files are read from S3_PUBLIC_URL (a CDN or the bucket).
 * A presigned PUT is signed for the declared Content-Length (at most MAX_UPLOAD_BYTES), so S3 refuses
 * any other size; it cannot be made single-use: a re-PUT before expiry only replaces an original that
 * is not processed yet. Uploads go to the private prefix `originals/`; only `images/` (renditions)
 * may be public-read (docs/deploy.md).
 */
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  NoSuchKey,
  NotFound,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { Readable } from 'node:stream';
import {
  assertStorageKey,
  isStorageKey,
  ObjectNotFoundError,
  type ObjectStorage,
  type StoredObject,
  type UploadSlot,
} from './storage.ts';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  endpoint: string | undefined;
  forcePathStyle: boolean;
  publicUrl: string;
  credentials: { accessKeyId: string; secretAccessKey: string; sessionToken?: string } | undefined;
  maxUploadBytes: number;
  uploadUrlTtlSeconds: number;
  /** The clock upload URLs are signed at (tests sign in the past to get an expired URL). */
  now?: () => number;
}

const isNotFound = (err: unknown) =>
  err instanceof NotFound ||
  err instanceof NoSuchKey ||
  (err instanceof S3ServiceException && err.$metadata.httpStatusCode === 404);

export class S3Storage implements ObjectStorage {
  readonly kind = 's3' as const;
  readonly maxUploadBytes: number;
  readonly publicBaseUrl: string;
  readonly client: S3Client;
  private readonly bucket: string;
  private readonly ttlSeconds: number;
  private readonly now: () => number;

  constructor(opts: S3StorageOptions) {
    this.bucket = opts.bucket;
    this.now = opts.now ?? Date.now;
    this.maxUploadBytes = opts.maxUploadBytes;
    this.ttlSeconds = opts.uploadUrlTtlSeconds;
    this.publicBaseUrl = opts.publicUrl.replace(/\/$/, '');
    this.client = new S3Client({
      region: opts.region,
      ...(opts.endpoint ? { endpoint: opts.endpoint } : {}),
      forcePathStyle: opts.forcePathStyle,
      // Without the explicit credentials the SDK's usual chain applies (AWS_* variables, profiles, roles).
      ...(opts.credentials ? { credentials: opts.credentials } : {}),
      // The SDK's default would sign a CRC32 of the empty body into presigned PUT URLs, and
      // many S3-compatible servers do not know the newer checksum headers.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async createUploadUrl(key: string, contentType: string, size?: number): Promise<UploadSlot> {
    assertStorageKey(key);
    if (size === undefined || !Number.isInteger(size) || size < 1 || size > this.maxUploadBytes) {
      // Without a signed length a presigned PUT takes any size (up to S3's 5 GB).
      throw new Error(`An S3 upload URL needs a size from 1 to ${this.maxUploadBytes} bytes`);
    }
    const signedAt = this.now();
    const expiresAt = new Date(signedAt + this.ttlSeconds * 1000);
    const url = await getSignedUrl(
      this.client,
      new PutObjectCommand({ Bucket: this.bucket, Key: key, ContentType: contentType, ContentLength: size }),
      // Content-Type and Content-Length are signed: S3 refuses a PUT with another type or size,
      // so the declared size (at most MAX_UPLOAD_BYTES) bounds what the URL can store.
      {
        expiresIn: this.ttlSeconds,
        signableHeaders: new Set(['content-type', 'content-length']),
        signingDate: new Date(signedAt),
      },
    );
    return { url, contentType, expiresAt };
  }

  async stat(key: string): Promise<StoredObject | null> {
    assertStorageKey(key);
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { size: head.ContentLength ?? 0 };
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  }

  async read(key: string): Promise<Buffer> {
    assertStorageKey(key);
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      if (!object.Body) throw new ObjectNotFoundError(key);
      return Buffer.from(await object.Body.transformToByteArray());
    } catch (err) {
      if (isNotFound(err)) throw new ObjectNotFoundError(key);
      throw err;
    }
  }

  async readStream(key: string): Promise<Readable> {
    assertStorageKey(key);
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      if (!object.Body) throw new ObjectNotFoundError(key);
      // In Node the SDK's body is an http.IncomingMessage (a Readable) with helper methods mixed in.
      return object.Body as Readable;
    } catch (err) {
      if (isNotFound(err)) throw new ObjectNotFoundError(key);
      throw err;
    }
  }

  /** One PutObject: S3 shows an object only once all of it is stored. */
  async write(key: string, data: Buffer, contentType: string): Promise<void> {
    assertStorageKey(key);
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: data,
        ContentType: contentType,
        ContentLength: data.length,
        // Keys are never reused for other content.
        CacheControl: 'public, max-age=31536000, immutable',
      }),
    );
  }

  /** Browsers PUT straight to the bucket: this server receives no uploads. */
  uploadReceiver(): null {
    return null;
  }

  async delete(keys: string[]): Promise<void> {
    for (const key of keys.filter(isStorageKey)) {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
    }
  }

  close(): Promise<void> {
    this.client.destroy();
    return Promise.resolve();
  }
}
