import { isUnsavedConversationId } from '@/shared/conversation/api/unsaved-conversation';
import { PENDING_CONVERSATION, type RunStatus } from '@/shared/conversation/types';
import type { LiveExchange } from './live-exchange';
import type { ChatRunView } from './run-view';
import type { SendBody } from './send-body';
import type { RunLane } from './send-path';

/** One run as the run store (run-store.ts) keeps it: what it is drawing and how it is connected. */
export interface RunRecord {
  /** The keys the run is found under: its conversation id and/or PENDING (the added lane: its own key). */
  readonly keys: Set<string>;
  /** The conversation's own run, or the second reply of a turn (the `+` command, added-run.ts). */
  readonly lane: RunLane;
  /** The send's path (abort posts to it plus /abort); null for a re-attached run of another tab. */
  readonly path: string | null;
  readonly body: SendBody | null;
  /** The send's client ids, replaced in the caches by the saved messages. */
  readonly placeholderIds: readonly string[];
  /** Where a re-attach starts redrawing from (the stream replays every frame from the start). */
  readonly initial: LiveExchange;
  exchange: LiveExchange;
  status: RunStatus;
  /** A frame has arrived (on any connection of this run). */
  hasData: boolean;
  /** The one re-attach after a lost connection has been used. */
  reattached: boolean;
  /** `final` or `error` arrived, or an abort ended the run: nothing changes it any more. */
  settled: boolean;
  aborting: boolean;
  /** The connection being read; aborting it stops reading (never the run on the server). */
  connection: AbortController | null;
  connectionErrorTimer: ReturnType<typeof setTimeout> | null;
  connectionError?: string;
  abortError?: string;
  view: ChatRunView;
  /** Settles once the real conversation id is known or the run has ended (abort waits for it). */
  readonly idKnown: Promise<void>;
  readonly announceId: () => void;
}

/** The key a conversation id is stored under: PENDING for a conversation not created yet. */
export function runKey(conversationId: string | null | undefined): string {
  return isUnsavedConversationId(conversationId) ? PENDING_CONVERSATION : (conversationId ?? PENDING_CONVERSATION);
}

/** A pending conversation takes over an id only when it is a real one (> 3 characters). */
export const isRealConversationId = (id: string | null | undefined): id is string =>
  !!id && id.length > 3 && !isUnsavedConversationId(id);

export function createRecord(
  init: Pick<RunRecord, 'path' | 'body' | 'placeholderIds' | 'initial'> & { lane?: RunLane },
): RunRecord {
  let announceId: () => void = () => undefined;
  const idKnown = new Promise<void>((resolve) => {
    announceId = resolve;
  });
  const record: RunRecord = {
    ...init,
    lane: init.lane ?? 'main',
    keys: new Set(),
    exchange: init.initial,
    status: 'connecting',
    hasData: false,
    reattached: false,
    settled: false,
    aborting: false,
    connection: null,
    connectionErrorTimer: null,
    view: { conversationId: null, status: 'connecting', requestMessage: null, responseMessage: null },
    idKnown,
    announceId,
  };
  record.view = viewOf(record);
  // A send in an existing conversation (or a re-attach) knows its conversation from the start.
  if (isRealConversationId(init.initial.conversationId)) announceId();
  return record;
}

export function viewOf(record: RunRecord): ChatRunView {
  const { exchange } = record;
  return {
    conversationId: isRealConversationId(exchange.conversationId) ? exchange.conversationId : null,
    status: record.status,
    requestMessage: exchange.requestMessage,
    responseMessage: exchange.responseMessage,
    ...(record.connectionError ? { connectionError: record.connectionError } : {}),
    ...(record.abortError ? { abortError: record.abortError } : {}),
  };
}

export const realIdOf = (record: RunRecord): string | null =>
  isRealConversationId(record.exchange.conversationId) ? record.exchange.conversationId : null;
