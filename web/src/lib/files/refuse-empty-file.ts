/** The smallest file a dropzone takes: an empty (0-byte) file is no image. */
export const MIN_FILE_BYTES = 1;

/**
 * A react-dropzone validator refusing empty files with product §5's text. Mantine's Dropzone does not
 * pass react-dropzone's minSize on, so the floor is a validator with react-dropzone's own code.
 */
export function refuseEmptyFile(file: File): { code: 'file-too-small'; message: string } | null {
  return file.size < MIN_FILE_BYTES
    ? { code: 'file-too-small', message: `File is smaller than ${MIN_FILE_BYTES} bytes` }
    : null;
}
