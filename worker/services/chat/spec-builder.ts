/**
 * Assembles the RunSpec the ConversationDO runs, from what the worker resolved and checked,
 * with the turn (and its prompt) worked out from the branch the send read.
 */
import type { BalanceConfig } from '../../contract/config';
import { OPTION_COLUMNS, type ConversationRecord } from '../../db/runs';
import type { KeySource } from '../../engine/error-text';
import { DEFAULT_CONVERSATION_TITLE, TEMPORARY_CHAT_RETENTION_MS } from '../../engine/records';
import { RUN_SPEC_VERSION, type RunSpec, type TitleSpec } from '../../engine/run-spec';
import { streamDialect } from '../../engine/stream-dialect';
import { estimateMessageTokens } from '../../engine/tokens/messages';
import type { AgentRunSpec } from '../../engine/agent-spec';
import { normaliseParameters, type RawModelOptions } from '../../providers/parameters';
import type { ProviderTarget } from '../../providers/registry';
import type { SendAttachments } from './attachments';
import type { ConversationAccessRow } from './conversation-access';
import { systemPrompt } from './context';
import type { ChatEndpoint } from './endpoint';
import type { SendBody } from '../../contract/chat-request';
import type { History } from './history';
import type { SendPlan } from './run-mode';
import type { SendUser } from './send-reads';
import type { SavedAgentLabel } from '../agents/agent-send';
import { prepareTurn } from './turn';

/** What a send to an agent changes in the spec (services/agents/agent-send.ts). */
export interface AgentSpecInput {
  run: AgentRunSpec;
  /** A saved agent: the conversation is saved as `agents` with its id, the reply labelled with it. */
  saved: SavedAgentLabel | null;
  /** The endpoint a conversation without a saved agent is saved under, when not the one that runs it (`gptPlugins`). */
  savedEndpoint?: string | undefined;
  /** A saved agent's instructions and parameters, instead of the conversation's. */
  system: string | null;
  parameters: RawModelOptions | null;
}

export interface SpecInput {
  runId: string;
  user: SendUser;
  body: SendBody;
  plan: SendPlan;
  conversationId: string;
  /** The stored conversation, or null for a new one. */
  existing: ConversationAccessRow | null;
  /** The branch the send answers, as far up as the prompt needs (empty for a new conversation). */
  history: History;
  /** The new message's files and the files the prompt shows (attachments.ts). */
  attachments: SendAttachments;
  endpoint: ChatEndpoint;
  model: string;
  /** The prompt's token budget (context-window.ts). */
  maxContextTokens: number;
  sender: string;
  provider: ProviderTarget;
  keySource: KeySource;
  title: TitleSpec | null;
  balance: BalanceConfig | null;
  leaseKey: string | null;
  now: number;
  requestId?: string | undefined;
  agent?: AgentSpecInput | null;
}

/**
 * The endpoint the conversation and its messages are saved under: `agents` for a saved agent,
 * `gptPlugins` for a plugins chat (run on OpenAI).
 */
function savedEndpoint(input: SpecInput): { name: string; endpointType: 'custom' | null } {
  if (input.agent?.saved) return { name: 'agents', endpointType: null };
  if (input.agent?.savedEndpoint) return { name: input.agent.savedEndpoint, endpointType: null };
  return { name: input.endpoint.name, endpointType: input.endpoint.endpointType };
}

/** Throws ChatInputError when a message the send names is not in the conversation (see turn.ts). */
export function buildRunSpec(input: SpecInput): RunSpec {
  const { body, plan, endpoint, model, now, existing } = input;
  const saved = input.agent?.saved ?? null;
  const savedAs = savedEndpoint(input);
  const conversation = conversationRecord(input);
  const userMessage =
    plan.mode === 'normal'
      ? {
          // The second reply of a turn answers the message the first reply's send created.
          messageId: body.overrideUserMessageId ?? crypto.randomUUID(),
          conversationId: conversation.conversationId,
          userId: input.user.id,
          parentMessageId: plan.parentMessageId,
          sender: 'User',
          text: body.text,
          content: null,
          isCreatedByUser: true,
          endpoint: savedAs.name,
          model: null,
          error: false,
          unfinished: false,
          finish_reason: null,
          tokenCount: estimateMessageTokens(body.text),
          files: input.attachments.sent.length > 0 ? input.attachments.sent : null,
          iconURL: null,
          clientTimestamp: body.clientTimestamp ?? null,
          expiredAt: conversation.expiredAt,
          createdAt: now,
          updatedAt: now,
        }
      : null;
  const system = saved ? (input.agent?.system ?? undefined) : systemPrompt(body);
  const parentMessageId = userMessage?.messageId ?? plan.parentMessageId;
  const responseMessageId = plan.responseMessageId ?? crypto.randomUUID();
  const turn = prepareTurn(
    {
      mode: plan.mode,
      userMessage,
      parentMessageId,
      responseMessageId,
      generation: plan.generation,
      system,
      maxContextTokens: input.maxContextTokens,
      files: input.attachments.files,
      imageDetail: body.imageDetail,
    },
    input.history,
  );
  return {
    version: RUN_SPEC_VERSION,
    runId: input.runId,
    userId: input.user.id,
    mode: plan.mode,
    isNewConversation: existing === null,
    conversation,
    userMessage,
    parentMessageId,
    responseMessageId,
    turn,
    generation: plan.generation,
    endpoint: { ...savedAs, kind: endpoint.kind },
    // A saved agent's reply names the agent as its model (the provider's model is in `agent`).
    model: saved ? saved.id : model,
    sender: input.sender,
    iconURL: saved ? saved.iconURL : (body.iconURL ?? endpoint.custom?.iconURL ?? null),
    dialect: streamDialect(endpoint.kind, model),
    parameters: normaliseParameters(endpoint.kind, model, input.agent?.parameters ?? body),
    provider: input.provider,
    keySource: input.keySource,
    title: existing === null ? input.title : null,
    balance: input.balance,
    leaseKey: input.leaseKey,
    agent: input.agent?.run ?? null,
    ...(body.overrideUserMessageId ? { added: true } : {}),
    acceptedAt: now,
    ...(input.requestId ? { requestId: input.requestId } : {}),
  };
}

function conversationRecord(input: SpecInput): ConversationRecord {
  const { body, existing, conversationId, user, model, now } = input;
  const options: Record<string, unknown> = {};
  const sent: Record<string, unknown> = { ...body };
  for (const column of OPTION_COLUMNS) options[column] = sent[column];
  const savedAs = savedEndpoint(input);
  options.endpoint = savedAs.name;
  options.endpointType = savedAs.endpointType;
  options.model = model;
  if (input.agent?.saved) options.agent_id = input.agent.saved.id;
  if (existing) {
    return {
      conversationId,
      userId: user.id,
      title: existing.title,
      isArchived: existing.isArchived === 1,
      isTemporary: existing.isTemporary === 1,
      expiredAt: existing.expiredAt,
      createdAt: existing.createdAt,
      updatedAt: now,
      options,
    };
  }
  const isTemporary = body.isTemporary === true;
  return {
    conversationId,
    userId: user.id,
    title: DEFAULT_CONVERSATION_TITLE,
    isArchived: false,
    isTemporary,
    expiredAt: isTemporary ? now + TEMPORARY_CHAT_RETENTION_MS : null,
    createdAt: now,
    updatedAt: now,
    options,
  };
}
