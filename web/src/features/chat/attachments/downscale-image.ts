/**
 * Images are made smaller in the browser before upload when they are larger than vision models
 * use: the providers scale an image down to about 768 pixels on its short side and 2,000 on its
 * long side before looking at it, so the rest of the pixels only cost upload time, R2 storage
 * and the bytes of every later prompt that shows the image again. Doing it here, not with the
 * Images binding on the server, keeps the upload itself small (a phone photo is often 5 MB or
 * more) and needs no paid binding. GIFs keep their frames and are never touched, and a result
 * that is not smaller than the original is thrown away.
 */
const MAX_SHORT_SIDE = 768;
const MAX_LONG_SIDE = 2000;
const JPEG_WEBP_QUALITY = 0.92;
/** Types a canvas re-encodes faithfully (PNG stays lossless). */
const RESIZABLE_TYPES = new Set(['image/png', 'image/jpeg', 'image/webp']);

export interface ImageSize {
  width: number;
  height: number;
}

/** The size an image is brought down to, or null when it is already small enough. */
export function downscaledSize({ width, height }: ImageSize): ImageSize | null {
  const scale = Math.min(1, MAX_LONG_SIDE / Math.max(width, height), MAX_SHORT_SIDE / Math.min(width, height));
  if (scale >= 1) return null;
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

function encode(canvas: HTMLCanvasElement, type: string): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, type, JPEG_WEBP_QUALITY));
}

/** The file to upload and its size: smaller when it was larger than models use, else as it was. */
export async function downscaleImage(file: File, size: ImageSize): Promise<{ file: File } & ImageSize> {
  const target = downscaledSize(size);
  if (!target || !RESIZABLE_TYPES.has(file.type) || typeof createImageBitmap !== 'function') return { file, ...size };
  try {
    const bitmap = await createImageBitmap(file, {
      resizeWidth: target.width,
      resizeHeight: target.height,
      resizeQuality: 'high',
    });
    const canvas = document.createElement('canvas');
    canvas.width = target.width;
    canvas.height = target.height;
    canvas.getContext('2d')?.drawImage(bitmap, 0, 0);
    bitmap.close();
    const blob = await encode(canvas, file.type);
    if (!blob || blob.type !== file.type || blob.size >= file.size) return { file, ...size };
    return { file: new File([blob], file.name, { type: file.type, lastModified: file.lastModified }), ...target };
  } catch {
    // A browser that cannot decode or re-encode it uploads the original, which still works.
    return { file, ...size };
  }
}
