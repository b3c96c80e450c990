import { AVATAR_CROP_SIZE_PX, type CropState, displayScale } from './avatar-crop';

/** Draws the visible square of the picture onto a 250×250 canvas and returns it as a PNG. */
export function renderAvatarPng(image: HTMLImageElement, crop: CropState): Promise<Blob> {
  const size = { width: image.naturalWidth, height: image.naturalHeight };
  const canvas = document.createElement('canvas');
  canvas.width = AVATAR_CROP_SIZE_PX;
  canvas.height = AVATAR_CROP_SIZE_PX;
  const context = canvas.getContext('2d');
  if (!context) return Promise.reject(new Error('Canvas 2D is not available'));

  const scale = displayScale(size, crop.zoom);
  context.imageSmoothingQuality = 'high';
  context.translate(AVATAR_CROP_SIZE_PX / 2 + crop.offsetX, AVATAR_CROP_SIZE_PX / 2 + crop.offsetY);
  context.rotate((crop.rotation * Math.PI) / 180);
  context.scale(scale, scale);
  context.drawImage(image, -size.width / 2, -size.height / 2);

  return new Promise((resolve, reject) => {
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('The picture could not be encoded'))),
      'image/png',
    );
  });
}
