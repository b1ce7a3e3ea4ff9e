/**
 * The wizard's one door to the image upload sequence of product §7 (request slots, PUT, confirm,
 * process, poll), built once in web/src/lib/uploads and shared with the images feature's upload dialog.
 */
export { uploadImages } from '../../../lib/uploads/upload-sequence.ts';
export { UPLOAD_TEXTS, uploadOutcomeText } from '../../../lib/uploads/upload.ts';
