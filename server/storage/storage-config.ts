/** The storage part of the configuration: environment variables, validated in config.ts. */
import { z } from 'zod';
import { DEFAULT_MAX_UPLOAD_BYTES } from '#domain/images';

const emptyToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optionalText = z.preprocess(emptyToUndefined, z.string().min(1).optional());
const httpUrl = z.url({ protocol: /^https?$/, message: 'must be an http(s) URL' });

export { DEFAULT_MAX_UPLOAD_BYTES };
export const DEFAULT_UPLOAD_URL_TTL_SECONDS = 900;
/** Upload slots (pending images) one user may hold at once: two full uploads of 20 files. */
export const DEFAULT_UPLOAD_PENDING_MAX_PER_USER = 40;
/** Bytes one user may upload in 24 hours (2 GiB: about 80 files of the largest size). */
export const DEFAULT_UPLOAD_BYTES_PER_USER_PER_DAY = 2 * 1024 * 1024 * 1024;
/** Unfinished uploads (pending, or confirmed and never processed) older than this are purged. */
export const DEFAULT_UPLOAD_PENDING_TTL_SECONDS = 3600;
/** Thumbnail jobs one user may have queued or running at once. */
export const DEFAULT_IMAGE_JOBS_MAX_PER_USER = 50;

const count = (min: number, max: number, fallback: number) =>
  z.preprocess(emptyToUndefined, z.coerce.number().int().min(min).max(max).default(fallback));

export const storageEnv = {
  STORAGE: z.preprocess(
    emptyToUndefined,
    z.enum(['local', 's3'], { message: 'must be local or s3' }).default('local'),
  ),
  MAX_UPLOAD_BYTES: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number()
      .int()
      .min(1024)
      .max(1024 * 1024 * 1024)
      .default(DEFAULT_MAX_UPLOAD_BYTES),
  ),
  // S3 presigned URLs live at most 7 days.
  UPLOAD_URL_TTL_SECONDS: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(10).max(604_800).default(DEFAULT_UPLOAD_URL_TTL_SECONDS),
  ),
  UPLOAD_SIGNING_SECRET: z.preprocess(
    emptyToUndefined,
    z.string().min(32, 'must be at least 32 characters').optional(),
  ),
  UPLOAD_PENDING_MAX_PER_USER: count(1, 100_000, DEFAULT_UPLOAD_PENDING_MAX_PER_USER),
  UPLOAD_BYTES_PER_USER_PER_DAY: count(1024, 2 ** 50, DEFAULT_UPLOAD_BYTES_PER_USER_PER_DAY),
  UPLOAD_PENDING_TTL_SECONDS: count(60, 604_800, DEFAULT_UPLOAD_PENDING_TTL_SECONDS),
  // At least one full upload (20 files) must fit.
  IMAGE_JOBS_MAX_PER_USER: count(20, 100_000, DEFAULT_IMAGE_JOBS_MAX_PER_USER),
  S3_BUCKET: optionalText,
  S3_ENDPOINT: z.preprocess(emptyToUndefined, httpUrl.optional()),
  S3_REGION: z.preprocess(emptyToUndefined, z.string().min(1).default('us-east-1')),
  S3_PUBLIC_URL: z.preprocess(emptyToUndefined, httpUrl.optional()),
  S3_FORCE_PATH_STYLE: z.preprocess(
    emptyToUndefined,
    z
      .enum(['true', 'false', '1', '0'], { message: 'must be true or false' })
      .transform((v) => v === 'true' || v === '1')
      .optional(),
  ),
  AWS_ACCESS_KEY_ID: optionalText,
  AWS_SECRET_ACCESS_KEY: optionalText,
  AWS_SESSION_TOKEN: optionalText,
};

type StorageEnv = z.infer<z.ZodObject<typeof storageEnv>>;

interface UploadLimits {
  maxUploadBytes: number;
  uploadUrlTtlSeconds: number;
  quotas: UploadQuotas;
}

/** Per-user limits on uploads and processing (pending files, daily bytes, queued jobs). */
export interface UploadQuotas {
  pendingMaxPerUser: number;
  bytesPerUserPerDay: number;
  /** Age after which an unfinished upload and its file are purged. */
  pendingTtlSeconds: number;
  jobsMaxPerUser: number;
}

export type StorageConfig =
  | ({ kind: 'local'; uploadSigningSecret: string | undefined } & UploadLimits)
  | ({
      kind: 's3';
      bucket: string;
      region: string;
      endpoint: string | undefined;
      forcePathStyle: boolean;
      publicUrl: string;
      /** undefined: the SDK's usual chain (variables, profile, instance role). */
      credentials: { accessKeyId: string; secretAccessKey: string; sessionToken?: string } | undefined;
    } & UploadLimits);

/** The storage configuration, or the text of what is wrong. */
export function storageConfig(e: StorageEnv): StorageConfig | string {
  if (e.UPLOAD_PENDING_TTL_SECONDS <= e.UPLOAD_URL_TTL_SECONDS) {
    // A purged slot's URL must be dead already, or a late PUT would store a file no row knows.
    return 'UPLOAD_PENDING_TTL_SECONDS: must be longer than UPLOAD_URL_TTL_SECONDS';
  }
  const limits = {
    maxUploadBytes: e.MAX_UPLOAD_BYTES,
    uploadUrlTtlSeconds: e.UPLOAD_URL_TTL_SECONDS,
    quotas: {
      pendingMaxPerUser: e.UPLOAD_PENDING_MAX_PER_USER,
      bytesPerUserPerDay: e.UPLOAD_BYTES_PER_USER_PER_DAY,
      pendingTtlSeconds: e.UPLOAD_PENDING_TTL_SECONDS,
      jobsMaxPerUser: e.IMAGE_JOBS_MAX_PER_USER,
    },
  };
  if (e.STORAGE === 'local')
    return { kind: 'local', uploadSigningSecret: e.UPLOAD_SIGNING_SECRET, ...limits };
  if (!e.S3_BUCKET) return 'S3_BUCKET: required when STORAGE=s3';
  if (Boolean(e.AWS_ACCESS_KEY_ID) !== Boolean(e.AWS_SECRET_ACCESS_KEY)) {
    return 'AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY: give both or neither';
  }
  const endpoint = e.S3_ENDPOINT?.replace(/\/$/, '');
  // Most S3-compatible servers (MinIO, s3rver, …) want path-style addressing.
  const forcePathStyle = e.S3_FORCE_PATH_STYLE ?? endpoint !== undefined;
  const publicUrl =
    e.S3_PUBLIC_URL ??
    (endpoint
      ? forcePathStyle
        ? `${endpoint}/${e.S3_BUCKET}`
        : endpoint.replace('://', `://${e.S3_BUCKET}.`)
      : `https://${e.S3_BUCKET}.s3.${e.S3_REGION}.amazonaws.com`);
  return {
    kind: 's3',
    bucket: e.S3_BUCKET,
    region: e.S3_REGION,
    endpoint,
    forcePathStyle,
    publicUrl: publicUrl.replace(/\/$/, ''),
    credentials:
      e.AWS_ACCESS_KEY_ID && e.AWS_SECRET_ACCESS_KEY
        ? {
            accessKeyId: e.AWS_ACCESS_KEY_ID,
            secretAccessKey: e.AWS_SECRET_ACCESS_KEY,
            ...(e.AWS_SESSION_TOKEN ? { sessionToken: e.AWS_SESSION_TOKEN } : {}),
          }
        : undefined,
    ...limits,
  };
}
