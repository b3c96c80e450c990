import { MODEL_IMAGE_TYPES } from '@contract/vision';

/**
 * Types by extension, for files the browser gives no type or a generic one (code files, some
 * office files on some systems): the type the server will see is what the checks use.
 */
const TYPES_BY_EXTENSION: Record<string, string> = {
  c: 'text/x-c',
  cpp: 'text/x-c++',
  cs: 'text/x-csharp',
  css: 'text/css',
  csv: 'text/csv',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  epub: 'application/epub+zip',
  gif: 'image/gif',
  htm: 'text/html',
  html: 'text/html',
  java: 'text/x-java',
  jpeg: 'image/jpeg',
  jpg: 'image/jpeg',
  js: 'text/javascript',
  json: 'application/json',
  md: 'text/markdown',
  pdf: 'application/pdf',
  php: 'text/x-php',
  png: 'image/png',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  py: 'text/x-python',
  rb: 'text/x-ruby',
  svg: 'image/svg+xml',
  tar: 'application/x-tar',
  tex: 'text/x-tex',
  ts: 'application/typescript',
  tsv: 'text/tab-separated-values',
  txt: 'text/plain',
  vtt: 'text/vtt',
  webp: 'image/webp',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  xml: 'application/xml',
  zip: 'application/zip',
};

export function typeFromExtension(filename: string): string | undefined {
  const dot = filename.lastIndexOf('.');
  if (dot < 0) return undefined;
  return TYPES_BY_EXTENSION[filename.slice(dot + 1).toLowerCase()];
}

/** Whether `type` is one the limits accept; the config gives regular-expression sources. */
export function isSupportedType(type: string, supportedMimeTypes: string[]): boolean {
  return supportedMimeTypes.some((source) => {
    try {
      return new RegExp(source).test(type);
    } catch {
      // A source that is not a valid expression can only be meant literally.
      return source === type;
    }
  });
}

/**
 * The type a file is checked and uploaded as: the browser's when the limits accept it,
 * otherwise the one its extension implies (a `.py` file the browser calls
 * `application/octet-stream` is still Python); '' when neither is known.
 */
export function effectiveType(file: Pick<File, 'name' | 'type'>, supportedMimeTypes: string[]): string {
  if (file.type && isSupportedType(file.type, supportedMimeTypes)) return file.type;
  return typeFromExtension(file.name) ?? file.type;
}

export const isImageType = (type: string): boolean => type.startsWith('image/');

/** Types no config lists by name: a limit that accepts them accepts more than the table knows. */
const UNLISTED_PROBES = ['text/x-unlisted-type', 'application/x-unlisted-type'];

/**
 * The file chooser's `accept` for images the model can be shown: those of MODEL_IMAGE_TYPES the
 * limits take (all of them while the limits are unknown), by type and by extension. '' when the
 * limits take none.
 */
export function imageAccept(supportedMimeTypes: string[] | undefined): string {
  const types = MODEL_IMAGE_TYPES.filter((type) => !supportedMimeTypes || isSupportedType(type, supportedMimeTypes));
  return acceptList(types);
}

/**
 * The file chooser's `accept` for documents (every type the limits take but images): null when
 * they take no document, '' (anything) when they take types the extension table cannot name, so
 * the checks after picking decide rather than the chooser hiding files the endpoint would take.
 */
export function documentAccept(supportedMimeTypes: string[] | undefined): string | null {
  if (!supportedMimeTypes || UNLISTED_PROBES.some((type) => isSupportedType(type, supportedMimeTypes))) return '';
  const types = [...new Set(Object.values(TYPES_BY_EXTENSION))].filter(
    (type) => !isImageType(type) && isSupportedType(type, supportedMimeTypes),
  );
  return types.length > 0 ? acceptList(types) : null;
}

function acceptList(types: readonly string[]): string {
  const extensions = Object.entries(TYPES_BY_EXTENSION)
    .filter(([, type]) => types.includes(type))
    .map(([extension]) => `.${extension}`);
  return [...types, ...extensions].join(',');
}
