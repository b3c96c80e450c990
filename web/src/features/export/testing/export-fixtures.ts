import type { ChatConversation } from '@/shared/conversation/api/get-conversation';
import { at, chatMessage } from '@/shared/conversation/tree/testing/chat-message';
import type { ChatMessage } from '@/shared/conversation/types';
import type { ExportSource } from '../lib/export-types';

export const conversation: ChatConversation = {
  conversationId: 'convo-1',
  user: 'user-1',
  title: 'Trip, "plans"',
  endpoint: 'openAI',
  endpointType: null,
  model: 'gpt-4o',
  temperature: 0.5,
  isArchived: false,
  expiredAt: null,
  tags: ['travel'],
  createdAt: at(0),
  updatedAt: at(9),
};

/**
 * q1 → r1 (regenerated as r1b, the newest) → q2 under r1b. The current branch is q1, r1b, q2;
 * r1 is the older, hidden version.
 */
export const messages: ChatMessage[] = [
  chatMessage({ messageId: 'q1', text: 'Where, when?', createdAt: at(1) }),
  chatMessage({
    messageId: 'r1',
    parentMessageId: 'q1',
    isCreatedByUser: false,
    sender: 'GPT-4o',
    text: 'Old answer',
    createdAt: at(2),
  }),
  chatMessage({
    messageId: 'r1b',
    parentMessageId: 'q1',
    isCreatedByUser: false,
    sender: 'GPT-4o',
    text: 'Line one\nLine "two"',
    createdAt: at(3),
    unfinished: true,
  }),
  chatMessage({ messageId: 'q2', parentMessageId: 'r1b', text: 'Thanks', createdAt: at(4), error: true }),
];

export const source: ExportSource = { conversation, messages, exportedAt: new Date('2025-02-03T04:05:06.000Z') };
