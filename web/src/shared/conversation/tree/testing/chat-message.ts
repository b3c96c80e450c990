import { type ChatMessage, NO_PARENT } from '../../types';

/** A saved message with sensible defaults; `createdAt` orders siblings, so tests set it. */
export function chatMessage(overrides: Partial<ChatMessage> & { messageId: string }): ChatMessage {
  return {
    conversationId: 'convo-1',
    parentMessageId: NO_PARENT,
    sender: overrides.isCreatedByUser === false ? 'GPT-4o' : 'User',
    text: `text of ${overrides.messageId}`,
    isCreatedByUser: true,
    ...overrides,
  };
}

/** A chain user → reply → user → …, each the child of the one before, a minute apart. */
export function messageChain(length: number, prefix = 'm'): ChatMessage[] {
  const start = Date.parse('2025-01-01T00:00:00.000Z');
  return Array.from({ length }, (_, index) =>
    chatMessage({
      messageId: `${prefix}${index}`,
      parentMessageId: index === 0 ? NO_PARENT : `${prefix}${index - 1}`,
      isCreatedByUser: index % 2 === 0,
      sender: index % 2 === 0 ? 'User' : 'GPT-4o',
      createdAt: new Date(start + index * 60_000).toISOString(),
    }),
  );
}

/** An ISO date `minutes` after a fixed start, for ordering siblings. */
export const at = (minutes: number) =>
  new Date(Date.parse('2025-01-01T00:00:00.000Z') + minutes * 60_000).toISOString();
