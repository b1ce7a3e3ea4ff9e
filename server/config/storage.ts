/** Where images are stored (local disk or an S3 bucket) and how uploads are limited. */
import { DEFAULT_MAX_UPLOAD_BYTES } from '#domain/images';
import { z } from 'zod';
import { area, flag, httpUrl, integer, oneOf, refuse, setting, text } from './setting.ts';

/** Per-user limits on uploads and processing (pending files, daily bytes, queued jobs). */
export interface UploadQuotas {
  pendingMaxPerUser: number;
  bytesPerUserPerDay: number;
  /** Age after which an unfinished upload and its file are purged. */
  pendingTtlSeconds: number;
  jobsMaxPerUser: number;
}

interface UploadLimits {
  maxUploadBytes: number;
  uploadUrlTtlSeconds: number;
  quotas: UploadQuotas;
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

const awsCredential = setting(text.optional(), {
  shown: '—',
  text: "S3 credentials; unset: the AWS SDK's usual chain (profile, instance role)",
});

export const storageSettings = area(
  {
    STORAGE: setting(oneOf(['local', 's3']), {
      default: 'local',
      text: 'where images go: `local` (renditions under `DATA_DIR/media`, served at `/media`; originals under `DATA_DIR/media-private`, never served) or `s3` (originals under the private prefix `originals/`, renditions under `images/`)',
    }),
    MAX_UPLOAD_BYTES: setting(integer(1024, 1024 * 1024 * 1024), {
      default: String(DEFAULT_MAX_UPLOAD_BYTES),
      shown: `\`${DEFAULT_MAX_UPLOAD_BYTES}\` (25 MB)`,
      text: "largest image file accepted (local upload URLs answer 413; S3 upload URLs are signed for the file's declared size, at most this)",
    }),
    // S3 presigned URLs live at most 7 days.
    UPLOAD_URL_TTL_SECONDS: setting(integer(10, 604_800), {
      default: '900',
      text: 'lifetime of an upload URL (10 s to 7 days)',
    }),
    UPLOAD_PENDING_MAX_PER_USER: setting(integer(1, 100_000), {
      // Two full uploads of 20 files.
      default: '40',
      text: 'unfinished uploads (upload URLs not yet confirmed) one user may hold at once; more answers 429. Keep it at least 20 (one full upload)',
    }),
    UPLOAD_BYTES_PER_USER_PER_DAY: setting(integer(1024, 2 ** 50), {
      // About 80 files of the largest size.
      default: String(2 * 1024 * 1024 * 1024),
      shown: `\`${2 * 1024 * 1024 * 1024}\` (2 GiB)`,
      text: 'bytes one user may upload in 24 hours (a file counts its declared size, else `MAX_UPLOAD_BYTES`, until confirmed); more answers 429',
    }),
    UPLOAD_PENDING_TTL_SECONDS: setting(integer(60, 604_800), {
      default: '3600',
      text: 'unfinished uploads (never confirmed, or confirmed and never processed) older than this lose their files; a job purges them every 10 minutes. Must be longer than `UPLOAD_URL_TTL_SECONDS`',
    }),
    // At least one full upload (20 files) must fit.
    IMAGE_JOBS_MAX_PER_USER: setting(integer(20, 100_000), {
      default: '50',
      text: "images one user may have waiting for or in thumbnail processing (at least 20); more answers 429. Jobs are taken fairly: every user's first waiting image before anyone's second",
    }),
    UPLOAD_SIGNING_SECRET: setting(z.string().min(32, 'must be at least 32 characters').optional(), {
      shown: 'generated once into `DATA_DIR/upload-signing-secret`',
      text: 'HMAC key of local upload URLs (at least 32 characters); give the same one to every process that serves uploads',
    }),
    S3_BUCKET: setting(text.optional(), { shown: '—', text: 'bucket name; required with `STORAGE=s3`' }),
    S3_ENDPOINT: setting(httpUrl.optional(), {
      shown: 'AWS',
      text: 'endpoint of an S3-compatible server (MinIO, R2, …)',
    }),
    S3_REGION: setting(text, { default: 'us-east-1', text: 'bucket region' }),
    S3_PUBLIC_URL: setting(httpUrl.optional(), {
      shown: '`S3_ENDPOINT/S3_BUCKET`, else `https://<bucket>.s3.<region>.amazonaws.com`',
      text: 'base URL images are read from (a CDN or the bucket); the bucket must allow public reads of `images/*` only (never `originals/*`: docs/deploy.md) and CORS `PUT` from the site',
    }),
    S3_FORCE_PATH_STYLE: setting(flag.optional(), {
      shown: '`true` with `S3_ENDPOINT`, else `false`',
      text: 'path-style bucket addressing',
    }),
    AWS_ACCESS_KEY_ID: awsCredential,
    AWS_SECRET_ACCESS_KEY: awsCredential,
    AWS_SESSION_TOKEN: awsCredential,
  },
  {},
  (e, ctx): { storage: StorageConfig } => {
    if (e.UPLOAD_PENDING_TTL_SECONDS <= e.UPLOAD_URL_TTL_SECONDS) {
      // A purged slot's URL must be dead already, or a late PUT would store a file no row knows.
      return refuse(ctx, 'UPLOAD_PENDING_TTL_SECONDS', 'must be longer than UPLOAD_URL_TTL_SECONDS');
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
    if (e.STORAGE === 'local') {
      return { storage: { kind: 'local', uploadSigningSecret: e.UPLOAD_SIGNING_SECRET, ...limits } };
    }
    if (!e.S3_BUCKET) return refuse(ctx, 'S3_BUCKET', 'required when STORAGE=s3');
    if (Boolean(e.AWS_ACCESS_KEY_ID) !== Boolean(e.AWS_SECRET_ACCESS_KEY)) {
      return refuse(ctx, 'AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY', 'give both or neither');
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
      /** Where images are stored and how uploads are limited. */
      storage: {
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
      },
    };
  },
);
