/** The avatar is cropped to a square of this many pixels and uploaded at that size. */
export const AVATAR_CROP_SIZE_PX = 250;
/** Zoom range and slider step: 1 is "the picture just covers the square". */
export const AVATAR_ZOOM_MIN = 1;
export const AVATAR_ZOOM_MAX = 5;
export const AVATAR_ZOOM_STEP = 0.001;
/** Wheel zoom: zoom change per pixel of wheel delta (a notch is ~100 px, so ~0.2 zoom). */
export const AVATAR_WHEEL_ZOOM_PER_PX = 0.002;
export const AVATAR_ROTATION_STEP_DEG = 90;

/** Picked files must be one of these (the server accepts only these names too). */
export const AVATAR_FILE_EXTENSIONS = ['.png', '.jpg', '.jpeg'] as const;
export const AVATAR_ACCEPT = [...AVATAR_FILE_EXTENSIONS, 'image/png', 'image/jpeg'].join(',');

export const isAcceptedAvatarFile = (file: File): boolean =>
  AVATAR_FILE_EXTENSIONS.some((extension) => file.name.toLowerCase().endsWith(extension));

export type CropState = {
  zoom: number;
  /** Degrees, a multiple of 90 in [0, 360). */
  rotation: number;
  /** Pan from the centre, in crop pixels. */
  offsetX: number;
  offsetY: number;
};

export type ImageSize = { width: number; height: number };

export const INITIAL_CROP: CropState = { zoom: AVATAR_ZOOM_MIN, rotation: 0, offsetX: 0, offsetY: 0 };

export const clampZoom = (zoom: number): number => Math.min(AVATAR_ZOOM_MAX, Math.max(AVATAR_ZOOM_MIN, zoom));

/** Scale from image pixels to crop pixels: at zoom 1 the shorter side fills the square. */
export const displayScale = (image: ImageSize, zoom: number): number =>
  (AVATAR_CROP_SIZE_PX / Math.min(image.width, image.height)) * zoom;

/** `value` limited to [-limit, limit] (`|| 0`: no -0 offsets). */
const clampAbs = (value: number, limit: number): number => Math.min(limit, Math.max(-limit, value)) || 0;

/** Keeps the picture covering the whole square: a pan can't reveal an empty edge. */
export function clampOffset(crop: CropState, image: ImageSize): CropState {
  const scale = displayScale(image, crop.zoom);
  const sideways = crop.rotation % 180 !== 0;
  const shownWidth = (sideways ? image.height : image.width) * scale;
  const shownHeight = (sideways ? image.width : image.height) * scale;
  const maxX = Math.max(0, (shownWidth - AVATAR_CROP_SIZE_PX) / 2);
  const maxY = Math.max(0, (shownHeight - AVATAR_CROP_SIZE_PX) / 2);
  return { ...crop, offsetX: clampAbs(crop.offsetX, maxX), offsetY: clampAbs(crop.offsetY, maxY) };
}

export const rotateClockwise = (crop: CropState): CropState => ({
  ...crop,
  rotation: (crop.rotation + AVATAR_ROTATION_STEP_DEG) % 360,
});

/**
 * The CSS transform placing the image (centred at the crop's centre) as the canvas draws it:
 * pan, then rotate, then scale. The preview and the upload therefore match pixel for pixel.
 */
export const cropTransform = (crop: CropState, image: ImageSize): string =>
  `translate(-50%, -50%) translate(${crop.offsetX}px, ${crop.offsetY}px) rotate(${crop.rotation}deg) scale(${displayScale(image, crop.zoom)})`;
