/** The storage part of the configuration: environment variables, validated in config.ts. */
import { z } from 'zod';
import { DEFAULT_MAX_UPLOAD_BYTES } from '#domain/images';

const emptyToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optionalText = z.preprocess(emptyToUndefined, z.string().min(1).optional());
const httpUrl = z.url({ protocol: /^https?$/, message: 'must be an http(s) URL' });

export { DEFAULT_MAX_UPLOAD_BYTES };
export const DEFAULT_UPLOAD_URL_TTL_SECONDS = 900;

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
  const limits = { maxUploadBytes: e.MAX_UPLOAD_BYTES, uploadUrlTtlSeconds: e.UPLOAD_URL_TTL_SECONDS };
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
