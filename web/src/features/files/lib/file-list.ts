import type { StoredFileResponse } from '@contract/files';

export type FileSortField = 'filename' | 'bytes' | 'createdAt';
export type FileSort = { field: FileSortField; direction: 'asc' | 'desc' };

/** Newest first, the order the server answers in. */
export const DEFAULT_FILE_SORT: FileSort = { field: 'createdAt', direction: 'desc' };

/** The files whose name contains `search`, ignoring case and surrounding spaces. */
export function filterByName(files: readonly StoredFileResponse[], search: string): StoredFileResponse[] {
  const needle = search.trim().toLocaleLowerCase();
  if (!needle) return [...files];
  return files.filter((file) => file.filename.toLocaleLowerCase().includes(needle));
}

const byName = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

function compare(a: StoredFileResponse, b: StoredFileResponse, field: FileSortField): number {
  if (field === 'filename') return byName.compare(a.filename, b.filename);
  if (field === 'bytes') return a.bytes - b.bytes;
  return Date.parse(a.createdAt) - Date.parse(b.createdAt);
}

/** A sorted copy; equal keys keep the server's order (newest first), so the list does not jump. */
export function sortFiles(files: readonly StoredFileResponse[], sort: FileSort): StoredFileResponse[] {
  const sign = sort.direction === 'asc' ? 1 : -1;
  return files
    .map((file, index) => ({ file, index }))
    .sort((a, b) => sign * compare(a.file, b.file, sort.field) || a.index - b.index)
    .map(({ file }) => file);
}

/** Pressing a column again flips it; a new column starts in the order people expect of it. */
export function nextFileSort(current: FileSort, field: FileSortField): FileSort {
  if (current.field === field) return { field, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  return { field, direction: field === 'filename' ? 'asc' : 'desc' };
}

const UNITS = ['B', 'KB', 'MB', 'GB'] as const;

/** `1536` → `"1.5 KB"`: binary steps, one decimal below 10 of a unit, none above. */
export function formatBytes(bytes: number, locale?: string): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 10 ? 0 : 1;
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(value);
  return `${number} ${UNITS[unit]}`;
}

export type FileKind = 'image' | 'pdf' | 'text' | 'audio' | 'video' | 'other';

const TEXT_TYPES = /^(text\/|application\/(json|xml|csv|javascript|x-sh|x-python|x-yaml|yaml|sql|x-tex|rtf))/;

/** The broad kind of a MIME type, for the icon and the type column. */
export function fileKindOf(type: string): FileKind {
  if (type.startsWith('image/')) return 'image';
  if (type === 'application/pdf') return 'pdf';
  if (type.startsWith('audio/')) return 'audio';
  if (type.startsWith('video/')) return 'video';
  if (TEXT_TYPES.test(type)) return 'text';
  return 'other';
}

/** The ids of the listed files that are selected (a deleted or filtered-out file drops out). */
export const selectedIn = (files: readonly StoredFileResponse[], selected: ReadonlySet<string>) =>
  files.filter((file) => selected.has(file.file_id));
