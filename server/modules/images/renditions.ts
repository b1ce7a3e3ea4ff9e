/**
 * Turning an uploaded file into WebP renditions with sharp (architecture: 400 px and 1600 px on
 * the long side, never enlarged, EXIF orientation applied, no metadata at all). The format is
 * decided by the file's first bytes, never by its name.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import exifr from 'exifr';
import type Sharp from 'sharp';
import { RENDITION_SIZES } from '#domain/images';
import { YEAR_MIN, currentYear } from '#domain/constants';

/**
 * sharp (libvips) loaded at the first image, not at start: importing it adds about 30 MB to the
 * resident memory of a server that may idle for hours without an upload (the idle memory target, bench/README.md).
 */
let sharpModule: Promise<typeof Sharp> | undefined;
async function loadSharp(): Promise<typeof Sharp> {
  sharpModule ??= import('sharp').then(({ default: sharp }) => {
    // libvips' operation cache (50 MB and 100 operations by default) keeps decoded results for a
    // later pipeline on the same input; no two jobs share a file, so it only held memory.
    sharp.cache(false);
    sharp.concurrency(SHARP_THREADS);
    return sharp;
  });
  return sharpModule;
}

/**
 * libvips threads per pipeline: one per core, at most 4. Fewer than the cores made each job about
 * 2.5× slower on a shared 2-core machine (the other processes took the cores it left), and past 4 a
 * 1600 px WebP gains little while every thread holds buffers of its own.
 */
export const SHARP_THREADS = Math.max(1, Math.min(4, os.availableParallelism()));

/** Images above this many pixels are refused before they are decoded (decompression bombs). */
export const MAX_INPUT_PIXELS = 50_000_000;
export const WEBP_QUALITY = 82;
/** libwebp effort 2 instead of 4: measured 25–40% less CPU for files about 1% larger (bench/README.md). */
export const WEBP_EFFORT = 2;

export type AcceptedFormat = 'jpeg' | 'png' | 'gif';

/** A file that is not an image this product accepts; processing it again cannot help. */
export class ImageRejectedError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'ImageRejectedError';
  }
}

