/**
 * What an image's first bytes say: its type (PNG, JPEG, WebP or GIF, by magic number, never by
 * what a server claims) and, where the header holds them, its width and height, so a generated
 * image is shown at its own size before it loads.
 */

export interface ImageInfo {
  type: string;
  extension: string;
  width: number | null;
  height: number | null;
}

const startsWith = (bytes: Uint8Array, magic: readonly number[], at = 0): boolean =>
  magic.every((byte, index) => bytes[at + index] === byte);

const u16be = (bytes: Uint8Array, at: number): number => ((bytes[at] ?? 0) << 8) | (bytes[at + 1] ?? 0);
const u32be = (bytes: Uint8Array, at: number): number => u16be(bytes, at) * 0x10000 + u16be(bytes, at + 2);
const u16le = (bytes: Uint8Array, at: number): number => (bytes[at] ?? 0) | ((bytes[at + 1] ?? 0) << 8);
const u24le = (bytes: Uint8Array, at: number): number => u16le(bytes, at) | ((bytes[at + 2] ?? 0) << 16);

/** The image's type and size, or null when the bytes are no image this app shows. */
export function sniffImage(bytes: Uint8Array): ImageInfo | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    return { type: 'image/png', extension: 'png', ...sized(u32be(bytes, 16), u32be(bytes, 20)) };
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { type: 'image/jpeg', extension: 'jpg', ...jpegSize(bytes) };
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8))
    return { type: 'image/webp', extension: 'webp', ...webpSize(bytes) };
  if (startsWith(bytes, [0x47, 0x49, 0x46, 0x38]))
    return { type: 'image/gif', extension: 'gif', ...sized(u16le(bytes, 6), u16le(bytes, 8)) };
  return null;
}

function sized(width: number, height: number): Pick<ImageInfo, 'width' | 'height'> {
  return width > 0 && height > 0 ? { width, height } : { width: null, height: null };
}

/** A JPEG's size is in its first start-of-frame segment, after any number of other segments. */
function jpegSize(bytes: Uint8Array): Pick<ImageInfo, 'width' | 'height'> {
  let at = 2;
  while (at + 9 < bytes.length && bytes[at] === 0xff) {
    const marker = bytes[at + 1] ?? 0;
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) return sized(u16be(bytes, at + 7), u16be(bytes, at + 5));
    at += 2 + u16be(bytes, at + 2);
  }
  return { width: null, height: null };
}

function webpSize(bytes: Uint8Array): Pick<ImageInfo, 'width' | 'height'> {
  const chunk = String.fromCharCode(...bytes.subarray(12, 16));
  if (chunk === 'VP8X') return sized(u24le(bytes, 24) + 1, u24le(bytes, 27) + 1);
  if (chunk === 'VP8 ') return sized(u16le(bytes, 26) & 0x3fff, u16le(bytes, 28) & 0x3fff);
  if (chunk === 'VP8L') {
    const bits = u16le(bytes, 21) | (u16le(bytes, 23) << 16);
    return sized((bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1);
  }
  return { width: null, height: null };
}

/** Standard base64 (as `b64_json` holds it) to bytes; null when it is not base64. */
export function decodeBase64(text: string): Uint8Array | null {
  try {
    const binary = atob(text.replace(/\s+/g, ''));
    const bytes = new Uint8Array(binary.length);
    for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
    return bytes;
  } catch {
    return null;
  }
}
