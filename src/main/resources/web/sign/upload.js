/*
 * Images the signer picks from a file, for an uploaded signature or a stamp: PNG or JPEG only, at most
 * 1 MiB and 2000 pixels a side, read as a data URL.
 */
import { t } from './text.js';

const MAX_IMAGE_BYTES = 1024 * 1024;
export const MAX_IMAGE_SIDE = 2000;

function uploadError(file) {
  if (!file) {
    return t('upload.none');
  }
  if (file.type !== 'image/png' && file.type !== 'image/jpeg') {
    return t('upload.type');
  }
  return file.size > MAX_IMAGE_BYTES ? t('upload.size') : null;
}

/** Reads a PNG or JPEG file as a data URL after checking its type, size and dimensions. */
export function readImage(file) {
  return new Promise((resolve, reject) => {
    const problem = uploadError(file);
    if (problem) {
      reject(new Error(problem));
      return;
    }
    const reader = new FileReader();
    reader.onerror = () => reject(new Error(t('upload.unreadable')));
    reader.onload = () => {
      const image = new Image();
      image.onerror = () => reject(new Error(t('upload.notImage')));
      image.onload = () => (image.naturalWidth > MAX_IMAGE_SIDE || image.naturalHeight > MAX_IMAGE_SIDE
        ? reject(new Error(t('upload.dimensions')))
        : resolve(reader.result));
      image.src = reader.result;
    };
    reader.readAsDataURL(file);
  });
}
