import type { ChatConversation } from '@/shared/conversation/api/get-conversation';
import type { ChatSetup } from '@/shared/conversation/types';

/** Fields of a stored conversation that describe it rather than how to reply in it. */
const NOT_SETUP = [
  'conversationId',
  'user',
  'title',
  'isArchived',
  'expiredAt',
  'tags',
  'createdAt',
  'updatedAt',
  'thread_id',
] as const;

/**
 * The setup a stored conversation continues with: its endpoint, model and every parameter it
 * was saved with (unset ones are absent in the answer, so they stay unset here).
 */
export function setupOfConversation(conversation: ChatConversation): ChatSetup {
  const setup: Record<string, unknown> = { ...conversation };
  for (const field of NOT_SETUP) delete setup[field];
  for (const [field, value] of Object.entries(setup)) if (value === null) delete setup[field];
  return setup as ChatSetup;
}
