const BYTES_PER_MEGABYTE = 1024 * 1024;

/** `2097152` → `"2"`, `1572864` → `"1.5"`: the limit as the upload error names it. */
export function formatMegabytes(bytes: number): string {
  return String(Math.round((bytes / BYTES_PER_MEGABYTE) * 100) / 100);
}
