import { describe, expect, it } from 'vitest';
import { currentYear } from '#domain/constants';
import {
  hasProblems,
  parseCaptureYear,
  rejectionMessages,
  uploadFormProblems,
  type UploadFormItem,
} from './upload-form.ts';
import fr from '#domain/messages/fr';
import { setCatalogue } from '../../../lib/i18n.ts';

const item = (over: Partial<UploadFormItem>): UploadFormItem => ({
  key: over.key ?? 'k',
  file: new File(['x'], 'a.jpg', { type: 'image/jpeg' }),
  type: 'exterior',
  description: '',
  captureYear: '',
  ...over,
});

describe('upload form rules (product §5, Images)', () => {
  it("needs a type for every image: 'Please select a type for each image'", () => {
    const problems = uploadFormProblems([item({ key: 'a' }), item({ key: 'b', type: null })]);
    expect(problems.message).toBe('Please select a type for each image');
    expect(hasProblems(problems)).toBe(true);
    expect(hasProblems(uploadFormProblems([item({})]))).toBe(false);
  });

  it('takes a blank capture year as none and a year up to now as that year', () => {
    expect(parseCaptureYear('  ')).toBeNull();
    expect(parseCaptureYear(' 1931 ')).toBe(1931);
    expect(parseCaptureYear(String(currentYear() + 1))).toBeUndefined();
    expect(parseCaptureYear('19x1')).toBeUndefined();
  });

  it('names a capture year that is not a year', () => {
    const problems = uploadFormProblems([
      item({ key: 'a', captureYear: 'spring' }),
      item({ key: 'b', captureYear: String(currentYear() + 5) }),
      item({ key: 'c', captureYear: '1999' }),
    ]);
    expect(problems.message).toBeNull();
    expect(problems.captureYear.a).toBe('Capture year must be a year (YYYY)');
    expect(problems.captureYear.b).toMatch(/^Capture year must be between/);
    expect(problems.captureYear.c).toBeUndefined();
  });
});

describe('dropzone rejection texts (product §5)', () => {
  it('words each refused file as the product description does, sizes in bytes', () => {
    const texts = rejectionMessages(
      [
        {
          file: { name: 'a.pdf' },
          errors: [{ code: 'file-invalid-type', message: 'File type must be one of image/jpeg, .jpeg' }],
        },
        {
          file: { name: 'big.jpg' },
          errors: [{ code: 'file-too-large', message: 'File is larger than 25 MB' }],
        },
        {
          file: { name: 'tiny.jpg' },
          errors: [{ code: 'file-too-small', message: 'File is smaller than 1 KB' }],
        },
        { file: { name: 'x.png' }, errors: [{ code: 'too-many-files', message: 'Too many files' }] },
      ],
      { maxSize: 26214400, minSize: 1024 },
    );
    expect(texts).toEqual([
      { fileName: 'a.pdf', messages: ['File type must be one of image/jpeg, .jpeg'] },
      { fileName: 'big.jpg', messages: ['File is larger than 26214400 bytes'] },
      { fileName: 'tiny.jpg', messages: ['File is smaller than 1024 bytes'] },
      { fileName: 'x.png', messages: ['Too many files'] },
    ]);
  });
});

describe('upload form texts in French', () => {
  it('asks for the types, checks the year and names refused files in French', () => {
    setCatalogue('fr', fr);
    expect(uploadFormProblems([item({ type: null, key: 'a', captureYear: 'spring' })])).toEqual({
      message: 'Veuillez choisir un type pour chaque image',
      captureYear: { a: 'L’année de prise de vue doit être une année (AAAA)' },
    });
    expect(
      uploadFormProblems([item({ key: 'b', captureYear: String(currentYear() + 1) })]).captureYear.b,
    ).toBe(`L’année de prise de vue doit être comprise entre -10000 et ${currentYear()}`);
    expect(
      rejectionMessages(
        [
          {
            file: { name: 'a.pdf' },
            errors: [{ code: 'file-invalid-type', message: 'File type must be one of image/jpeg, .jpeg' }],
          },
          {
            file: { name: 'big.jpg' },
            errors: [{ code: 'file-too-large', message: 'File is larger than 25 MB' }],
          },
          { file: { name: 'x.png' }, errors: [{ code: 'too-many-files', message: 'Too many files' }] },
        ],
        { maxSize: 26214400 },
      ),
    ).toEqual([
      { fileName: 'a.pdf', messages: ['Le type de fichier doit être l’un des suivants : image/jpeg, .jpeg'] },
      { fileName: 'big.jpg', messages: ['Le fichier dépasse 26214400 octets'] },
      { fileName: 'x.png', messages: ['Trop de fichiers'] },
    ]);
  });
});
