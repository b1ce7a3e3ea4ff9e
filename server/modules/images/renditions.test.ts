import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
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

  it('reads a file by its path as it reads bytes (the job on local storage)', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'atlas-renditions-'));
    try {
      const jpeg = await jpegWithExif();
      const file = path.join(dir, 'original.jpg');
      await fs.writeFile(file, jpeg);
      const fromPath = await processImage(file);
      const fromBytes = await processImage(jpeg);
      expect(fromPath).toMatchObject({ format: 'jpeg', width: 400, height: 600, exifYear: 1998 });
      expect(fromPath.renditions.map((r) => [r.size, r.width, r.height, r.data.length])).toEqual(
        fromBytes.renditions.map((r) => [r.size, r.width, r.height, r.data.length]),
      );

      const fake = path.join(dir, 'fake.jpg');
      await fs.writeFile(
        fake,
        Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('not a jpeg')]),
      );
      await expect(processImage(fake)).rejects.toThrow(ImageRejectedError);
      const html = path.join(dir, 'page.jpg');
      await fs.writeFile(html, '<html><script>alert(1)</script></html>');
      await expect(processImage(html)).rejects.toThrow(/not a JPEG, PNG or GIF/);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
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
