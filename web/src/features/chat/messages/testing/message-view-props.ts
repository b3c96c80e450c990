import { vi } from 'vitest';
import type { ChatMessage } from '@/shared/conversation/types';
import type { MessageController, MessageViewProps } from '../message-view';

/** A controller whose every method is a spy. */
export function controllerSpies(): { [K in keyof MessageController]: ReturnType<typeof vi.fn<MessageController[K]>> } {
  return {
    stepSibling: vi.fn<MessageController['stepSibling']>(),
    startEdit: vi.fn<MessageController['startEdit']>(),
    changeDraft: vi.fn<MessageController['changeDraft']>(),
    cancelEdit: vi.fn<MessageController['cancelEdit']>(),
    saveEdit: vi.fn<MessageController['saveEdit']>(),
    regenerate: vi.fn<MessageController['regenerate']>(),
    continueReply: vi.fn<MessageController['continueReply']>(),
    branchEndId: vi.fn<MessageController['branchEndId']>(() => null),
  };
}

/** Props for one settled reply on an editable endpoint, the latest of its branch. */
export function messageViewProps(message: ChatMessage, overrides: Partial<MessageViewProps> = {}): MessageViewProps {
  return {
    message,
    siblingIndex: 0,
    siblingCount: 1,
    position: 1,
    setSize: 1,
    senderName: message.isCreatedByUser ? 'You' : message.sender,
    endpoint: 'openAI',
    isStreaming: false,
    isSubmitting: false,
    isLatest: true,
    readOnly: false,
    editDraft: null,
    controller: controllerSpies(),
    ...overrides,
  };
}
