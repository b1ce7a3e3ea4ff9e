import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { jpegWithExif, pngClaiming, smallGif, widePng } from '../../test/images.ts';
import {
  ImageRejectedError,
  MAX_INPUT_PIXELS,
  processImage,
  sniffImageFormat,
  yearOfExifDate,
} from './renditions.ts';

describe('format sniffing by magic bytes, not by name', () => {
  it('knows JPEG, PNG and GIF', async () => {
    expect(sniffImageFormat(await jpegWithExif())).toBe('jpeg');
    expect(sniffImageFormat(await widePng(10, 10))).toBe('png');
    expect(sniffImageFormat(await smallGif())).toBe('gif');
  });

  it('refuses anything else', async () => {
    expect(sniffImageFormat(Buffer.from('GIF88a'))).toBeNull();
    expect(sniffImageFormat(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(
      sniffImageFormat(
        await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
          .webp()
          .toBuffer(),
      ),
    ).toBeNull();
    expect(sniffImageFormat(Buffer.alloc(0))).toBeNull();
  });
});

describe('the capture year of an EXIF date', () => {
  it('reads the year of "YYYY:MM:DD HH:MM:SS"', () => {
    expect(yearOfExifDate('1998:07:04 10:00:00')).toBe(1998);
    expect(yearOfExifDate(new Date('2004-05-06T00:00:00Z'))).toBe(2004);
  });

  it('ignores unset camera clocks, the future and junk', () => {
    expect(yearOfExifDate('0000:00:00 00:00:00')).toBeNull();
    expect(yearOfExifDate(`${new Date().getFullYear() + 1}:01:01 00:00:00`)).toBeNull();
    expect(yearOfExifDate('    :  :     :  :  ')).toBeNull();
    expect(yearOfExifDate(undefined)).toBeNull();
    expect(yearOfExifDate(12)).toBeNull();
  });
});

describe('processImage', () => {
  it('applies the EXIF orientation and reads the capture year', async () => {
    const out = await processImage(await jpegWithExif());
    expect(out).toMatchObject({ format: 'jpeg', width: 400, height: 600, exifYear: 1998 });
    expect(out.renditions.map((r) => [r.size, r.width, r.height])).toEqual([
      [400, 267, 400],
      [1600, 400, 600],
    ]);
  });

  it(`refuses more than ${MAX_INPUT_PIXELS / 1e6} megapixels before decoding`, async () => {
    const bomb = await pngClaiming(10_000, 10_000);
    await expect(processImage(bomb)).rejects.toThrow(ImageRejectedError);
    await expect(processImage(bomb)).rejects.toThrow(/megapixels|pixel limit/);
  });

  it('refuses a file whose body does not match its magic bytes', async () => {
    const fake = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('not really a jpeg')]);
    await expect(processImage(fake)).rejects.toThrow(ImageRejectedError);
    const truncated = (await widePng(300, 300)).subarray(0, 60);
    await expect(processImage(truncated)).rejects.toThrow(ImageRejectedError);
  });
});
