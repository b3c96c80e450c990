import type { QueryClient } from '@tanstack/react-query';
import type { EventSourceMessage } from 'eventsource-parser';
import { toApiError } from '@/lib/api/api-error';
import { i18n } from '@/lib/i18n/i18n';
import { refetchMessages, seedNewConversationMessages } from '@/shared/conversation/api/messages-cache';
import { PENDING_CONVERSATION, type RunStatus, type SendRequest } from '@/shared/conversation/types';
import { requestAbort } from './abort-request';
import { replyPlaceholderId, sendExchange } from './live-exchange';
import { openStream } from './open-stream';
import { parseStreamEvent } from './parse-frame';
import { readEventStream } from './read-event-stream';
import { reduceFrame } from './reduce-frame';
import { endpointOfRun, namedResumedExchange, pathOfRun, resumedExchange } from './resumed-run';
import { createRecord, isRealConversationId, realIdOf, type RunRecord, runKey, viewOf } from './run-record';
import { type ChatRunView, isSubmittingStatus } from './run-view';
import { CONNECTION_ERROR_DELAY_MS } from './run-timing';
import { saveExchange } from './save-exchange';
import { buildSendBody, newSendIdentity, type SendBody, sendProblem, startsConversation } from './send-body';
import { resumePath, sendPath } from './send-path';

/*
 * The live runs of the chat screen, one per conversation at most, keyed by conversation id.
 * Plain TypeScript the screen reads through useSyncExternalStore (use-chat-run.ts): each
 * change publishes a new immutable view, so a render always sees one consistent state.
 *
 * A send under a new conversation is keyed PENDING until `created` names the conversation;
 * from then on it is also under its real id. The PENDING alias is dropped once nothing is
 * subscribed to PENDING any more (the page moved to /c/{id}) and the run has its id or has
 * ended: the next /c/new starts empty, while a page still on /c/new keeps seeing its run.
 */

type Listener = () => void;

function logRefusedSend(reason: string): void {
  console.warn(JSON.stringify({ level: 'warn', event: 'chat_send_refused', reason }));
}

export class RunStore {
  private readonly runs = new Map<string, RunRecord>();
  private readonly listeners = new Map<string, Set<Listener>>();
  /** Conversations with a resume request in flight (their run is not shown until it answers). */
  private readonly attaching = new Set<string>();

  constructor(private readonly queryClient: QueryClient) {}

  // Reading -------------------------------------------------------------------------------

