/** Images: upload metadata, gallery queries and the image shape (product §3, 5, 7, 9). */
import { z } from 'zod';
import { PER_PAGE_MAX, YEAR_MIN, currentYear } from './constants.ts';
import { ID_MAX, idParam, integerParam } from './query-params.ts';
import { userVoteSchema, voteStatsSchema } from './votes.ts';

export const IMAGE_TYPES = ['exterior', 'interior', 'detail', 'plans', 'drawing', 'other'] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];

/** Product §3: the upload UI (dialog and wizard) labels the image types in this order. */
export const IMAGE_TYPE_OPTIONS: readonly { value: ImageType; label: string }[] = [
  { value: 'exterior', label: 'Exterior' },
  { value: 'interior', label: 'Interior' },
  { value: 'plans', label: 'Plans' },
  { value: 'drawing', label: 'Drawing' },
  { value: 'detail', label: 'Detail' },
  { value: 'other', label: 'Other' },
];

export function isImageType(value: unknown): value is ImageType {
  return IMAGE_TYPES.some((type) => type === value);
}

/** The upload UI's label of an image type ('Exterior'). */
export function imageTypeLabel(type: ImageType): string {
  return IMAGE_TYPE_OPTIONS.find((o) => o.value === type)?.label ?? type;
}

/** Product §9: accepted extensions, lowercase with the dot, and the Content-Type each is uploaded with. */
export const IMAGE_CONTENT_TYPES = {
  '.jpeg': 'image/jpeg',
  '.jpg': 'image/jpeg',
  '.png': 'image/png',
  '.gif': 'image/gif',
} as const;
export type ImageFileExt = keyof typeof IMAGE_CONTENT_TYPES;
export const IMAGE_FILE_EXTS = Object.keys(IMAGE_CONTENT_TYPES) as ImageFileExt[];

/**
 * Largest image file the server accepts by default (MAX_UPLOAD_BYTES, 25 MB). The upload dialog
 * refuses bigger files before sending them; a server configured lower still answers 413.
 */
export const DEFAULT_MAX_UPLOAD_BYTES = 25 * 1024 * 1024;

/** Files one upload request may announce. */
export const UPLOAD_MAX_FILES = 20;
/** Product §9: gallery page size. */
export const IMAGES_PER_PAGE = 10;
export const IMAGE_DESCRIPTION_MAX_LENGTH = 2000;
/** Rendition names: the long side in pixels (architecture: WebP 400 and 1600). */
export const RENDITION_SIZES = [400, 1600] as const;

/**
 * The image list's sorts. capture_date: by capture year (desc: latest first), photos without one
 * last whichever the direction, ties by date added in the same direction.
 */
export const IMAGE_SORTS = ['date_added', 'controversial', 'popular', 'vote_date', 'capture_date'] as const;
export type ImageSort = (typeof IMAGE_SORTS)[number];

/**
 * The licences a photo may be given under, from the most protective to the most open.
 * The owner may later move a photo's licence only toward the open end (a licence once granted
 * cannot be taken back from those who already reuse the photo).
 */
export const IMAGE_LICENSES = ['CC-BY-SA-4.0', 'CC-BY-4.0', 'CC0-1.0'] as const;
export type ImageLicense = (typeof IMAGE_LICENSES)[number];
export const DEFAULT_IMAGE_LICENSE: ImageLicense = 'CC-BY-SA-4.0';
export const IMAGE_AUTHOR_MAX_LENGTH = 120;

/** Each licence's short name, its one-line plain meaning and its deed. */
export const IMAGE_LICENSE_INFO: Record<ImageLicense, { name: string; explanation: string; url: string }> = {
  'CC-BY-SA-4.0': {
    name: 'CC BY-SA 4.0',
    explanation: 'Anyone may reuse it, crediting you, and must share their changes under the same licence.',
    url: 'https://creativecommons.org/licenses/by-sa/4.0/',
  },
  'CC-BY-4.0': {
    name: 'CC BY 4.0',
    explanation: 'Anyone may reuse it for any purpose, as long as they credit you.',
    url: 'https://creativecommons.org/licenses/by/4.0/',
  },
  'CC0-1.0': {
    name: 'CC0 1.0',
    explanation: 'You give it to the public domain: anyone may reuse it, no credit needed.',
    url: 'https://creativecommons.org/publicdomain/zero/1.0/',
  },
};

