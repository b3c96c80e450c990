/**
 * What the worker hands the ConversationDO to start a run: everything already resolved and
 * checked (owner, endpoint, model, parameters, credentials, limits), as plain JSON, so the DO
 * needs no config or environment of its own to generate the reply. Credentials live only in
 * memory: {@link storedSpec} is what the DO writes to its storage.
 */
import type { BalanceConfig } from '../../worker/contract/config';
import type { ModelParameters } from '../../worker/providers/types';
import type { EndpointKind } from '../../worker/services/chat/endpoint';
import type { KeySource } from '../../worker/services/chat/error-text';
import type { ProviderTarget } from '../../worker/services/chat/provider-call';
import type { ConversationRecord, MessageRecord } from '../../worker/services/chat/records';
import type { TitleSpec } from '../../worker/services/chat/titles';
import type { PreparedTurn } from '../../worker/services/chat/turn';
import type { StreamDialect } from './frames';

export const RUN_SPEC_VERSION = 3;

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

export type { StreamDialect } from './frames';

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
  endpoint: { name: string; endpointType: 'custom' | null; kind: EndpointKind };
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
  /** The concurrency lease the run holds (services/chat/limits), released when it ends. */
  leaseKey: string | null;
  /** Epoch ms at which the worker accepted the send. */
  acceptedAt: number;
}

/**
 * The spec as stored in the DO's SQLite: no credentials (only the live run needs them) and no
 * prompt (it can be long; the run stores the messages it answers apart, see RunStore.saveTurn).
 */
export type StoredRunSpec = Omit<RunSpec, 'provider' | 'title' | 'turn'> & { titled: boolean };

export function storedSpec(spec: RunSpec): StoredRunSpec {
  const { provider: _provider, title, turn: _turn, ...rest } = spec;
  return { ...rest, titled: title !== null };
}

/**
 * A structural check of a spec arriving at the DO. The only sender is this app's worker, so
 * this guards against version skew during a deploy, not against hostile input.
 */
export function isRunSpec(value: unknown): value is RunSpec {
  if (typeof value !== 'object' || value === null) return false;
  const spec: Record<string, unknown> = { ...value };
  return (
    spec.version === RUN_SPEC_VERSION &&
    typeof spec.runId === 'string' &&
    typeof spec.userId === 'string' &&
    typeof spec.responseMessageId === 'string' &&
    typeof spec.parentMessageId === 'string' &&
    typeof spec.conversation === 'object' &&
    spec.conversation !== null &&
    typeof spec.provider === 'object' &&
    spec.provider !== null &&
    typeof spec.turn === 'object' &&
    spec.turn !== null
  );
}
