/**
 * What the mock says about the images it received (OpenAI `image_url` parts), so a test can tell
 * they reached the model, and how it refuses them when it plays a model without vision.
 */

/** A JSON object (the body's parts are checked before they are read). */
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export interface ReceivedImage {
  mediaType: string;
  bytes: number;
}

const DATA_URL = /^data:([^;,]+)(?:;[^,]*)?;base64,(.*)$/s;

/** What an `image_url` part carries, or undefined for any other part. */
export function receivedImage(part: unknown): ReceivedImage | undefined {
  if (!isObject(part) || part.type !== 'image_url' || !isObject(part.image_url)) return undefined;
  const url = part.image_url.url;
  if (typeof url !== 'string') return undefined;
  const data = DATA_URL.exec(url);
  if (!data) return { mediaType: 'url', bytes: 0 };
  return { mediaType: data[1] ?? '', bytes: Buffer.from(data[2] ?? '', 'base64').length };
}

/** "Images received: 2 (image/png 68 bytes, image/jpeg 1024 bytes). ", or nothing without images. */
export function describeImages(images: readonly ReceivedImage[]): string {
  if (images.length === 0) return '';
  const each = images.map((image) => `${image.mediaType} ${image.bytes} bytes`).join(', ');
  return `Images received: ${images.length} (${each}). `;
}

/** A model without vision refusing a prompt with images, in OpenAI's error shape. */
export const NO_VISION_ERROR = {
  error: {
    message: 'This model does not accept image input.',
    type: 'invalid_request_error',
    param: 'messages',
    code: null,
  },
};