/** Whether a photo under `from` may be relicensed to `to`: the same or a more open licence only. */
export function canRelicense(from: ImageLicense, to: ImageLicense): boolean {
  return IMAGE_LICENSES.indexOf(to) >= IMAGE_LICENSES.indexOf(from);
}

const licenseSchema = z.enum(IMAGE_LICENSES, {
  error: () => `license must be one of ${IMAGE_LICENSES.join(', ')}`,
});

/** The credit: trimmed, at most 120 characters; empty or null means the uploader's handle. */
const authorText = z
  .string({ error: 'author must be text' })
  .trim()
  .max(IMAGE_AUTHOR_MAX_LENGTH, `The credit can have at most ${IMAGE_AUTHOR_MAX_LENGTH} characters`)
  .nullable();

const authorSchema = authorText.optional().transform((a) => (a ? a : null));

/** Face names of the user-page filter and the vote each stands for. */
export const FACE_VOTE_OF = { smile: 1, meh: 0, frown: -1 } as const;
export type FaceName = keyof typeof FACE_VOTE_OF;

/** A capture year: a whole number from YEAR_MIN to the current year. */
export function captureYearProblem(year: number): string | null {
  if (!Number.isInteger(year)) return 'Capture year must be a whole number';
  if (year < YEAR_MIN || year > currentYear()) {
    return `Capture year must be between ${YEAR_MIN} and ${currentYear()}`;
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Upload

const captureYearSchema = z
  .union(
    [
      z.number(),
      z
        .string()
        .trim()
        .regex(/^(-?\d{1,5})?$/, 'Capture year must be a year (YYYY)'),
    ],
    {
      error: 'Capture year must be a year (YYYY)',
    },
  )
  .nullable()
  .optional()
  .transform((v) => (v === undefined || v === null || v === '' ? null : Number(v)))
  .superRefine((year, ctx) => {
    const problem = year === null ? null : captureYearProblem(year);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

export const uploadMetadataSchema = z
  .object({
    description: z
      .string({ error: 'description must be text' })
      .trim()
      .max(
        IMAGE_DESCRIPTION_MAX_LENGTH,
        `A description can have at most ${IMAGE_DESCRIPTION_MAX_LENGTH} characters`,
      )
      .nullable()
      .optional()
      .transform((d) => (d ? d : null))
      .describe('Optional; empty means none'),
    captureYear: captureYearSchema.describe('A year (number or digits) or null'),
    license: licenseSchema
      .optional()
      .default(DEFAULT_IMAGE_LICENSE)
      .describe('The licence the photo is given under; CC-BY-SA-4.0 when left out'),
    author: authorSchema.describe(
      "The credit (up to 120 characters); the uploader's handle when left out or empty",
    ),
    type: z.enum(IMAGE_TYPES, { error: 'Please select a type for each image' }),
    fileExt: z
      .string({ error: 'fileExt must be text' })
      .trim()
      .toLowerCase()
      .pipe(z.enum(IMAGE_FILE_EXTS, { error: 'File type must be one of .jpeg, .jpg, .png, .gif' }))
      .describe('Lowercase extension with the dot: .jpeg, .jpg, .png or .gif'),
    fileSize: z
      .number({ error: 'fileSize must be a number of bytes' })
      .int('fileSize must be a whole number of bytes')
      .min(1, 'The file is empty')
      .max(2 ** 40, 'The file is too large')
      .optional()
      .describe(
        "The file's size in bytes. The upload URL then takes exactly (S3) or at most (local) this many bytes; " +
          'required when the server stores images in S3, and counted against the daily upload quota.',
      ),
  })
  .meta({ id: 'ImageUploadMetadata' });

export type UploadMetadata = z.infer<typeof uploadMetadataSchema>;

export const uploadRequestSchema = z
  .object({
    buildingId: z
      .number({ error: 'buildingId must be a number' })
      .int('buildingId must be a whole number')
      .positive('buildingId must be a positive whole number')
      .max(ID_MAX, 'buildingId is too large'),
    metadata: z
      .array(uploadMetadataSchema)
      .min(1, 'Please add at least one image')
      .max(UPLOAD_MAX_FILES, 'Too many files'),
  })
  .meta({ id: 'ImageUploadRequest' });

export const uploadResponseSchema = z
  .object({
    uploadUrls: z.array(
      z.object({
        url: z
          .string()
          .describe('PUT the file here; a path on this server (local storage) or a presigned S3 URL'),
        method: z.literal('PUT'),
        content_type: z.string().describe('The Content-Type header the PUT must carry'),
        expires_at: z.string(),
      }),
    ),
    images: z.array(z.object({ id: z.number().int() })),
  })
  .meta({ id: 'ImageUploadSession' });

export type UploadResponse = z.infer<typeof uploadResponseSchema>;

const idArray = (label: string) =>
  z
    .array(z.number().int().positive().max(ID_MAX), { error: `${label} must be a list of image ids` })
    .max(UPLOAD_MAX_FILES * 5, `${label} holds too many ids`);

export const confirmUploadRequestSchema = z
  .object({
    successfulIds: idArray('successfulIds').default([]),
    failedIds: idArray('failedIds').default([]),
  })
  .superRefine((body, ctx) => {
    const failed = new Set(body.failedIds);
    if (body.successfulIds.some((id) => failed.has(id))) {
      ctx.addIssue({
        code: 'custom',
        path: ['failedIds'],
        message: 'An id cannot be both successful and failed',
      });
    }
  })
  .meta({ id: 'ConfirmUploadRequest' });

export const confirmUploadResponseSchema = z
  .object({
    uploaded: z.array(z.number().int()).describe('Files found in storage: the images wait for processing'),
    missing: z
      .array(z.number().int())
      .describe(
        'Reported successful but no file is stored: still pending (the upload URL may be used until it expires)',
      ),
    deleted: z.array(z.number().int()).describe('Reported failed: the images are gone'),
  })
  .meta({ id: 'ConfirmUploadResult' });

export type ConfirmUploadResponse = z.infer<typeof confirmUploadResponseSchema>;

export const processUploadedRequestSchema = z
  .object({ imageIds: idArray('imageIds').min(1, 'imageIds must name at least one image') })
  .meta({ id: 'ProcessUploadedRequest' });

export const processUploadedResponseSchema = z
  .object({
    results: z.array(z.object({ task_id: z.string(), image_id: z.number().int() })),
  })
  .meta({ id: 'ProcessUploadedResult' });

export const TASK_STATUSES = ['PENDING', 'STARTED', 'SUCCESS', 'FAILURE'] as const;

export const taskIdParamsSchema = z.object({ taskId: z.string().max(100) });

export const processingStatusSchema = z
  .object({
    task_id: z.string(),
    status: z.enum(TASK_STATUSES).describe('SUCCESS and FAILURE are final'),
  })
  .meta({ id: 'ProcessingStatus' });

// ---------------------------------------------------------------------------------------------
// Reading

export const imageIdParamsSchema = z.object({ id: idParam('id') });

export const imageSchema = z
  .object({
    id: z.number().int(),
    url: z.string().describe('400 px WebP rendition'),
    url_large: z.string().describe('1600 px WebP rendition'),
    image_type: z.enum(IMAGE_TYPES),
    description: z.string().nullable(),
    capture_year: z.number().int().nullable(),
    capture_date: z.string().nullable().describe('The capture year as text (YYYY); only the year is known'),
    building_id: z.number().int(),
    added_by: z.object({ id: z.number().int(), handle: z.string() }),
    user_vote: userVoteSchema.describe("The signed-in reader's vote: 1 smile, 0 meh, -1 frown, null none"),
    vote_stats: voteStatsSchema,
    width: z.number().int().nullable().describe('Of the original, upright (EXIF orientation applied)'),
    height: z.number().int().nullable(),
    status: z
      .enum(['pending', 'uploaded', 'processing', 'ready', 'failed'])
      .describe('Always ready in lists; the uploader may read their own image in other states'),
    failure_reason: z.string().nullable().describe('Why processing failed (status failed)'),
    license: z.enum(IMAGE_LICENSES).describe('The licence the photo is given under'),
    author: z.string().describe('The credit to give: as the uploader set it, else their handle'),
    author_is_set: z.boolean().describe("False while the credit is the uploader's handle by default"),
    created_at: z.string(),
    voted_at: z
      .string()
      .nullable()
      .optional()
      .describe('When the user named by userHandle last voted on it (voted-images queries only)'),
    /** Present when moderators hid the image: only its uploader and moderators get it then (docs/api.md). */
    hidden: z.literal(true).optional(),
  })
  .meta({ id: 'Image' });

export type Image = z.infer<typeof imageSchema>;

/**
 * PATCH /api/images/{id}: the owner (or a moderator) changes the credit, the licence toward a more
 * open one, the type, the capture year or the description.
 */
export const updateImageCreditSchema = z
  .object({
    license: licenseSchema.optional(),
    author: authorText
      .optional()
      .transform((a) => (a === undefined ? undefined : a || null))
      .describe("The new credit; null or empty goes back to the uploader's handle"),
    image_type: z
      .enum(IMAGE_TYPES, { error: () => `image_type must be one of ${IMAGE_TYPES.join(', ')}` })
      .optional(),
    capture_year: z
      .number({ error: 'Capture year must be a year (YYYY)' })
      .nullable()
      .optional()
      .superRefine((year, ctx) => {
        const problem = year === null || year === undefined ? null : captureYearProblem(year);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      })
      .describe('A year, or null for unknown'),
    description: z
      .string({ error: 'description must be text' })
      .trim()
      .max(
        IMAGE_DESCRIPTION_MAX_LENGTH,
        `A description can have at most ${IMAGE_DESCRIPTION_MAX_LENGTH} characters`,
      )
      .nullable()
      .optional()
      .transform((d) => (d === undefined ? undefined : d || null))
      .describe('null or empty removes it'),
  })
  .strict()
  // Each field named (not Object.values): the bundler then still sees this schema as pure, and
  // the web, which imports constants from this file, does not download zod for it.
  .refine(
    (b) =>
      b.license !== undefined ||
      b.author !== undefined ||
      b.image_type !== undefined ||
      b.capture_year !== undefined ||
      b.description !== undefined,
    {
      message: 'Give a license, an author, an image_type, a capture_year or a description to change',
    },
  )
  .meta({ id: 'ImageCreditUpdate' });

export type UpdateImageCredit = z.infer<typeof updateImageCreditSchema>;

const faceFilterSchema = z
  .enum(['smile', 'meh', 'frown', '1', '0', '-1'], { error: 'userVoteType must be smile, meh or frown' })
  .transform((v): 1 | 0 | -1 =>
    v in FACE_VOTE_OF ? FACE_VOTE_OF[v as FaceName] : (Number(v) as 1 | 0 | -1),
  );

const imageTypesParam = z
  .string()
  .trim()
  .transform((s) => [
    ...new Set(
      s
        .split(',')
        .map((t) => t.trim())
        .filter(Boolean),
    ),
  ])
  .pipe(
    z.array(
      z.enum(IMAGE_TYPES, { error: () => `imageTypes must be comma-joined of ${IMAGE_TYPES.join(', ')}` }),
    ),
  );

export const imageListQuerySchema = z
  .object({
    page: integerParam('page').pipe(z.number().int().min(1, 'page must be at least 1')).default(1),
    per_page: integerParam('per_page')
      .pipe(
        z
          .number()
          .int()
          .min(1, 'per_page must be at least 1')
          .max(PER_PAGE_MAX, `per_page must be at most ${PER_PAGE_MAX}`),
      )
      .default(IMAGES_PER_PAGE),
    buildingId: idParam('buildingId').optional(),
    userHandle: z
      .string()
      .trim()
      .min(1)
      .max(64)
      .optional()
      .describe('Images this user voted on; only that user may ask'),
    userVoteType: faceFilterSchema
      .optional()
      .describe('With userHandle: only images the user gave this face'),
    sortBy: z
      .enum(IMAGE_SORTS, { error: () => `sortBy must be one of ${IMAGE_SORTS.join(', ')}` })
      .default('date_added'),
    sortOrder: z.enum(['asc', 'desc'], { error: 'sortOrder must be asc or desc' }).default('desc'),
    imageTypes: imageTypesParam.optional().describe('Comma-joined image types; an image matches any'),
  })
  .superRefine((q, ctx) => {
    if (q.userVoteType !== undefined && q.userHandle === undefined) {
      ctx.addIssue({ code: 'custom', path: ['userVoteType'], message: 'userVoteType needs userHandle' });
    }
    if (q.sortBy === 'vote_date' && q.userHandle === undefined) {
      ctx.addIssue({ code: 'custom', path: ['sortBy'], message: 'sortBy=vote_date needs userHandle' });
    }
  });

export type ImageListQuery = z.infer<typeof imageListQuerySchema>;

export const imageListSchema = z
  .object({
    items: z.array(imageSchema),
    total: z.number().int(),
    hasNext: z.boolean(),
    page: z.number().int(),
    per_page: z.number().int(),
  })
  .meta({ id: 'ImageList' });

export type ImageList = z.infer<typeof imageListSchema>;