/** The accepted format announced by a file's magic bytes, or null. */
export function sniffImageFormat(bytes: Uint8Array): AcceptedFormat | null {
  const starts = (sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (starts([0xff, 0xd8, 0xff])) return 'jpeg';
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  // "GIF87a" or "GIF89a"
  if (starts([0x47, 0x49, 0x46, 0x38]) && (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61) {
    return 'gif';
  }
  return null;
}

export interface Rendition {
  size: (typeof RENDITION_SIZES)[number];
  data: Buffer;
  width: number;
  height: number;
}

export interface ProcessedImage {
  format: AcceptedFormat;
  /** Of the original, upright (orientation applied). */
  width: number;
  height: number;
  /** From EXIF DateTimeOriginal (or CreateDate), when it holds a plausible year. */
  exifYear: number | null;
  renditions: Rendition[];
}

/** The year of an EXIF date ("YYYY:MM:DD HH:MM:SS"), or null when it is missing or implausible. */
export function yearOfExifDate(value: unknown): number | null {
  let year: number | null = null;
  if (typeof value === 'string') {
    const m = /^\s*(\d{4})[:-]/.exec(value);
    year = m ? Number(m[1]) : null;
  } else if (value instanceof Date && !Number.isNaN(value.getTime())) {
    year = value.getUTCFullYear();
  }
  // Cameras without a set clock write 0000 or 1970-ish dates; 1826 is the oldest photograph.
  if (year === null || year < Math.max(YEAR_MIN, 1826) || year > currentYear()) return null;
  return year;
}

async function exifYear(data: Buffer | string): Promise<number | null> {
  try {
    const tags = (await exifr.parse(data, {
      pick: ['DateTimeOriginal', 'CreateDate'],
      reviveValues: false,
    })) as { DateTimeOriginal?: unknown; CreateDate?: unknown } | undefined;
    return yearOfExifDate(tags?.DateTimeOriginal) ?? yearOfExifDate(tags?.CreateDate);
  } catch {
    // Broken EXIF is no reason to refuse a picture that decodes.
    return null;
  }
}

/** What checkDecodingBound reads of a file's header (sharp's metadata, read without decoding). */
export interface ImageHeader {
  width: number;
  height: number;
  /** Frames (GIF) or pages (TIFF, HEIF); absent for a single image. */
  pages?: number | undefined;
  /** The height of one frame, when `height` is not already that. */
  pageHeight?: number | undefined;
}

/**
 * Refuses, from the header alone, an image whose frames × pixels exceed MAX_INPUT_PIXELS: a GIF of
 * a 7000×7000 canvas or of a hundred 1000×1000 frames costs its declared size to decode, whatever
 * few bytes it holds. The message is the one the uploader reads in the upload dialog.
 */
export function checkDecodingBound(header: ImageHeader): void {
  const frames = Math.max(1, header.pages ?? 1);
  const frameHeight = header.pageHeight ?? header.height;
  const pixels = header.width * frameHeight * frames;
  if (pixels <= MAX_INPUT_PIXELS) return;
  const limit = `at most ${MAX_INPUT_PIXELS / 1_000_000} megapixels are accepted`;
  if (frames === 1) {
    throw new ImageRejectedError(`The image has ${header.width}×${frameHeight} pixels; ${limit}`);
  }
  throw new ImageRejectedError(
    `The image has ${frames} frames of ${header.width}×${frameHeight} pixels ` +
      `(${Math.ceil(pixels / 1_000_000)} megapixels in all); ${limit}`,
  );
}

/** The first bytes of a file (for sniffImageFormat). */
async function firstBytes(file: string): Promise<Buffer> {
  const handle = await fs.open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(16), 0, 16, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * Validates `data` (the bytes, or the path of a file holding them) as a JPEG, PNG or GIF of at most
 * MAX_INPUT_PIXELS and makes its renditions. Throws ImageRejectedError for anything that is not
 * such an image. Given a path, sharp and exifr read the file themselves (exifr only its first
 * chunk): the job on local storage never holds the 5–25 MB original in JavaScript, which saved
 * event-loop time and garbage collection (bench/README.md, Thumbnails).
 */
export async function processImage(data: Buffer | string): Promise<ProcessedImage> {
  const format = sniffImageFormat(typeof data === 'string' ? await firstBytes(data) : data);
  if (!format) throw new ImageRejectedError('The file is not a JPEG, PNG or GIF image');
  const sharp = await loadSharp();
  // Only the first frame of an animated or multi-page file is ever decoded (pages: 1, sharp's
  // default, said outright); the header check below still counts every frame (see
  // docs/decisions/2026-11-27-image-decoding-bounds.md).
  const options = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' as const, pages: 1 };
  const meta = await sharp(data, options)
    .metadata()
    .catch((err: unknown) => {
      throw new ImageRejectedError(`The file cannot be read as an image: ${(err as Error).message}`, {
        cause: err,
      });
    });
  if (meta.format !== format) {
    throw new ImageRejectedError(`The file starts like a ${format} image but reads as ${meta.format}`);
  }
  checkDecodingBound(meta);
  const renditions: Rendition[] = [];
  try {
    for (const size of RENDITION_SIZES) {
      // One pipeline per size: JPEG shrink-on-load makes the small one cheap.
      const { data: out, info } = await sharp(data, options)
        .autoOrient()
        .resize({ width: size, height: size, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: WEBP_QUALITY, effort: WEBP_EFFORT })
        // sharp writes no metadata unless asked (no EXIF, GPS, XMP or ICC profile).
        .toBuffer({ resolveWithObject: true });
      renditions.push({ size, data: out, width: info.width, height: info.height });
    }
  } catch (err) {
    throw new ImageRejectedError(`The image cannot be decoded: ${(err as Error).message}`, { cause: err });
  }
  const upright = meta.autoOrient;
  return {
    format,
    width: upright.width,
    height: upright.height,
    exifYear: format === 'gif' ? null : await exifYear(data),
    renditions,
  };
}
