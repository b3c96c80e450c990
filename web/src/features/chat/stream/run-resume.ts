import type { QueryClient } from '@tanstack/react-query';
import { refetchMessages } from '@/shared/conversation/api/messages-cache';
import type { RunStatus } from '@/shared/conversation/types';
import { openStream } from './open-stream';
import { namedResumedExchange, resumedExchange } from './resumed-run';
import { createRecord, isRealConversationId, type RunRecord } from './run-record';
import type { RunRegistry } from './run-registry';
import { isSubmittingStatus } from './run-view';
import { resumePath, type RunLane } from './send-path';
import { addedRunKey } from './added-run';

/** What following a re-attached run needs from the run store (run-store.ts). */
export interface RunFollower {
  readonly queryClient: QueryClient;
  readonly registry: RunRegistry;
  /** Gives the run a new connection, closing the one it had. */
  connect(record: RunRecord): AbortController;
  /** Reads the run's stream on `controller` until it ends or the connection is dropped. */
  read(record: RunRecord, body: ReadableStream<Uint8Array>, controller: AbortController): Promise<void>;
  /** The run cannot be followed any more. */
  fail(record: RunRecord): void;
  settle(record: RunRecord, status: RunStatus): void;
}

/**
 * Re-attaching to a conversation's live run over `GET /api/ask/stream/{id}`, which replays
 * every frame from the start and then the live ones: for a run this tab did not start (a
 * reloaded page, a second tab), and once for a run of this tab whose connection was lost.
 */
export class RunResume {
  /** Run keys with a resume request in flight (their run is not shown until it answers). */
  private readonly attaching = new Set<string>();

  constructor(private readonly host: RunFollower) {}

  /**
   * Follows the conversation's live run, if any. Nothing happens when this tab already
   * follows it or when none is live (204).
   */
  async resume(conversationId: string, lane: RunLane = 'main'): Promise<void> {
    const { registry } = this.host;
    const key = lane === 'added' ? addedRunKey(conversationId) : conversationId;
    if (!isRealConversationId(conversationId) || this.attaching.has(key)) return;
    if (isSubmittingStatus(registry.get(key)?.status)) return;
    this.attaching.add(key);
    const controller = new AbortController();
    let response: Response | null = null;
    try {
      response = await openStream(resumePath(conversationId, lane), { method: 'GET', signal: controller.signal });
    } catch {
      response = null;
    } finally {
      this.attaching.delete(key);
    }
    if (!response?.ok || response.status === 204 || !response.body) {
      void response?.body?.cancel().catch(() => undefined);
      return;
    }
    if (isSubmittingStatus(registry.get(key)?.status)) {
      // A send of this tab started meanwhile; it follows the run itself.
      controller.abort();
      return;
    }
    const record = createRecord({
      lane,
      path: null,
      body: null,
      placeholderIds: [],
      initial: resumedExchange(this.host.queryClient, conversationId),
    });
    record.connection = controller;
    registry.install(key, record);
    if (record.exchange.replySender === '') this.nameWhenLoaded(record);
    await this.host.read(record, response.body, controller);
  }

  /** The one re-attach of a run whose connection was lost, replaying it from the start. */
  async reattach(record: RunRecord, conversationId: string): Promise<void> {
    const controller = this.host.connect(record);
    let response: Response;
    try {
      response = await openStream(resumePath(conversationId, record.lane), {
        method: 'GET',
        signal: controller.signal,
      });
    } catch {
      if (record.connection === controller) this.host.fail(record);
      return;
    }
    if (record.connection !== controller) return;
    if (response.status === 204 && record.hasData) {
      // The run ended while this tab was away: what it saved is in the messages.
      refetchMessages(this.host.queryClient, conversationId);
      this.host.settle(record, 'done');
      return;
    }
    if (!response.ok || response.status === 204 || !response.body) {
      this.host.fail(record);
      return;
    }
    record.exchange = record.initial;
    await this.host.read(record, response.body, controller);
  }

  /**
   * A re-attached run that could not be named yet (the reload has not loaded its conversation)
   * is named as soon as what it needs lands in the cache, not only at its next frame: a reply
   * paused on a long step would otherwise keep the generic label.
   */
  private nameWhenLoaded(record: RunRecord): void {
    const { queryClient, registry } = this.host;
    const stop = queryClient.getQueryCache().subscribe(() => {
      if (record.settled || record.exchange.replySender !== '') return stop();
      const named = namedResumedExchange(queryClient, record.exchange);
      if (named === record.exchange) return;
      record.exchange = named;
      stop();
      registry.publish(record);
    });
  }
}
