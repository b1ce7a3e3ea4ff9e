/**
 * S3-compatible bucket storage: the browser PUTs to presigned URLs (Content-Type signed), the
 * worker reads and writes with the SDK, and files are read from S3_PUBLIC_URL (a CDN or the bucket).
 * A presigned PUT cannot limit size nor be made single-use: confirm-upload records the size and the
 * thumbnail job refuses files over MAX_UPLOAD_BYTES; a re-PUT before expiry only replaces an original
 * that is not processed yet (see docs/decisions.md).
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

  constructor(opts: S3StorageOptions) {
    this.bucket = opts.bucket;
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

  async createUploadUrl(key: string, contentType: string): Promise<UploadSlot> {
    assertStorageKey(key);
    const expiresAt = new Date(Date.now() + this.ttlSeconds * 1000);
    const url = await getSignedUrl(
      this.client,
      new PutObjectCommand({ Bucket: this.bucket, Key: key, ContentType: contentType }),
      // Content-Type is signed: a PUT with another type is refused by S3.
      { expiresIn: this.ttlSeconds, signableHeaders: new Set(['content-type']) },
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
