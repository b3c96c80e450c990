import { toApiError } from '@/lib/api/api-error';
import { withAuthRetry } from './auth-retry';

/** The download route of a file whose link is `/api/files/{userId}/{file_id}`. */
export function downloadPathOf(filepath: string): string | null {
  const match = /^\/api\/files\/([^/]+)\/([^/]+)$/.exec(filepath);
  return match ? `/api/files/download/${match[1]}/${match[2]}` : null;
}

/** Fetches a file's bytes through the download route (with the bearer token). */
export async function fetchFileBlob(path: string): Promise<Blob> {
  const response = await withAuthRetry((token) =>
    fetch(path, {
      credentials: 'same-origin',
      headers: { Accept: 'application/octet-stream', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    }),
  );
  if (!response.ok) throw await toApiError(response);
  return response.blob();
}

/** Saves a blob under `filename` through a temporary link, as a browser download. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the object URL is not needed past this task.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
