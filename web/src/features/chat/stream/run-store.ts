import type { QueryClient } from '@tanstack/react-query';
import type { EventSourceMessage } from 'eventsource-parser';
import { toApiError } from '@/lib/api/api-error';
import { refetchMessages, seedNewConversationMessages } from '@/shared/conversation/api/messages-cache';
import { balanceQueryKey } from '@/shared/balance/balance-query';
import { PENDING_CONVERSATION, type RunStatus, type SendRequest } from '@/shared/conversation/types';
import { requestAbort } from './abort-request';
import { startConnectionErrorTimer, stopConnectionErrorTimer } from './connection-error';
import { replyPlaceholderId, sendExchange } from './live-exchange';
import { openStream } from './open-stream';
import { parseStreamEvent } from './parse-frame';
import { readEventStream } from './read-event-stream';
import { reduceFrame } from './reduce-frame';
import { endpointOfRun, namedResumedExchange, pathOfRun } from './resumed-run';
import { createRecord, realIdOf, type RunRecord, runKey } from './run-record';
import { RunRegistry } from './run-registry';
import { RunResume } from './run-resume';
import { type ChatRunView, isSubmittingStatus } from './run-view';
import { saveExchange } from './save-exchange';
import { buildSendBody, newSendIdentity, type SendBody, sendProblem, startsConversation } from './send-body';
import { type RunLane, sendPath } from './send-path';
import { addedRecord, addedRunKey, type AddedModel } from './added-run';

/*
 * The live runs of the chat screen: sending, reading the stream, failures and stopping.
 * Plain TypeScript the screen reads through useSyncExternalStore (use-chat-run.ts). Where
 * the runs are kept and who is told of changes is run-registry.ts; re-attaching to a run
 * over the resume stream is run-resume.ts.
 */

function logRefusedSend(reason: string): void {
  console.warn(JSON.stringify({ level: 'warn', event: 'chat_send_refused', reason }));
}

export class RunStore {
  private readonly registry = new RunRegistry();
  private readonly resumer: RunResume;
  private readonly publish = (record: RunRecord): void => this.registry.publish(record);
  /** Sends with an added model whose first run has not had its `created` yet: what starts the second. */
  private readonly addedWaiting = new Map<RunRecord, () => void>();

  constructor(private readonly queryClient: QueryClient) {
    this.resumer = new RunResume({
      queryClient,
      registry: this.registry,
      connect: (record) => this.connect(record),
      read: (record, body, controller) => this.read(record, body, controller),
      fail: (record) => this.fail(record),
      settle: (record, status) => this.settle(record, status),
    });
  }

  // Reading -------------------------------------------------------------------------------

  subscribe(key: string, listener: () => void): () => void {
    return this.registry.subscribe(key, listener);
  }

  getRun(key: string): ChatRunView | null {
    return this.registry.view(key);
  }

  // Sending -------------------------------------------------------------------------------

  /**
   * Starts a send. Ignored while this conversation's run is submitting, for empty text
   * (normal sends and edits), and for sends the server could not take (logged only). With
   * `added` (a new message only), the added model answers the same message beside it.
   */
  send(req: SendRequest, added?: AddedModel): void {
    const key = runKey(req.conversationId);
    if (isSubmittingStatus(this.registry.get(key)?.status)) return;
    const problem = sendProblem(req);
    if (problem) {
      logRefusedSend(problem);
      return;
    }
    const identity = newSendIdentity();
    const path = sendPath(req);
    const body = buildSendBody(req, identity);
    const record = createRecord({
      path,
      body,
      placeholderIds: [identity.messageId, replyPlaceholderId(identity)],
      initial: sendExchange(req, identity),
    });
    this.registry.install(key, record);
    void this.post(record, path, body);
    if (added && req.mode === 'normal') this.addedWaiting.set(record, () => this.sendAdded(record, req, added));
  }

