import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StoredFileResponse } from '@contract/files';
import { deleteFiles } from '@/shared/files/api/delete-files';
import { filesQueryKey } from './list-files';

/**
 * Deletes the given files. On success the deleted rows leave the cached list at once, and the
 * list is fetched again (the server may have refused some, listed in `notFound`).
 */
export function useDeleteFiles() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (files: readonly StoredFileResponse[]) =>
      deleteFiles(
        files.map((file) => ({
          file_id: file.file_id,
          filepath: file.filepath,
          source: file.source,
          embedded: file.embedded,
        })),
      ),
    onSuccess: (_answer, files) => {
      const gone = new Set(files.map((file) => file.file_id));
      queryClient.setQueryData<StoredFileResponse[]>(filesQueryKey, (current) =>
        current?.filter((file) => !gone.has(file.file_id)),
      );
      void queryClient.invalidateQueries({ queryKey: filesQueryKey });
    },
  });
}
