import { useEffect, useMemo, useState } from 'react';
import type { EndpointsConfig } from '@contract/config';
import type { ChatMessage } from '@/shared/conversation/types';
import type { ParallelTurn } from '../messages/parallel-replies';
import type { AddedModel } from '../stream/added-run';
import { type ChatRun, useAddedRun } from '../stream/use-chat-run';
import { withLiveMessages } from './live-messages';

/**
 * The chat screen's part of the `+` command: the model added to the next messages (chosen in
 * the composer, removed with its chip), the conversation's added run (resumed when the
 * conversation opens, like its own run), the messages with both live replies laid over the
 * stored ones, and the turn the list shows side by side.
 */
export function useAddedTurn(chatRun: ChatRun, conversationId: string, isNew: boolean, stored: ChatMessage[]) {
  const [added, setAdded] = useState<AddedModel | null>(null);
  const { run } = chatRun;
  const addedRun = useAddedRun(run?.conversationId ?? (isNew ? null : conversationId));
  const { resume } = addedRun;
  useEffect(() => {
    if (!isNew) void resume();
  }, [isNew, resume]);

  const messages = useMemo(
    () => withLiveMessages(withLiveMessages(stored, run), addedRun.run),
    [stored, run, addedRun.run],
  );
  const addedReply = addedRun.run?.responseMessage ?? null;
  const parallel = useMemo<ParallelTurn | null>(() => {
    if (!addedReply) return null;
    const sameTurn = run?.requestMessage?.messageId === addedReply.parentMessageId;
    // After a reload only the added run may still be live: its sibling is the chat's own reply.
    const firstId = sameTurn
      ? run?.responseMessage?.messageId
      : messages.findLast(
          (message) =>
            !message.isCreatedByUser &&
            message.parentMessageId === addedReply.parentMessageId &&
            message.messageId !== addedReply.messageId,
        )?.messageId;
    if (!firstId) return null;
    return {
      firstId,
      added: addedReply,
      firstStreaming: sameTurn && chatRun.isSubmitting,
      addedStreaming: addedRun.isSubmitting,
      onStopFirst: () => void chatRun.abort(),
      onStopAdded: () => void addedRun.abort(),
    };
  }, [addedReply, run, messages, chatRun, addedRun]);

  return {
    added,
    setAdded,
    messages,
    parallel,
    isSubmitting: chatRun.isSubmitting || addedRun.isSubmitting,
    /** Stops both replies of the turn. */
    abortAll: () => Promise.all([chatRun.abort(), addedRun.abort()]),
  };
}

/** The added model's reply is named as the server will name it (a custom endpoint's label), like the chat's own. */
export function withReplyLabel(added: AddedModel, endpoints: EndpointsConfig | undefined): AddedModel {
  const label = added.setup.endpoint ? endpoints?.[added.setup.endpoint]?.modelDisplayLabel : undefined;
  return label ? { ...added, replyLabel: label } : added;
}