  /** The turn's second reply, once the first's `created` has named its conversation and message. */
  private sendAdded(first: RunRecord, req: SendRequest, added: AddedModel): void {
    const record = addedRecord(first, req, added);
    if (!record?.path || !record.body) return;
    this.registry.install(addedRunKey(String(realIdOf(record))), record);
    void this.post(record, record.path, record.body);
  }

  private async post(record: RunRecord, path: string, body: SendBody): Promise<void> {
    const controller = this.connect(record);
    let response: Response;
    try {
      response = await openStream(path, { method: 'POST', body: JSON.stringify(body), signal: controller.signal });
    } catch {
      if (record.connection === controller) this.onConnectionLost(record);
      return;
    }
    if (record.connection !== controller) return;
    if (!response.ok || !response.body) {
      // Refused before any run started (400, 404, 409, 429; a 401 the refresh could not fix).
      this.endWithError(record, (await toApiError(response)).message);
      return;
    }
    await this.read(record, response.body, controller);
  }

  // Re-attaching --------------------------------------------------------------------------

  /**
   * Re-attaches to a conversation's live run (a reloaded page, a second tab): every frame
   * from the start, then the live ones. Nothing happens when this tab already follows the run
   * or when none is live (204).
   */
  resume(conversationId: string, lane: RunLane = 'main'): Promise<void> {
    return this.resumer.resume(conversationId, lane);
  }

  // Reading a stream ----------------------------------------------------------------------

  private async read(record: RunRecord, body: ReadableStream<Uint8Array>, controller: AbortController): Promise<void> {
    const onEvent = (event: EventSourceMessage) => {
      if (record.connection === controller) this.onEvent(record, event);
    };
    try {
      await readEventStream(body, onEvent, controller.signal);
    } catch {
      // A dropped connection: handled below like a stream that ended too early.
    }
    if (record.connection !== controller || controller.signal.aborted || record.settled) return;
    this.onConnectionLost(record);
  }

  private onEvent(record: RunRecord, event: EventSourceMessage): void {
    const frame = parseStreamEvent(event.event, event.data);
    if (!frame || record.settled) return;
    if (!record.hasData) {
      record.hasData = true;
      stopConnectionErrorTimer(record);
      // Data after all (a slow re-attach): the connection error no longer holds.
      record.connectionError = undefined;
    }
    record.exchange = reduceFrame(record.exchange, frame);
    if (record.path === null) record.exchange = namedResumedExchange(this.queryClient, record.exchange);
    if (frame.type === 'created') {
      this.adoptConversationId(record);
      const startAdded = this.addedWaiting.get(record);
      this.addedWaiting.delete(record);
      startAdded?.();
    }
    if (frame.type === 'final') {
      this.onFinal(record);
      return;
    }
    if (frame.type === 'error') {
      this.onErrorFrame(record);
      return;
    }
    // `error` here only means the connection failed before; frames mean the run is alive.
    if (record.status === 'connecting' || record.status === 'error') record.status = 'streaming';
    this.registry.publish(record);
  }

  /** `created` named the conversation: the run is found under its id too. */
  private adoptConversationId(record: RunRecord): void {
    const id = realIdOf(record);
    // The added run knows its conversation from the start and keeps to its own key.
    if (!id || record.lane === 'added') return;
    this.registry.alias(record, id);
    const request = record.exchange.requestMessage;
    if (record.keys.has(PENDING_CONVERSATION) && request && record.body && startsConversation(record.body)) {
      seedNewConversationMessages(this.queryClient, id, request);
    }
    record.announceId();
    this.registry.releasePending();
  }

  private onFinal(record: RunRecord): void {
    const id = realIdOf(record);
    if (id) saveExchange(this.queryClient, id, record.exchange, record.placeholderIds);
    this.settle(record, record.aborting ? 'aborted' : 'done');
  }

  private onErrorFrame(record: RunRecord): void {
    const id = realIdOf(record);
    // What the failed run saved (the user message, the error) is the server's to tell.
    if (id) refetchMessages(this.queryClient, id);
    this.settle(record, 'error');
  }

  // Failures ------------------------------------------------------------------------------

