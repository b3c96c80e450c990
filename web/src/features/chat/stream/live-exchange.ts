import { type ChatMessage, NO_PARENT, PENDING_CONVERSATION, type SendRequest } from '@/shared/conversation/types';
import { editsReply, type SendIdentity, startsConversation } from './send-body';
import { replySender } from './reply-sender';

/**
 * The exchange a run is drawing: the request and the reply as far as the frames have told
 * them. reduce-frame.ts advances it one frame at a time; a send starts it from placeholders
 * (so the user's message shows at once), a resume from nothing.
 */
export interface LiveExchange {
  /** The real conversation id once known (null for a new conversation until `created`). */
  conversationId: string | null;
  requestMessage: ChatMessage | null;
  responseMessage: ChatMessage | null;
  /** The name a reply created from frames alone is shown under (see reply-sender.ts). */
  replySender: string;
  /** Where each run step writes: its first content index and its tool calls' ids. */
  steps: Readonly<Record<string, StepPlacement>>;
  /**
   * Saved replies' text by id. A continued reply's frames only carry the new text, so a run
   * re-attached from another tab starts that reply from its saved text, as the server does.
   */
  replyBases: Readonly<Record<string, string>>;
  end: ExchangeEnd | null;
}

export interface StepPlacement {
  index: number;
  toolCallIds: readonly string[];
}

export type ExchangeEnd =
  { kind: 'final'; conversation: Record<string, unknown> | null; title: string | null } | { kind: 'error' };

/** The reply's placeholder id: the user message's plus `_`, as the server expects client ids. */
export const replyPlaceholderId = (identity: SendIdentity): string => `${identity.messageId}_`;

/** A reply that already holds `text` (continue, edited reply): one text part the run extends. */
const startingFrom = (text: string): Pick<ChatMessage, 'text' | 'content'> => ({
  text,
  content: [{ type: 'text', text }],
});

/** The exchange a send starts with, before the server has answered anything. */
export function sendExchange(req: SendRequest, identity: SendIdentity): LiveExchange {
  const isNew = startsConversation(req);
  const conversationId = isNew ? null : req.conversationId;
  const shownUnder = conversationId ?? PENDING_CONVERSATION;
  const asNewMessage = req.mode === 'normal' || (req.mode === 'edit' && !editsReply(req));
  const requestMessage: ChatMessage | null = asNewMessage
    ? {
        messageId: identity.messageId,
        conversationId: shownUnder,
        parentMessageId: isNew ? NO_PARENT : req.parentMessageId,
        sender: 'User',
        text: req.text,
        isCreatedByUser: true,
        clientTimestamp: identity.clientTimestamp,
        ...(req.files?.length ? { files: req.files } : {}),
      }
    : null;
  const sender = replySender(req.setup, req.replyLabel);
  const reply = (messageId: string, parentMessageId: string): ChatMessage => ({
    messageId,
    conversationId: shownUnder,
    parentMessageId,
    sender,
    text: '',
    isCreatedByUser: false,
    endpoint: req.setup.endpoint ?? null,
    model: req.setup.model ?? null,
  });
  const answered = req.overrideParentMessageId ?? req.parentMessageId;
  let responseMessage: ChatMessage;
  if (requestMessage) responseMessage = reply(replyPlaceholderId(identity), requestMessage.messageId);
  else if (req.mode === 'continue')
    responseMessage = {
      ...reply(req.responseMessageId ?? '', req.parentMessageId),
      ...startingFrom(req.generation ?? ''),
    };
  else if (req.mode === 'edit')
    responseMessage = { ...reply(replyPlaceholderId(identity), answered), ...startingFrom(req.generation ?? req.text) };
  else responseMessage = reply(replyPlaceholderId(identity), answered);
  return { conversationId, requestMessage, responseMessage, replySender: sender, steps: {}, replyBases: {}, end: null };
}

/** The exchange a re-attach from another tab (or after a reload) starts with: nothing yet. */
export function resumeExchange(
  conversationId: string,
  sender: string,
  replyBases: Record<string, string>,
): LiveExchange {
  return {
    conversationId,
    requestMessage: null,
    responseMessage: null,
    replySender: sender,
    steps: {},
    replyBases,
    end: null,
  };
}
