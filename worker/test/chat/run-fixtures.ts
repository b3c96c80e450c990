/** RunSpecs and D1 reads for ConversationDO tests (which start runs without the worker). */
import { env } from 'cloudflare:workers';
import type { ConversationDO } from '../../../durable-objects/conversation/conversation-do';
import { NO_PARENT } from '../../contract/endpoints';
import type { MessageRecord } from '../../db/runs';
import type { UserRow } from '../../db/users';
import { DEFAULT_CONVERSATION_TITLE } from '../../engine/records';
import { RUN_SPEC_VERSION, type RunSpec } from '../../engine/run-spec';

export const TEST_BASE_URL = 'https://llm.test/v1';

/** A normal send in a new conversation, to a custom OpenAI-compatible endpoint. */
export function newConversationSpec(user: UserRow, text = 'Hello there', overrides: Partial<RunSpec> = {}): RunSpec {
  const conversationId = crypto.randomUUID();
  const now = Date.now();
  const userMessageId = crypto.randomUUID();
  const userMessage: MessageRecord = {
    messageId: userMessageId,
    conversationId,
    userId: user.id,
    parentMessageId: NO_PARENT,
    sender: 'User',
    text,
    content: null,
    files: null,
    isCreatedByUser: true,
    endpoint: 'Test',
    model: null,
    error: false,
    unfinished: false,
    finish_reason: null,
    tokenCount: 5,
    iconURL: null,
    clientTimestamp: null,
    expiredAt: null,
    createdAt: now,
    updatedAt: now,
  };
  return {
    version: RUN_SPEC_VERSION,
    runId: crypto.randomUUID(),
    userId: user.id,
    mode: 'normal',
    isNewConversation: true,
    conversation: {
      conversationId,
      userId: user.id,
      title: DEFAULT_CONVERSATION_TITLE,
      isArchived: false,
      isTemporary: false,
      expiredAt: null,
      createdAt: now,
      updatedAt: now,
      options: { endpoint: 'Test', endpointType: 'custom', model: 'test-model' },
    },
    userMessage,
    parentMessageId: userMessageId,
    responseMessageId: crypto.randomUUID(),
    // The prompt services/chat/context.ts builds for this one message (its stored tokenCount).
    turn: {
      requestMessage: userMessage,
      context: { messages: [{ role: 'user', content: text }], promptTokens: userMessage.tokenCount ?? 0, dropped: 0 },
    },
    generation: null,
    endpoint: { name: 'Test', endpointType: 'custom', kind: 'custom' },
    model: 'test-model',
    sender: 'AI',
    iconURL: null,
    dialect: 'parts',
    parameters: {},
    provider: { provider: 'openai', target: { baseURL: TEST_BASE_URL, apiKey: 'sk-test' } },
    keySource: 'system',
    title: null,
    balance: null,
    leaseKey: null,
    agent: null,
    acceptedAt: now,
    ...overrides,
  };
}

/**
 * The generated binding type (worker-configuration.d.ts) does not know the DO class; the app
 * types it in worker/env.ts. Tests see the generated one, hence this one retyping.
 */
function isConversationNamespace(binding: unknown): binding is DurableObjectNamespace<ConversationDO> {
  return typeof binding === 'object' && binding !== null && 'idFromName' in binding && 'get' in binding;
}

function conversationNamespace(): DurableObjectNamespace<ConversationDO> {
  const binding: unknown = env.CONVERSATION;
  if (!isConversationNamespace(binding)) throw new Error('The CONVERSATION binding is missing');
  return binding;
}

export const conversations = conversationNamespace();

export function conversationStubFor(spec: RunSpec): DurableObjectStub<ConversationDO> {
  return conversations.get(conversations.idFromName(spec.conversation.conversationId));
}

export function startRunRequest(spec: RunSpec): [string, RequestInit] {
  return ['https://conversation/run', { method: 'POST', body: JSON.stringify(spec) }];
}

/** The live run's stream through the object's `attach` RPC, failing the test when none is live for the user. */
export async function attachedStream(
  stub: DurableObjectStub<ConversationDO>,
  userId: string,
): Promise<ReadableStream<Uint8Array>> {
  const result = await stub.attach(userId);
  if (result.status !== 'live') throw new Error(`attach: ${result.status}`);
  return result.stream;
}

export interface SavedMessage {
  messageId: string;
  parentMessageId: string;
  text: string;
  content: string | null;
  isCreatedByUser: number;
  error: number;
  unfinished: number;
  finish_reason: string | null;
  tokenCount: number | null;
  sender: string | null;
}

export async function savedMessages(conversationId: string): Promise<SavedMessage[]> {
  const { results } = await env.DB.prepare(
    'SELECT messageId, parentMessageId, text, content, isCreatedByUser, error, unfinished, finish_reason, tokenCount, sender FROM messages WHERE conversationId = ?1 ORDER BY createdAt, seq',
  )
    .bind(conversationId)
    .all<SavedMessage>();
  return results;
}

/** Polls until `check` passes (for effects that land after a stream has ended). */
export async function eventually<T>(check: () => Promise<T>, timeoutMs = 3000): Promise<T> {
  const started = Date.now();
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() - started > timeoutMs) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}
