import { useMemo } from 'react';
import { useToast } from '@/components/ui/toast-context';
import type { ChatMessage, ChatSetup, EphemeralAgent, SendRequest } from '@/shared/conversation/types';
import { useUpdateMessage } from '../api/update-message';
import type { MessageActions } from '../messages/message-list';

interface MessageActionsInput {
  conversationId: string | null;
  messages: readonly ChatMessage[];
  setup: ChatSetup;
  /** Names the streaming reply as the server will (SendRequest.replyLabel). */
  replyLabel?: string;
  /** The MCP servers the conversation has turned on: every mode keeps using their tools. */
  ephemeralAgent?: EphemeralAgent;
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
  ephemeralAgent,
  send,
}: MessageActionsInput): MessageActions {
  const { mutate: updateMessage } = useUpdateMessage();
  const { showToast } = useToast();

  return useMemo<MessageActions>(() => {
    const byId = new Map(messages.map((message) => [message.messageId, message]));
    const userTextOf = (reply: ChatMessage) => byId.get(reply.parentMessageId)?.text ?? '';
    const common = { conversationId, setup, replyLabel, ephemeralAgent };
    return {
      onEditSubmit(message, text) {
        if (message.isCreatedByUser) {
          send({ ...common, mode: 'edit', text, parentMessageId: message.parentMessageId });
          return;
        }
        send({
          mode: 'edit',
          text: userTextOf(message),
          generation: text,
          ...common,
          parentMessageId: message.parentMessageId,
          responseMessageId: message.messageId,
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
          ...common,
          parentMessageId: reply.parentMessageId,
          overrideParentMessageId: reply.parentMessageId,
        });
      },
      onContinue(reply) {
        send({
          mode: 'continue',
          text: userTextOf(reply),
          generation: reply.text,
          ...common,
          parentMessageId: reply.parentMessageId,
          responseMessageId: reply.messageId,
        });
      },
    };
  }, [conversationId, messages, setup, replyLabel, ephemeralAgent, send, updateMessage, showToast]);
}
