import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImportResponse } from '@contract/convos';
import { convoKeys } from '@/shared/conversation/api/convo-keys';
import { request } from '@/lib/api/request';

/** What `POST /api/convos/import` answers with 201: counts of what was stored and what was left out, and why. */
export type ImportResult = ImportResponse;

/** Uploads an export file as the multipart field `file`, its name URL-encoded as LibreChat's client sends it. */
export function importConversations(file: File): Promise<ImportResult> {
  const form = new FormData();
  form.append('file', file, encodeURIComponent(file.name));
  return request<ImportResult>('/api/convos/import', { method: 'POST', body: form });
}

/** Imports, then refreshes every conversation list: the new chats sit wherever their dates put them. */
export function useImportConversations() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importConversations,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: convoKeys.all }),
  });
}
