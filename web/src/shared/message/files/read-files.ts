import type { MessageFile } from '@/shared/conversation/types';

const optionalNumber = (value: unknown) => (typeof value === 'number' && value > 0 ? value : undefined);

/** The files a message carries, from its loosely typed `files` field; malformed entries are skipped. */
export function readMessageFiles(files: unknown): MessageFile[] {
  if (!Array.isArray(files)) return [];
  return files.flatMap((entry: unknown) => {
    if (typeof entry !== 'object' || entry === null) return [];
    const file = entry as Record<string, unknown>;
    if (typeof file.file_id !== 'string' || typeof file.filepath !== 'string') return [];
    const width = optionalNumber(file.width);
    const height = optionalNumber(file.height);
    return [
      {
        file_id: file.file_id,
        filepath: file.filepath,
        type: typeof file.type === 'string' ? file.type : '',
        filename: typeof file.filename === 'string' ? file.filename : undefined,
        ...(width && height ? { width, height } : {}),
        ...(typeof file.expiresAt === 'string' ? { expiresAt: file.expiresAt } : {}),
        ...(file.truncated === true ? { truncated: true } : {}),
      },
    ];
  });
}

export const isImageFile = (file: MessageFile): boolean => file.type.startsWith('image/');

/** The tallest an image is drawn in a message; wider ones are scaled down by the column's width. */
export const MESSAGE_IMAGE_MAX_HEIGHT = 320;

/**
 * The size an image is drawn at, from its stored size: given to the element up front, the
 * browser reserves the space (with its aspect ratio) before the bytes arrive, so nothing jumps.
 */
export function displaySize(width: number, height: number): { width: number; height: number } {
  const scale = Math.min(1, MESSAGE_IMAGE_MAX_HEIGHT / height);
  return { width: Math.round(width * scale), height: Math.round(height * scale) };
}
