import { useMemo } from 'react';
import { useToast } from '@/components/ui/toast-context';
import type { ChatMessage, ChatSetup, SendRequest } from '@/shared/conversation/types';
import { useUpdateMessage } from '../api/update-message';
import type { MessageActions } from '../messages/message-list';

interface MessageActionsInput {
  conversationId: string | null;
  messages: readonly ChatMessage[];
  setup: ChatSetup;
  /** Names the streaming reply as the server will (SendRequest.replyLabel). */
  replyLabel?: string;
  send(req: SendRequest): void;
}

/**
 * What each message's buttons do, as sends of the right mode:
 * - edit of a user message → a new user message under the same parent (a new branch);
 * - edit of a reply → the reply regenerated from its user message, starting from the edit;
 * - regenerate → a new sibling reply under the same user message;
 * - continue → the reply carries on from where it stopped;
 * - a plain save → the text is updated in place, nothing is generated.
 * The server wants the user message's text in every mode, so it is looked up here.
 */
export function useMessageActions({
  conversationId,
  messages,
  setup,
  replyLabel,
  send,
}: MessageActionsInput): MessageActions {
  const { mutate: updateMessage } = useUpdateMessage();
  const { showToast } = useToast();

  return useMemo<MessageActions>(() => {
    const byId = new Map(messages.map((message) => [message.messageId, message]));
    const userTextOf = (reply: ChatMessage) => byId.get(reply.parentMessageId)?.text ?? '';
    return {
      onEditSubmit(message, text) {
        if (message.isCreatedByUser) {
          send({ mode: 'edit', text, conversationId, parentMessageId: message.parentMessageId, setup, replyLabel });
          return;
        }
        send({
          mode: 'edit',
          text: userTextOf(message),
          generation: text,
          conversationId,
          parentMessageId: message.parentMessageId,
          responseMessageId: message.messageId,
          setup,
          replyLabel,
        });
      },
      onSaveEdit(message, text) {
        if (!conversationId) return;
        updateMessage(
          { conversationId, messageId: message.messageId, text, ...(message.model ? { model: message.model } : {}) },
          { onError: (error) => showToast({ message: error.message, severity: 'error' }) },
        );
      },
      onRegenerate(reply) {
        send({
          mode: 'regenerate',
          text: userTextOf(reply),
          conversationId,
          parentMessageId: reply.parentMessageId,
          overrideParentMessageId: reply.parentMessageId,
          setup,
          replyLabel,
        });
      },
      onContinue(reply) {
        send({
          mode: 'continue',
          text: userTextOf(reply),
          generation: reply.text,
          conversationId,
          parentMessageId: reply.parentMessageId,
          responseMessageId: reply.messageId,
          setup,
          replyLabel,
        });
      },
    };
  }, [conversationId, messages, setup, replyLabel, send, updateMessage, showToast]);
}
