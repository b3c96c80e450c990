import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StoredMessage } from '@contract/messages';
import { request } from '@/lib/api/request';
import { writeMessages } from '@/shared/conversation/api/messages-cache';

export interface UpdateMessageInput {
  conversationId: string;
  messageId: string;
  /** The new text: the whole message's, or the content part's at `index`. */
  text: string;
  /** A content part to replace (edits of one text part of a reply). */
  index?: number;
  /** The message's model, for the server's token count of a plain edit. */
  model?: string | null;
}

/** PUT /api/messages/{conversationId}/{messageId} `{text, index?, model?}` → the saved message. */
export function updateMessage({
  conversationId,
  messageId,
  text,
  index,
  model,
}: UpdateMessageInput): Promise<StoredMessage> {
  const path = `/api/messages/${encodeURIComponent(conversationId)}/${encodeURIComponent(messageId)}`;
  return request<StoredMessage>(path, { method: 'PUT', json: { text, index, model } });
}

/** A plain save of an edited message; on success the saved message replaces it in the list. */
export function useUpdateMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMessage,
    onSuccess: (saved, { conversationId }) => writeMessages(queryClient, conversationId, [saved]),
  });
}
