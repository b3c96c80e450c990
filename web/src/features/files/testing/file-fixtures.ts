import type { StoredFileResponse } from '@contract/files';

/** A stored file of user u1, uploaded `index` days into 2026. */
export const fileFixture = (index: number, overrides: Partial<StoredFileResponse> = {}): StoredFileResponse => ({
  file_id: `file-${index}`,
  user: 'u1',
  filename: `file ${index}.txt`,
  filepath: `/api/files/u1/file-${index}`,
  object: 'file',
  type: 'text/plain',
  bytes: 1000 * index,
  source: 'r2',
  context: 'message_attachment',
  embedded: false,
  usage: 0,
  createdAt: new Date(Date.UTC(2026, 0, 1 + index)).toISOString(),
  updatedAt: new Date(Date.UTC(2026, 0, 1 + index)).toISOString(),
  ...overrides,
});
