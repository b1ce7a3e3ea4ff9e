import { YEAR_MIN, currentYear } from '#domain/constants';
import { captureYearProblem, type ImageType } from '#domain/images';
import { t } from '../../../lib/i18n.ts';

/** Product §5: the upload dialog's capture year box takes at most 10 characters. */
export const CAPTURE_YEAR_MAX_CHARS = 10;

export const UPLOAD_FORM_TEXTS = {
  typeRequired: 'Please select a type for each image',
  badYear: 'Capture year must be a year (YYYY)',
} as const;

/** One chosen file and what the user typed about it. */
export interface UploadFormItem {
  key: string;
  file: File;
  type: ImageType | null;
  description: string;
  captureYear: string;
}

export interface UploadFormProblems {
  /** The form-wide message (product §5). */
  message: string | null;
  /** Per item key: the capture year's problem. */
  captureYear: Record<string, string>;
}

/** A typed capture year: null when blank, a number when a year, else undefined (invalid). */
export function parseCaptureYear(text: string): number | null | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (!/^-?\d{1,5}$/.test(trimmed)) return undefined;
  const year = Number(trimmed);
  return captureYearProblem(year) === null ? year : undefined;
}

/**
 * Product §5: every image needs a type; description and capture year are optional (a year when
 * given). The texts come in the page's language.
 */
export function uploadFormProblems(items: readonly UploadFormItem[]): UploadFormProblems {
  const captureYear: Record<string, string> = {};
  for (const item of items) {
    if (parseCaptureYear(item.captureYear) === undefined) {
      const typed = item.captureYear.trim();
      // A whole year refused by captureYearProblem is out of its range (domain/images.ts).
      captureYear[item.key] =
        /^-?\d{1,5}$/.test(typed) && captureYearProblem(Number(typed)) !== null
          ? t('Capture year must be between {min} and {max}', { min: YEAR_MIN, max: currentYear() })
          : t(UPLOAD_FORM_TEXTS.badYear);
    }
  }
  const message = items.some((item) => item.type === null) ? t(UPLOAD_FORM_TEXTS.typeRequired) : null;
  return { message, captureYear };
}

export function hasProblems(problems: UploadFormProblems): boolean {
  return problems.message !== null || Object.keys(problems.captureYear).length > 0;
}

// ---------------------------------------------------------------------------------------------
// Dropzone rejections

export interface DropRejection {
  file: { name: string };
  errors: readonly { code: string; message: string }[];
}

/**
 * Product §5's rejection texts for each refused file, in the page's language: 'File type must be
 * one of …' as react-dropzone words it, 'File is larger than N bytes', 'File is smaller than N
 * bytes' (N in bytes, as the product description writes them; react-dropzone 20 would say
 * '25 MB') and 'Too many files'.
 */
export function rejectionMessages(
  rejections: readonly DropRejection[],
  limits: { maxSize: number; minSize?: number },
): { fileName: string; messages: string[] }[] {
  return rejections.map(({ file, errors }) => ({
    fileName: file.name,
    messages: errors.map((error) => {
      switch (error.code) {
        case 'file-too-large':
          return t('File is larger than {size} bytes', { size: limits.maxSize });
        case 'file-too-small':
          return t('File is smaller than {size} bytes', { size: limits.minSize ?? 0 });
        case 'too-many-files':
          return t('Too many files');
        case 'file-invalid-type': {
          // react-dropzone's own English text, its list of types kept.
          const types = /^File type must be one of (.+)$/.exec(error.message)?.[1];
          return types ? t('File type must be one of {types}', { types }) : error.message;
        }
        default:
          return error.message;
      }
    }),
  }));
}
