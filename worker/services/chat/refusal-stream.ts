/**
 * A send refused before any run started (no user key, a limit, an illegal model…) answers
 * like LibreChat: a normal SSE response whose one frame is `event: error`, its `text` the JSON
 * the client parses (`{"type":"no_user_key"}`). Nothing is saved. A brand-new conversation is
 * reported as `new`, so the client stays on the new-chat page instead of opening a
 * conversation that does not exist.
 */
import { NO_PARENT } from '../../contract/endpoints';
import { SSE_HEADERS, sseFrame } from '../../contract/stream';
import type { SendBody } from '../../contract/chat-request';

export function refusalResponse(body: SendBody, conversationId: string | null, sender: string, text: string): Response {
  const frame = sseFrame(
    {
      error: true,
      final: true,
      text,
      messageId: crypto.randomUUID(),
      conversationId: conversationId ?? 'new',
      parentMessageId: body.messageId ?? body.parentMessageId ?? NO_PARENT,
      sender,
      isCreatedByUser: false,
    },
    'error',
  );
  return new Response(frame, { headers: SSE_HEADERS });
}
