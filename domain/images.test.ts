import { describe, expect, it } from 'vitest';
import { currentYear } from './constants.ts';
import {
  canRelicense,
  IMAGE_TYPE_OPTIONS,
  IMAGE_TYPES,
  imageListQuerySchema,
  imageTypeLabel,
  isImageType,
  uploadMetadataSchema,
  uploadRequestSchema,
  UPLOAD_MAX_FILES,
} from './images.ts';

const meta = { description: null, captureYear: null, type: 'exterior', fileExt: '.jpg' };

describe('product §3: image types as the upload UI offers them', () => {
  it('offers the six image types labelled as the upload UI does, in its order', () => {
    expect(IMAGE_TYPE_OPTIONS.map((o) => o.label)).toEqual([
      'Exterior',
      'Interior',
      'Plans',
      'Drawing',
      'Detail',
      'Other',
    ]);
    expect(IMAGE_TYPE_OPTIONS.map((o) => o.value).sort()).toEqual([...IMAGE_TYPES].sort());
    expect(imageTypeLabel('plans')).toBe('Plans');
  });

  it('tells an image type from any other value', () => {
    expect(isImageType('plans')).toBe(true);
    expect(isImageType('sketch')).toBe(false);
    expect(isImageType(null)).toBe(false);
  });
});

describe('product §3/5: image upload metadata', () => {
  it('needs a type; description, capture year, licence and credit are optional', () => {
    expect(uploadMetadataSchema.parse({ type: 'plans', fileExt: '.png' })).toEqual({
      description: null,
      captureYear: null,
      license: 'CC-BY-SA-4.0',
      author: null,
      type: 'plans',
      fileExt: '.png',
    });
    const noType = uploadMetadataSchema.safeParse({ ...meta, type: undefined });
    expect(noType.error?.issues[0]?.message).toBe('Please select a type for each image');
  });

  it('accepts only .jpeg, .jpg, .png and .gif (any case)', () => {
    for (const ext of ['.jpeg', '.jpg', '.png', '.gif', '.JPG']) {
      expect(uploadMetadataSchema.safeParse({ ...meta, fileExt: ext }).success).toBe(true);
    }
    for (const ext of ['.bmp', 'jpg', '.webp', '.svg', '']) {
      expect(uploadMetadataSchema.safeParse({ ...meta, fileExt: ext }).success).toBe(false);
    }
  });

  it('takes a capture year as a number or digits, up to the current year; empty means none', () => {
    const year = (captureYear: unknown) => uploadMetadataSchema.safeParse({ ...meta, captureYear });
    expect(year('1987').data?.captureYear).toBe(1987);
    expect(year(1987).data?.captureYear).toBe(1987);
    expect(year('').data?.captureYear).toBeNull();
    expect(year(currentYear()).success).toBe(true);
    expect(year(currentYear() + 1).success).toBe(false);
    expect(year('19a7').success).toBe(false);
    expect(year(1987.5).success).toBe(false);
  });

  it(`takes 1 to ${UPLOAD_MAX_FILES} files a request`, () => {
    const req = (n: number) =>
      uploadRequestSchema.safeParse({ buildingId: 1, metadata: Array.from({ length: n }, () => meta) });
    expect(req(1).success).toBe(true);
    expect(req(UPLOAD_MAX_FILES).success).toBe(true);
    expect(req(UPLOAD_MAX_FILES + 1).error?.issues[0]?.message).toBe('Too many files');
    expect(req(0).success).toBe(false);
  });
});

describe('product §7/9: image list query', () => {
  it('defaults to page 1, 10 per page, date added descending', () => {
    expect(imageListQuerySchema.parse({})).toEqual({
      page: 1,
      per_page: 10,
      sortBy: 'date_added',
      sortOrder: 'desc',
    });
  });

  it('reads faces by name or value, and comma-joined types', () => {
    const q = imageListQuerySchema.parse({
      userHandle: 'ada',
      userVoteType: 'frown',
      imageTypes: 'exterior, plans,exterior',
    });
    expect(q).toMatchObject({ userVoteType: -1, imageTypes: ['exterior', 'plans'] });
    expect(imageListQuerySchema.parse({ userHandle: 'ada', userVoteType: '0' }).userVoteType).toBe(0);
    expect(imageListQuerySchema.parse({ userHandle: 'ada', userVoteType: 'smile' }).userVoteType).toBe(1);
  });
});

describe('canRelicense (a licence only becomes more open)', () => {
  it('allows the same or a more open licence, never a stricter one', () => {
    expect(canRelicense('CC-BY-SA-4.0', 'CC-BY-4.0')).toBe(true);
    expect(canRelicense('CC-BY-SA-4.0', 'CC0-1.0')).toBe(true);
    expect(canRelicense('CC-BY-4.0', 'CC0-1.0')).toBe(true);
    expect(canRelicense('CC-BY-4.0', 'CC-BY-4.0')).toBe(true);
    expect(canRelicense('CC-BY-4.0', 'CC-BY-SA-4.0')).toBe(false);
    expect(canRelicense('CC0-1.0', 'CC-BY-4.0')).toBe(false);
    expect(canRelicense('CC0-1.0', 'CC-BY-SA-4.0')).toBe(false);
  });
});
