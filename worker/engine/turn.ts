/**
 * What a run answers, as the send path works it out (services/chat/turn.ts) and the
 * ConversationDO runs it: the message replied to, the reply being continued, and the prompt.
 */
import type { MessageRecord } from '../db/runs';
import type { PromptMessage } from './prompt-files';

/** A reply's prompt, built by services/chat/context.ts. */
export interface BuiltContext {
  /** Images named by their R2 keys; the object reads them just before the provider call. */
  messages: PromptMessage[];
  system?: string;
  /** Estimated prompt tokens: system, messages and prefill. */
  promptTokens: number;
  /** Older messages left out to fit the budget. */
  dropped: number;
}

export interface PreparedTurn {
  requestMessage: MessageRecord;
  /** `continue`: the reply as it was before this run. */
  previousReply?: MessageRecord;
  /** The prompt: the branch ending with the request message, within the context budget. */
  context: BuiltContext;
}

/** The text a reply starts from: the one sent, else a continued reply's own. */
export function startingText(generation: string | null, previousReply: MessageRecord | undefined): string | null {
  return generation ?? previousReply?.text ?? null;
}
