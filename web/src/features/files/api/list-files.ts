import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StoredFileResponse } from '@contract/files';
import { request } from '@/lib/api/request';

/** The user's files; uploads and deletes elsewhere (the composer) invalidate this key. */
export const filesQueryKey = ['files'] as const;

const filesQueryOptions = queryOptions({
  queryKey: filesQueryKey,
  queryFn: () => request<StoredFileResponse[]>('/api/files'),
});

/** GET /api/files: the user's files, newest first. */
export const useFiles = () => useQuery(filesQueryOptions);
