import { describe, expect, it } from 'vitest';
import { fileFixture } from '../testing/file-fixtures';
import { fileKindOf, formatBytes, nextFileSort, sortFiles } from './file-list';

describe('file list helpers', () => {
  it('writes sizes in binary units, with one decimal only below ten', () => {
    expect(formatBytes(0, 'en-US')).toBe('0 B');
    expect(formatBytes(1023, 'en-US')).toBe('1,023 B');
    expect(formatBytes(1536, 'en-US')).toBe('1.5 KB');
    expect(formatBytes(15 * 1024 * 1024 + 1, 'en-US')).toBe('15 MB');
    expect(formatBytes(3 * 1024 ** 3, 'en-US')).toBe('3 GB');
  });

  it('names the kind of a MIME type', () => {
    expect(fileKindOf('image/webp')).toBe('image');
    expect(fileKindOf('application/pdf')).toBe('pdf');
    expect(fileKindOf('text/csv')).toBe('text');
    expect(fileKindOf('application/json')).toBe('text');
    expect(fileKindOf('audio/mpeg')).toBe('audio');
    expect(fileKindOf('application/zip')).toBe('other');
  });

  it('sorts names naturally and keeps the server order between equal keys', () => {
    const files = [
      fileFixture(1, { filename: 'part 10.txt' }),
      fileFixture(2, { filename: 'Part 2.txt' }),
      fileFixture(3, { filename: 'a.txt', bytes: 5 }),
      fileFixture(4, { filename: 'b.txt', bytes: 5 }),
    ];
    const byName = sortFiles(files, { field: 'filename', direction: 'asc' }).map((file) => file.filename);
    expect(byName).toEqual(['a.txt', 'b.txt', 'Part 2.txt', 'part 10.txt']);
    const bySize = sortFiles(files, { field: 'bytes', direction: 'asc' }).map((file) => file.file_id);
    expect(bySize).toEqual(['file-3', 'file-4', 'file-1', 'file-2']);
  });

  it('starts a name sort A to Z and a size or date sort largest or newest first', () => {
    const start = { field: 'createdAt', direction: 'desc' } as const;
    expect(nextFileSort(start, 'filename')).toEqual({ field: 'filename', direction: 'asc' });
    expect(nextFileSort(start, 'bytes')).toEqual({ field: 'bytes', direction: 'desc' });
    expect(nextFileSort(start, 'createdAt')).toEqual({ field: 'createdAt', direction: 'asc' });
  });
});
