/**
 * What an uploaded file must be to be kept: a known and supported type, images that really
 * are images, a size under the limits. The refusal texts are the ones LibreChat users know.
 */
import type { EndpointFileLimits, FileConfigResponse } from '../../contract/files';
import { HttpError } from '../../http-error';

const MB = 1024 * 1024;

/** A refused upload: 400 with a message for the person. */
export const refuse = (message: string) => new HttpError(400, message);

/** Code and text formats: their extension decides, whatever the browser guessed (it often guesses wrong). */
const CODE_TYPES: Record<string, string> = {
  c: 'text/x-c',
  h: 'text/x-c',
  cs: 'text/x-csharp',
  cpp: 'text/x-c++',
  cc: 'text/x-c++',
  hpp: 'text/x-c++',
  java: 'text/x-java',
  py: 'text/x-python',
  rb: 'text/x-ruby',
  php: 'text/x-php',
  tex: 'text/x-tex',
  js: 'text/javascript',
  mjs: 'text/javascript',
  ts: 'application/typescript',
  md: 'text/markdown',
  markdown: 'text/markdown',
  css: 'text/css',
  html: 'text/html',
  htm: 'text/html',
  vtt: 'text/vtt',
  tsv: 'text/tab-separated-values',
  csv: 'text/csv',
  json: 'application/json',
  txt: 'text/plain',
};

/** Other formats, used only when the browser gave no type or a generic one. */
const OTHER_TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  xml: 'application/xml',
  zip: 'application/zip',
  tar: 'application/x-tar',
  epub: 'application/epub+zip',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  xls: 'application/vnd.ms-excel',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
};

const GENERIC_TYPES = new Set(['', 'application/octet-stream', 'binary/octet-stream', 'application/unknown']);

/**
 * The file's type: a code or text extension decides; otherwise the browser's type, or the
 * extension's when the browser gave none or a generic one. Null when nothing tells.
 */
export function resolveFileType(declared: string | undefined, filename: string): string | null {
  const dot = filename.lastIndexOf('.');
  const extension = dot > 0 ? filename.slice(dot + 1).toLowerCase() : '';
  const code = CODE_TYPES[extension];
  if (code) return code;
  const type = (declared ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (!GENERIC_TYPES.has(type) && /^[a-z0-9.+-]+\/[a-z0-9.+-]+$/.test(type)) return type;
  return OTHER_TYPES[extension] ?? null;
}

/** Whether one of the endpoint's patterns (regular expression sources) accepts `type`. */
export function isSupportedType(type: string, limits: EndpointFileLimits): boolean {
  return limits.supportedMimeTypes.some((source) => {
    try {
      return new RegExp(source).test(type);
    } catch {
      // A pattern that is not a valid regular expression accepts nothing.
      return false;
    }
  });
}

export const RASTER_IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

/** The image type by its magic bytes (PNG, JPEG, GIF, WebP), or null. Needs the first 12 bytes. */
export function sniffImageType(head: Uint8Array): string | null {
  const starts = (bytes: number[], at = 0) => bytes.every((byte, i) => head[at + i] === byte);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (starts([0x47, 0x49, 0x46, 0x38]) && (head[4] === 0x37 || head[4] === 0x39) && head[5] === 0x61)
    return 'image/gif';
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  return null;
}

export const NOT_AN_IMAGE = 'The file is not a valid image (PNG, JPEG, GIF or WebP).';

const megabytes = (bytes: number) => Number((bytes / MB).toFixed(2));

/**
 * The most bytes one file may have, and the refusal when it has that many or more: the
 * endpoint's per-file limit, its total per message (one file cannot exceed it alone) and the
 * server's, whichever is smallest.
 */
export function sizeLimit(limits: EndpointFileLimits, config: FileConfigResponse): { bytes: number; message: string } {
  const perFile = Math.min(limits.fileSizeLimit, config.serverFileSizeLimit);
  if (limits.totalSizeLimit < perFile)
    return {
      bytes: limits.totalSizeLimit,
      message: `The total size of the files cannot exceed ${megabytes(limits.totalSizeLimit)} MB.`,
    };
  return { bytes: perFile, message: `File size exceeds ${megabytes(perFile)} MB.` };
}

export interface DeclaredFile {
  limits: EndpointFileLimits;
  filename: string;
  /** The type by name and browser; a raster image's bytes may still correct it. */
  type: string;
  /** Raster images are typed by their bytes; the images route takes nothing else. */
  mustBeImage: boolean;
  limit: { bytes: number; message: string };
}

/**
 * The checks made before a file's first byte is stored, the same for every upload path: the
 * endpoint takes files, the type is known and supported, the images route gets an image.
 */
export function checkDeclaredFile(
  config: FileConfigResponse,
  kind: 'file' | 'image',
  endpoint: string | undefined,
  rawFilename: string,
  declaredType: string | undefined,
): DeclaredFile {
  if (!endpoint) throw refuse('No endpoint provided.');
  const limits = config.endpoints[endpoint] ?? config.endpoints.default;
  if (!limits || limits.disabled) throw refuse('File uploads are disabled for this endpoint.');
  const filename = cleanFilename(rawFilename);
  const type = resolveFileType(declaredType, filename);
  if (!type) throw refuse(`Unable to determine file type for: ${filename}`);
  if (!isSupportedType(type, limits)) throw refuse(`Currently, unsupported file type: ${type}`);
  if (kind === 'image' && !type.startsWith('image/')) throw refuse(NOT_AN_IMAGE);
  const mustBeImage = kind === 'image' || RASTER_IMAGE_TYPES.has(type);
  return { limits, filename, type, mustBeImage, limit: sizeLimit(limits, config) };
}

/**
 * The display name: LibreChat's client sends it URL-encoded; path parts and control
 * characters are dropped. Only ever shown, never used in a storage key.
 */
export function cleanFilename(raw: string): string {
  let name = raw;
  try {
    name = decodeURIComponent(raw);
  } catch {
    // Not encoded: keep it as sent.
  }
  name = name.replace(/[\u0000-\u001f\u007f]/g, '');
  name = name.slice(Math.max(name.lastIndexOf('/'), name.lastIndexOf('\\')) + 1).trim();
  // A file without a name still needs one to be listed and downloaded by.
  return name.slice(0, 255) || 'file';
}