  /** The connection failed or ended without `final`: re-attach once, else give up. */
  private onConnectionLost(record: RunRecord): void {
    if (!record.hasData) startConnectionErrorTimer(record, this.publish);
    const id = realIdOf(record);
    if (id && !record.reattached) {
      record.reattached = true;
      void this.resumer.reattach(record, id);
      return;
    }
    this.fail(record);
  }

  /** The run cannot be followed any more: submitting stops; the saved messages are refetched. */
  private fail(record: RunRecord): void {
    if (record.settled) return;
    record.connection?.abort();
    record.connection = null;
    record.status = 'error';
    if (!record.hasData) startConnectionErrorTimer(record, this.publish);
    const id = realIdOf(record);
    if (id) refetchMessages(this.queryClient, id);
    record.announceId();
    this.registry.publish(record);
    this.registry.releasePending();
  }

  /** A send the server refused outright: its message becomes the reply, as an error. */
  private endWithError(record: RunRecord, text: string): void {
    const reply = record.exchange.responseMessage;
    if (reply) record.exchange = { ...record.exchange, responseMessage: { ...reply, text, error: true } };
    this.settle(record, 'error');
  }

  // Stopping ------------------------------------------------------------------------------

  /**
   * Stops the conversation's run (the abort call): its saved partial reply goes into the
   * caches. A run not yet created is stopped as soon as `created` names its conversation.
   * When the call fails the run goes on, with `abortError` on its view.
   */
  async abort(key: string): Promise<void> {
    const record = this.registry.get(key);
    if (!record || !isSubmittingStatus(record.status) || record.aborting) return;
    record.aborting = true;
    record.abortError = undefined;
    this.registry.publish(record);
    await record.idKnown;
    const id = realIdOf(record);
    if (record.settled || !id || !isSubmittingStatus(record.status)) {
      record.aborting = false;
      return;
    }
    const latest = record.exchange.responseMessage?.messageId ?? record.exchange.requestMessage?.messageId ?? '';
    let outcome: Awaited<ReturnType<typeof requestAbort>>;
    try {
      const endpoint = record.body?.endpoint ?? endpointOfRun(this.queryClient, id, record.exchange);
      outcome = await requestAbort(
        record.path ?? pathOfRun(this.queryClient, id, endpoint),
        `${id}:${latest}`,
        endpoint,
        record.lane,
      );
    } catch (error) {
      outcome = { kind: 'failed', message: error instanceof Error ? error.message : String(error) };
    }
    if (record.settled) return;
    if (outcome.kind === 'failed') {
      record.aborting = false;
      record.abortError = outcome.message;
      this.registry.publish(record);
      return;
    }
    record.connection?.abort();
    record.connection = null;
    if (outcome.kind === 'final') {
      record.exchange = reduceFrame(record.exchange, outcome.frame);
      this.onFinal(record);
      return;
    }
    refetchMessages(this.queryClient, id);
    this.settle(record, 'aborted');
  }

  // Lifecycle -----------------------------------------------------------------------------

  /** Forgets a finished run under `key` (the page starting over, e.g. "new chat" on /c/new). */
  clear(key: string): void {
    const record = this.registry.get(key);
    if (!record || isSubmittingStatus(record.status)) return;
    this.registry.unlink(record, key);
  }

  private settle(record: RunRecord, status: RunStatus): void {
    // Ended without `created` (refused, stopped early): there is no turn to add a reply to.
    this.addedWaiting.delete(record);
    record.settled = true;
    record.status = status;
    record.aborting = false;
    stopConnectionErrorTimer(record);
    record.announceId();
    this.registry.publish(record);
    this.registry.releasePending();
    // The turn may have spent credits; a disabled balance query is not refetched.
    void this.queryClient.invalidateQueries({ queryKey: balanceQueryKey });
  }

  private connect(record: RunRecord): AbortController {
    record.connection?.abort();
    const controller = new AbortController();
    record.connection = controller;
    return controller;
  }
}
