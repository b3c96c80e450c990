/**
 * What the worker hands the ConversationDO to start a run: everything already resolved and
 * checked (owner, endpoint, model, parameters, credentials, limits), as plain JSON, so the DO
 * needs no config or environment of its own to generate the reply. Credentials live only in
 * the DO's memory; what it stores of the spec leaves them out.
 *
 * It lives here, below both sides, because the send path builds it (services/chat/spec-builder)
 * and the DO runs it: declared in either, it would make the other import across the seam. Not
 * in the contract: that is what the web shares and imports only zod, while a spec carries
 * provider targets and stored records, and never leaves the server. The version changes when
 * a field changes meaning, so a DO of the previous deploy refuses a spec it would misread.
 */
import type { BalanceConfig } from '../contract/config';
import type { StreamDialect } from '../contract/stream';
import type { ConversationRecord, MessageRecord } from '../db/runs';
import type { ParameterEndpointKind } from '../providers/parameters';
import type { ProviderTarget } from '../providers/registry';
import type { ModelParameters } from '../providers/types';
import type { AgentRunSpec } from './agent-spec';
import type { KeySource } from './error-text';
import type { PreparedTurn } from './turn';

export const RUN_SPEC_VERSION = 4;

/** The answer to a send while the conversation's run is live (409). */
export const RUN_ALREADY_LIVE = 'A reply is already being generated in this conversation.';

/**
 * - `normal`: a new user message under `parentMessageId` and a reply to it (also how an edited
 *   user message is sent: a sibling of the original, i.e. a new branch);
 * - `regenerate`: a new reply, a sibling of the earlier ones, under an existing user message;
 * - `edit-reply`: like regenerate, the new reply starting from the edited text (`generation`);
 * - `continue`: the existing reply `responseMessageId` grows; it is updated in place.
 */
export type RunMode = 'normal' | 'regenerate' | 'edit-reply' | 'continue';

/** How to title a new conversation: the provider (same endpoint and key as the reply) and model. */
export interface TitleSpec {
  provider: ProviderTarget;
  model: string;
  /** The operator's title prompt (`{convo}` is replaced by the exchange), or the default. */
  prompt?: string;
}

export interface RunSpec {
  version: typeof RUN_SPEC_VERSION;
  runId: string;
  userId: string;
  mode: RunMode;
  isNewConversation: boolean;
  /** The conversation as it will be saved (options as sent with this message). */
  conversation: ConversationRecord;
  /** `normal` only: the new user message, with server ids. */
  userMessage: MessageRecord | null;
  /** The message the reply answers (the new user message, or an existing one). */
  parentMessageId: string;
  /** The reply's id: new, or the continued reply's. */
  responseMessageId: string;
  /** What the run answers and its prompt, worked out by the worker. */
  turn: PreparedTurn;
  /** `continue` / `edit-reply`: the text the reply starts with. */
  generation: string | null;
  endpoint: { name: string; endpointType: 'custom' | null; kind: ParameterEndpointKind };
  model: string;
  sender: string;
  iconURL: string | null;
  dialect: StreamDialect;
  parameters: ModelParameters;
  provider: ProviderTarget;
  keySource: KeySource;
  /** Set for a new conversation whose endpoint titles conversations. */
  title: TitleSpec | null;
  /** The balance settings when the balance is enabled, else null. */
  balance: BalanceConfig | null;
  /** The concurrency lease the run holds (db/leases.ts), released when it ends. */
  leaseKey: string | null;
  /** The agent whose tools the run may call (the tool loop), or null for a plain chat. */
  agent: AgentRunSpec | null;
  /**
   * The second reply of a turn (the `+` command), run beside the first in the conversation's
   * added lane: it saves no conversation row (the first reply's run owns it) and titles nothing.
   */
  added?: boolean;
  /** Epoch ms at which the worker accepted the send. */
  acceptedAt: number;
  /** The id of the request that started the run, stamped on the run's log lines. */
  requestId?: string;
}