  subscribe(key: string, listener: Listener): () => void {
    const set = this.listeners.get(key) ?? new Set<Listener>();
    set.add(listener);
    this.listeners.set(key, set);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(key);
      // After the current commit: React re-subscribes at once when only the callback changed.
      if (key === PENDING_CONVERSATION) queueMicrotask(() => this.releasePending());
    };
  }

  getRun(key: string): ChatRunView | null {
    return this.runs.get(key)?.view ?? null;
  }

  // Sending -------------------------------------------------------------------------------

  /**
   * Starts a send. Ignored while this conversation's run is submitting, for empty text
   * (normal sends and edits), and for sends the server could not take (logged only).
   */
  send(req: SendRequest): void {
    const key = runKey(req.conversationId);
    if (isSubmittingStatus(this.runs.get(key)?.status)) return;
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
    this.install(key, record);
    void this.post(record, path, body);
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
  async resume(conversationId: string): Promise<void> {
    if (!isRealConversationId(conversationId) || this.attaching.has(conversationId)) return;
    if (isSubmittingStatus(this.runs.get(conversationId)?.status)) return;
    this.attaching.add(conversationId);
    const controller = new AbortController();
    let response: Response | null = null;
    try {
      response = await openStream(resumePath(conversationId), { method: 'GET', signal: controller.signal });
    } catch {
      response = null;
    } finally {
      this.attaching.delete(conversationId);
    }
    if (!response?.ok || response.status === 204 || !response.body) {
      void response?.body?.cancel().catch(() => undefined);
      return;
    }
    if (isSubmittingStatus(this.runs.get(conversationId)?.status)) {
      // A send of this tab started meanwhile; it follows the run itself.
      controller.abort();
      return;
    }
    const record = createRecord({
      path: null,
      body: null,
      placeholderIds: [],
      initial: resumedExchange(this.queryClient, conversationId),
    });
    record.connection = controller;
    this.install(conversationId, record);
    if (record.exchange.replySender === '') this.nameWhenLoaded(record);
    await this.read(record, response.body, controller);
  }

  /**
   * A re-attached run that could not be named yet (the reload has not loaded its conversation)
   * is named as soon as what it needs lands in the cache, not only at its next frame: a reply
   * paused on a long step would otherwise keep the generic label.
   */
  private nameWhenLoaded(record: RunRecord): void {
    const stop = this.queryClient.getQueryCache().subscribe(() => {
      if (record.settled || record.exchange.replySender !== '') return stop();
      const named = namedResumedExchange(this.queryClient, record.exchange);
      if (named === record.exchange) return;
      record.exchange = named;
      stop();
      this.publish(record);
    });
  }

  /** The one re-attach of a run whose connection was lost, replaying it from the start. */
  private async reattach(record: RunRecord, conversationId: string): Promise<void> {
    const controller = this.connect(record);
    let response: Response;
    try {
      response = await openStream(resumePath(conversationId), { method: 'GET', signal: controller.signal });
    } catch {
      if (record.connection === controller) this.fail(record);
      return;
    }
    if (record.connection !== controller) return;
    if (response.status === 204 && record.hasData) {
      // The run ended while this tab was away: what it saved is in the messages.
      refetchMessages(this.queryClient, conversationId);
      this.settle(record, 'done');
      return;
    }
    if (!response.ok || response.status === 204 || !response.body) {
      this.fail(record);
      return;
    }
    record.exchange = record.initial;
    await this.read(record, response.body, controller);
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
      this.stopConnectionErrorTimer(record);
      // Data after all (a slow re-attach): the connection error no longer holds.
      record.connectionError = undefined;
    }
    record.exchange = reduceFrame(record.exchange, frame);
    if (record.path === null) record.exchange = namedResumedExchange(this.queryClient, record.exchange);
    if (frame.type === 'created') this.adoptConversationId(record);
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
    this.publish(record);
  }

  /** `created` named the conversation: the run is found under its id too. */
  private adoptConversationId(record: RunRecord): void {
    const id = realIdOf(record);
    if (!id) return;
    if (!record.keys.has(id)) {
      const previous = this.runs.get(id);
      if (previous && previous !== record) this.unlink(previous, id);
      this.runs.set(id, record);
      record.keys.add(id);
    }
    const request = record.exchange.requestMessage;
    if (record.keys.has(PENDING_CONVERSATION) && request && record.body && startsConversation(record.body)) {
      seedNewConversationMessages(this.queryClient, id, request);
    }
    record.announceId();
    this.releasePending();
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
    if (!record.hasData) this.startConnectionErrorTimer(record);
    const id = realIdOf(record);
    if (id && !record.reattached) {
      record.reattached = true;
      void this.reattach(record, id);
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
    if (!record.hasData) this.startConnectionErrorTimer(record);
    const id = realIdOf(record);
    if (id) refetchMessages(this.queryClient, id);
    record.announceId();
    this.publish(record);
    this.releasePending();
  }

  /** A send the server refused outright: its message becomes the reply, as an error. */
  private endWithError(record: RunRecord, text: string): void {
    const reply = record.exchange.responseMessage;
    if (reply) record.exchange = { ...record.exchange, responseMessage: { ...reply, text, error: true } };
    this.settle(record, 'error');
  }

  private startConnectionErrorTimer(record: RunRecord): void {
    if (record.connectionErrorTimer !== null || record.connectionError) return;
    record.connectionErrorTimer = setTimeout(() => {
      record.connectionErrorTimer = null;
      if (record.hasData || record.keys.size === 0) return;
      const text = i18n.t('com_ui_error_connection');
      record.connectionError = text;
      const reply = record.exchange.responseMessage;
      if (reply) record.exchange = { ...record.exchange, responseMessage: { ...reply, text, error: true } };
      if (isSubmittingStatus(record.status)) record.status = 'error';
      this.publish(record);
    }, CONNECTION_ERROR_DELAY_MS);
  }

  private stopConnectionErrorTimer(record: RunRecord): void {
    if (record.connectionErrorTimer !== null) clearTimeout(record.connectionErrorTimer);
    record.connectionErrorTimer = null;
  }

  // Stopping ------------------------------------------------------------------------------

  /**
   * Stops the conversation's run (the abort call): its saved partial reply goes into the
   * caches. A run not yet created is stopped as soon as `created` names its conversation.
   * When the call fails the run goes on, with `abortError` on its view.
   */
  async abort(key: string): Promise<void> {
    const record = this.runs.get(key);
    if (!record || !isSubmittingStatus(record.status) || record.aborting) return;
    record.aborting = true;
    record.abortError = undefined;
    this.publish(record);
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
      );
    } catch (error) {
      outcome = { kind: 'failed', message: error instanceof Error ? error.message : String(error) };
    }
    if (record.settled) return;
    if (outcome.kind === 'failed') {
      record.aborting = false;
      record.abortError = outcome.message;
      this.publish(record);
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
    const record = this.runs.get(key);
    if (!record || isSubmittingStatus(record.status)) return;
    this.unlink(record, key);
  }

  private settle(record: RunRecord, status: RunStatus): void {
    record.settled = true;
    record.status = status;
    record.aborting = false;
    this.stopConnectionErrorTimer(record);
    record.announceId();
    this.publish(record);
    this.releasePending();
  }

  private connect(record: RunRecord): AbortController {
    record.connection?.abort();
    const controller = new AbortController();
    record.connection = controller;
    return controller;
  }

  private install(key: string, record: RunRecord): void {
    const previous = this.runs.get(key);
    if (previous) this.unlink(previous, key);
    this.runs.set(key, record);
    record.keys.add(key);
    this.publish(record);
  }

  /** Removes the run from `key`; a run no longer under any key stops reading and is dropped. */
  private unlink(record: RunRecord, key: string): void {
    record.keys.delete(key);
    if (this.runs.get(key) === record) this.runs.delete(key);
    if (record.keys.size === 0) {
      this.stopConnectionErrorTimer(record);
      record.connection?.abort();
      record.connection = null;
    }
    this.notify(key);
  }

  /** Drops the PENDING alias once nothing is subscribed to it and the run has its id or has ended. */
  private releasePending(): void {
    const record = this.runs.get(PENDING_CONVERSATION);
    if (!record || this.listeners.has(PENDING_CONVERSATION)) return;
    if (isSubmittingStatus(record.status) && !realIdOf(record)) return;
    this.unlink(record, PENDING_CONVERSATION);
  }

  private publish(record: RunRecord): void {
    record.view = viewOf(record);
    for (const key of record.keys) this.notify(key);
  }

  private notify(key: string): void {
    for (const listener of this.listeners.get(key) ?? []) listener();
  }
}
