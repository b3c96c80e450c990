import type { FileToDelete } from '@/shared/files/api/delete-files';

export const DELETE_DEBOUNCE_MS = 1_000;

/**
 * Removed files are deleted on the server in one call once the user has stopped removing
 * for a second: clearing five thumbnails makes one request, not five.
 */
export function createDeleteQueue(remove: (files: FileToDelete[]) => Promise<unknown>) {
  let queued: FileToDelete[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;

  const flush = () => {
    timer = null;
    const files = queued;
    queued = [];
    // A file left behind is only storage; the user has already seen it go.
    if (files.length > 0) remove(files).catch(() => undefined);
  };

  return {
    add(file: FileToDelete) {
      queued.push(file);
      if (timer) clearTimeout(timer);
      timer = setTimeout(flush, DELETE_DEBOUNCE_MS);
    },
    /** Sends what is queued now (the composer is going away). */
    flush() {
      if (timer) clearTimeout(timer);
      flush();
    },
  };
}
