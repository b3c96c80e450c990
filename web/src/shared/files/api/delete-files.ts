import type { DeleteFilesResponse } from '@contract/files-delete';
import { request } from '@/lib/api/request';

/** What `DELETE /api/files` needs to find a stored file. */
export interface FileToDelete {
  file_id: string;
  filepath: string;
  source: string;
  embedded: boolean;
}

/** Deletes stored files (rows and bytes); the server ignores ids that are not the user's. */
export const deleteFiles = (files: FileToDelete[]): Promise<DeleteFilesResponse> =>
  request<DeleteFilesResponse>('/api/files', { method: 'DELETE', json: { files } });
