/**
 * The end of a run, as data: the reply record, the conversation as saved, the D1 statements of
 * the final batch (one transaction, idempotent — see worker/db/runs.ts) and the payload
 * of the `final` frame / abort answer. Shared by the live path and the alarm's orphan path.
 */
import type { FinalFrame } from '../../worker/contract/stream';
import { releaseLeaseStatement } from '../../worker/db/leases';
import { linkFilesToConversationStatement } from '../../worker/db/message-files';
import {
  insertMessageStatement,
  updateReplyStatement,
  upsertConversationStatement,
  type ConversationRecord,
  type MessageRecord,
} from '../../worker/db/runs';
import { insertToolCallsStatements } from '../../worker/db/tool-calls';
import { usageStatements, type ReplyUsage } from '../../worker/db/usage';
import { providerModel } from '../../worker/engine/agent-spec';
import { DEFAULT_CONVERSATION_TITLE, toWireConversation, toWireMessage } from '../../worker/engine/records';
import { tokenRates } from '../../worker/engine/token-rates';
import { estimateTokens } from '../../worker/engine/tokens/messages';
import type { ContentSnapshot } from './content-builder';
import { INCOMPLETE_FINISH_REASON, isUnfinished, type RunOutcome } from './outcome';
import type { StoredStep } from './run-store';
import type { StoredRunSpec } from './stored-spec';
import { toolCallRecords } from './tool-call-records';

/** The final frame; its title is null for a new conversation (the client asks `gen_title` for it). */
export type FinalPayload = FinalFrame;

export interface FinalInput {
  spec: StoredRunSpec;
  snapshot: ContentSnapshot;
  outcome: RunOutcome;
  /** The message answered (the new user message, or the existing one). */
  requestMessage: MessageRecord;
  /** The reply before this run (continue), to leave untouched when the run failed. */
  previousReply?: MessageRecord | undefined;
  /** Provider-reported usage, when it came. */
  reportedUsage?: ReplyUsage | undefined;
  /** What each chained agent's model reported: billed at that model, under ids of their own. */
  chainUsage?: readonly { model: string; usage: ReplyUsage }[] | undefined;
  promptTokens: number;
  now: number;
  /** An agent run's journal (read before `finish` deletes it): each finished call becomes a `tool_calls` record. */
  steps?: readonly StoredStep[] | undefined;
}

export interface Final {
  conversation: ConversationRecord;
  response: MessageRecord;
  statements: (d1: D1Database) => D1PreparedStatement[];
  payload: FinalPayload;
}

export function buildFinal(input: FinalInput): Final {
  const { spec, snapshot, outcome, now } = input;
  const conversation: ConversationRecord = { ...spec.conversation, updatedAt: now };
  const failed = outcome.kind === 'failed';
  const usage = failed ? null : (input.reportedUsage ?? estimatedUsage(input));
  const continued = spec.mode === 'continue' ? input.previousReply : undefined;
  const response: MessageRecord =
    failed && continued
      ? continued
      : {
          messageId: spec.responseMessageId,
          conversationId: conversation.conversationId,
          userId: spec.userId,
          parentMessageId: input.requestMessage.messageId,
          sender: spec.sender,
          text: failed ? outcome.errorText : snapshot.text,
          content: failed ? null : snapshot.content,
          isCreatedByUser: false,
          endpoint: spec.endpoint.name,
          model: spec.model,
          error: failed,
          unfinished: isUnfinished(outcome),
          finish_reason: outcome.kind === 'complete' ? outcome.finishReason : failed ? null : INCOMPLETE_FINISH_REASON,
          tokenCount: usage?.completionTokens ?? null,
          files: null,
          iconURL: spec.iconURL,
          clientTimestamp: null,
          expiredAt: conversation.expiredAt,
          createdAt: continued ? continued.createdAt : Math.max(now, spec.acceptedAt + 1),
          updatedAt: now,
        };

  const statements = (d1: D1Database): D1PreparedStatement[] => {
    // The second reply of a turn leaves the conversation's row (model, options) to the first.
    const list = spec.added ? [] : [upsertConversationStatement(d1, conversation)];
    if (spec.userMessage) list.push(insertMessageStatement(d1, spec.userMessage));
    const sentFiles = spec.userMessage?.files ?? [];
    if (sentFiles.length > 0)
      list.push(
        linkFilesToConversationStatement(d1, {
          userId: spec.userId,
          conversationId: conversation.conversationId,
          fileIds: sentFiles.map((file) => file.file_id),
          now,
        }),
      );
    if (!(failed && continued))
      list.push(continued ? updateReplyStatement(d1, response) : insertMessageStatement(d1, response));
    if (!failed && input.steps?.length) {
      const owner = { runId: spec.runId, userId: spec.userId, conversationId: conversation.conversationId };
      const records = toolCallRecords({ ...owner, messageId: response.messageId }, input.steps, response.content, now);
      list.push(...insertToolCallsStatements(d1, records));
    }
    if (usage) {
      list.push(
        ...usageStatements(d1, usage, {
          userId: spec.userId,
          conversationId: conversation.conversationId,
          messageId: response.messageId,
          runId: spec.runId,
          // The model that ran and is priced (an agent's reply names the agent as its model).
          model: providerModel(spec),
          rates: tokenRates(providerModel(spec)),
          balanceEnabled: spec.balance !== null,
          now,
        }),
      );
    }
    if (!failed) {
      input.chainUsage?.forEach((agent, index) => {
        list.push(
          ...usageStatements(d1, agent.usage, {
            userId: spec.userId,
            conversationId: conversation.conversationId,
            messageId: response.messageId,
            runId: `${spec.runId}:${index + 1}`,
            model: agent.model,
            rates: tokenRates(agent.model),
            balanceEnabled: spec.balance !== null,
            now,
          }),
        );
      });
    }
    if (spec.leaseKey) list.push(releaseLeaseStatement(d1, spec.leaseKey));
    return list;
  };

  return {
    conversation,
    response,
    statements,
    payload: {
      final: true,
      conversation: toWireConversation(conversation),
      title: spec.isNewConversation ? null : conversation.title || DEFAULT_CONVERSATION_TITLE,
      requestMessage: toWireMessage(input.requestMessage),
      responseMessage: toWireMessage(response),
    },
  };
}

/** Tokens of the text this run produced (not the generation it continued), thinking included. */
function estimatedUsage({ spec, snapshot, promptTokens }: FinalInput): ReplyUsage {
  let completion = 0;
  for (const part of snapshot.content ?? [{ type: 'text', text: snapshot.text }]) {
    if (part.type === 'text' && typeof part.text === 'string') completion += estimateTokens(part.text);
    if (part.type === 'think' && typeof part.think === 'string') completion += estimateTokens(part.think);
  }
  if (spec.generation) completion = Math.max(0, completion - estimateTokens(spec.generation));
  return { promptTokens, completionTokens: completion };
}
