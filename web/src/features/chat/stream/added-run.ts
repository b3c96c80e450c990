import type { ChatSetup, SendRequest } from '@/shared/conversation/types';
import { sendExchange } from './live-exchange';
import { createRecord, realIdOf, type RunRecord } from './run-record';
import { buildSendBody, newSendIdentity } from './send-body';
import { sendPath } from './send-path';

/*
 * The second reply of a turn (the `+` command): once the first reply's `created` has named the
 * conversation and the user message, the same text is sent again to the added model with
 * `overrideUserMessageId`. The server saves no second user message; the reply is a sibling of
 * the first (same parent). It runs in the conversation's added lane, followed under its own key
 * so both replies stream, stop and resume apart.
 */

/** The model added to the turn: its endpoint, model and settings, and how the composer names it. */
export interface AddedModel {
  setup: ChatSetup;
  label: string;
  /** A custom endpoint's `modelDisplayLabel`: the name the server gives the reply. */
  replyLabel?: string;
}

/** Where the run store keeps the conversation's added run. */
export const addedRunKey = (conversationId: string): string => `added:${conversationId}`;

/**
 * The added run, ready to post, for a first run whose `created` has arrived; null when it never
 * did (refused, failed): then there is no turn to add a reply to.
 */
export function addedRecord(first: RunRecord, req: SendRequest, added: AddedModel): RunRecord | null {
  const conversationId = realIdOf(first);
  const userMessage = first.exchange.requestMessage;
  if (!conversationId || !userMessage || first.placeholderIds.includes(userMessage.messageId)) return null;
  const identity = newSendIdentity();
  const addedReq: SendRequest = {
    mode: 'normal',
    text: req.text,
    conversationId,
    parentMessageId: userMessage.parentMessageId,
    // A temporary chat stays temporary for both replies.
    setup: { ...added.setup, isTemporary: req.setup.isTemporary },
    ...(req.files ? { files: req.files } : {}),
    ...(added.replyLabel ? { replyLabel: added.replyLabel } : {}),
  };
  const body = {
    ...buildSendBody(addedReq, identity),
    overrideConvoId: conversationId,
    overrideUserMessageId: userMessage.messageId,
  };
  const initial = sendExchange(addedReq, identity);
  return createRecord({
    lane: 'added',
    path: sendPath(addedReq),
    body,
    placeholderIds: [initial.responseMessage?.messageId ?? ''],
    initial: {
      ...initial,
      requestMessage: userMessage,
      responseMessage: initial.responseMessage && {
        ...initial.responseMessage,
        parentMessageId: userMessage.messageId,
      },
    },
  });
}
