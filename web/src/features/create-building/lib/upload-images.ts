/**
 * The wizard's one door to the image upload sequence of product §7 (request slots, PUT, confirm,
 * process, poll), built once in the images feature and shared with its upload dialog.
 */
export { uploadImages } from '../../images/lib/upload-sequence.ts';
export { UPLOAD_TEXTS, uploadOutcomeText } from '../../images/model/upload.ts';
