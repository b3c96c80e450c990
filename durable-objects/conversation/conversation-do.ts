import { DurableObject } from 'cloudflare:workers';
import { SSE_HEADERS } from '../../worker/contract/stream';
import type { Env } from '../../worker/env';
import { log, type Logger } from '../../worker/logging/logger';
import { isMeteringOn, ResourceMeter } from '../../worker/logging/resource-meter';
import { extendLeaseStatement } from '../../worker/db/leases';
import { conversationTitleStatement } from '../../worker/db/runs';
import { DEFAULT_CONVERSATION_TITLE, toWireConversation } from '../../worker/engine/records';
import { RUN_ALREADY_LIVE } from '../../worker/engine/run-spec';
import type { FinalPayload } from './finalise';
import { finaliseOrphan } from './orphan';
import { Run, type RunEnd } from './run';
import { RunStore } from './run-store';
import { isRunSpec } from './stored-spec';
import { TitleJob } from './title-job';
import { storeToolImage } from './tool-images';
import { ActionSignIns } from './action-sign-in';

/**
 * While a run is live the alarm fires this often: each firing keeps the instance awake (a DO
 * with no incoming events may be evicted after tens of seconds, even mid-fetch), flushes the
 * frame buffer and renews the run's concurrency lease (db/leases.ts RUN_LEASE_MS).
 */
export const RUN_HEARTBEAT_MS = 10_000;
/** When a run's final D1 batch failed, the alarm tries the stored outcome again this soon. */
export const FINAL_RETRY_MS = 5_000;
/**
 * A finished run's buffered frames are deleted this long after it ended, by the alarm: not on
 * the way of its final frame, nor of a follow-up sent right after (a run starting deletes the
 * frames of the runs before it itself).
 */
export const FRAME_SWEEP_DELAY_MS = 30_000;

/** `attach`: the live run's stream, replayed from the start; `idle` when no run is live. */
export type AttachResult =
  { status: 'live'; stream: ReadableStream<Uint8Array> } | { status: 'idle' } | { status: 'not_owner' };

/**
 * `abort`: the stopped run's final payload, as the JSON text the worker answers with unchanged;
 * `idle` when there was nothing to stop.
 */
export type AbortResult = { status: 'aborted'; finalJson: string } | { status: 'idle' } | { status: 'not_owner' };

/**
 * One instance per conversation id (SQLite-backed, see wrangler.toml); the single owner of its
 * conversation's generations. Reached only through the worker, which has authenticated the
 * caller and checked the conversation's owner; the DO checks the owner again against the run
 * it stores (a live stream is never served to anyone else).
 *
 * - `POST /run` (body: RunSpec) → the SSE stream of a new run; 409 while one is live. A fetch
 *   rather than an RPC method on purpose: the send opens this request before its D1 batch and
 *   streams the spec into the body once the batch has answered (services/chat/run-request.ts),
 *   so reaching (or creating) this object overlaps the batch instead of following it, which
 *   keeps that hop off the time to the first token. Called as an RPC method with the spec, the
 *   hop would start only once the spec exists, after the batch.
 * - RPC `attach(userId)` → the live run's stream, replayed from the start ({@link AttachResult}).
 * - RPC `abort(userId)` → stops the run, saves the partial reply, gives the final payload
 *   ({@link AbortResult}).
 * - RPC `liveConversation(userId)` → the live run's conversation (as `GET /api/convos/{id}`
 *   answers it); null when no run is live or for anyone but its owner.
 * - RPC `liveUserMessageId(userId)` → the user message the live run answers, or null.
 * - RPC `awaitTitle(userId, timeoutMs)` → the generated title of the conversation, or null.
 * - RPC `actionSignedIn(userId, actionId, accessToken)` → hands an OAuth action's new token to
 *   the live run's waiting calls; false when no run of that user is live.
 */
export class ConversationDO extends DurableObject<Env> {
  private readonly store: RunStore;
  /** The D1 binding, metered when LOG_RESOURCE_USAGE is on. */
  private readonly db: D1Database;
  private readonly meter: ResourceMeter | null;
  /** When the live (or last) run arrived: its line's duration. */
  private runArrivedAt = 0;
  private live: Run | null = null;
  private title: TitleJob | null = null;
  /** The live run's OAuth sign-ins. */
  private signIns: ActionSignIns | null = null;

  /** Lines outside a run still name the conversation. */
  private get log(): Logger {
    const conversationId = this.ctx.id.name ?? this.store.conversationId();
    return conversationId ? log.with({ conversationId }) : log;
  }

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.meter = isMeteringOn(env) ? new ResourceMeter() : null;
    this.db = this.meter ? this.meter.d1(env.DB) : env.DB;
    this.store = new RunStore(this.meter ? this.meter.sql(ctx.storage.sql) : ctx.storage.sql);
  }

  /** `POST /run` only (see the class comment for why it is a fetch). */
  override async fetch(request: Request): Promise<Response> {
    if (request.method !== 'POST') return Response.json({ message: 'Method not allowed' }, { status: 405 });
    if (new URL(request.url).pathname !== '/run') return Response.json({ message: 'Not found' }, { status: 404 });
    const body: unknown = await request.json().catch(() => null);
    return this.startRun(body);
  }

  override async alarm(): Promise<void> {
    // An alarm invocation is a billed request to the object, like a fetch or an RPC call.
    if (this.meter) this.meter.usage.doRequests += 1;
    const run = this.live;
    if (!run) {
      // Idempotent: an orphan is finalised once; a later (or repeated) alarm finds nothing.
      await this.recoverOrphan();
      if (!this.live) this.store.sweepFrames();
      return;
    }
    run.heartbeat(Date.now());
    if (run.spec.leaseKey) {
      await extendLeaseStatement(this.db, run.spec.leaseKey)
        .run()
        .catch((error: unknown) => run.log.warn('chat_lease_renew_failed', { error: String(error) }));
    }
    if (this.live === run) await this.ctx.storage.setAlarm(Date.now() + RUN_HEARTBEAT_MS);
  }

  actionSignedIn(userId: string, actionId: string, accessToken: string): boolean {
    if (this.live?.spec.userId !== userId) return false;
    return this.signIns?.signedIn(userId, actionId, accessToken) ?? false;
  }

  /** The generated title of this conversation's first reply; null on timeout, none, or not the owner's. */
  async awaitTitle(userId: string, timeoutMs: number): Promise<string | null> {
    const job = this.title;
    if (job) return job.userId === userId ? job.wait(timeoutMs) : null;
    // Nothing in memory (asked long after, or the instance was evicted): what D1 has.
    const conversationId = this.ctx.id.name ?? this.store.conversationId();
    if (!conversationId) return null;
    const row = await conversationTitleStatement(this.db, userId, conversationId).first<{ title: string }>();
    return row && row.title !== DEFAULT_CONVERSATION_TITLE ? row.title : null;
  }

  private async startRun(body: unknown): Promise<Response> {
    this.runArrivedAt = Date.now();
    if (!isRunSpec(body)) return Response.json({ message: 'Invalid run' }, { status: 400 });
    // A conversation this send created was named by the worker a moment ago: its object has
    // no past, and storage is not touched before the provider is called.
    if (!body.isNewConversation) await this.recoverOrphan();
    if (this.live) return Response.json({ message: RUN_ALREADY_LIVE }, { status: 409 });
    const { userId, conversation } = body;
    // Flows go to D1; the user's confirmation hands the token back through actionSignedIn.
    this.signIns = new ActionSignIns({ db: this.db, userId, conversationId: conversation.conversationId });
    const run = new Run(body, {
      store: this.store,
      db: this.db,
      readStoredBytes: async (key, maxBytes) =>
        (
          await this.env.FILES.get(key, maxBytes === undefined ? {} : { range: { offset: 0, length: maxBytes } })
        )?.arrayBuffer() ?? null,
      storeImage: (image) =>
        storeToolImage(
          { FILES: this.env.FILES, DB: this.db },
          { userId: body.userId, conversationId: body.conversation.conversationId, messageId: body.responseMessageId },
          image,
        ),
      signIns: this.signIns,
      onRecorded: () => this.armHeartbeat(),
      onEnded: (ended, end) => this.onEnded(ended, end),
    });
    this.live = run;
    let started: ReturnType<Run['start']>;
    try {
      started = run.start();
    } catch (error) {
      this.live = null;
      throw error;
    }
    const { stream, done } = started;
    // Only a new conversation's run titles it; later runs leave the job for gen_title to await.
    if (body.title) this.title = new TitleJob(body.runId, body.userId, body.conversation.conversationId, run.log);
    // The run outlives the request that started it; the heartbeat alarm keeps the instance up.
    this.ctx.waitUntil(done.catch((error: unknown) => run.log.error('chat_run_crashed', { error: String(error) })));
    return new Response(stream, { headers: SSE_HEADERS });
  }

  /**
   * Set once the run is stored, which is after its provider request left (see Run.record): like
   * any storage write, the alarm holds the instance's later messages until it is durable.
   * Not awaited: writes apply in order, and the output gate does the waiting.
   */
  private armHeartbeat(): void {
    this.ctx.storage.setAlarm(Date.now() + RUN_HEARTBEAT_MS).catch((error: unknown) => {
      (this.live?.log ?? this.log).error('chat_heartbeat_alarm_failed', { error: String(error) });
    });
  }

  /** Another client of the run's owner: everything streamed so far, then the live frames. */
  async attach(userId: string): Promise<AttachResult> {
    await this.recoverOrphan();
    const run = this.live;
    if (!run) return { status: 'idle' };
    if (run.spec.userId !== userId) return { status: 'not_owner' };
    return { status: 'live', stream: run.attach() };
  }

  /**
   * The live run's conversation as the run will save it: what its owner is shown while the
   * conversation's row is not in D1 yet (see Run.record).
   */
  liveConversation(userId: string): Record<string, unknown> | null {
    const run = this.live;
    if (!run || run.spec.userId !== userId) return null;
    return { ...toWireConversation(run.spec.conversation), tags: [] };
  }

  /**
   * The user message the live run answers, for its owner: a second reply of that turn (the `+`
   * command) may answer it before the message reaches D1. Null otherwise.
   */
  liveUserMessageId(userId: string): string | null {
    const run = this.live;
    return run?.spec.userId === userId ? (run.spec.userMessage?.messageId ?? null) : null;
  }

  /** Stops the run (live, or left by a lost instance) and saves its partial reply. */
  async abort(userId: string): Promise<AbortResult> {
    const run = this.live;
    if (run) {
      if (run.spec.userId !== userId) return { status: 'not_owner' };
      return aborted(await run.abort());
    }
    const stored = this.store.current();
    if (!stored) return { status: 'idle' };
    if (stored.userId !== userId) return { status: 'not_owner' };
    return aborted(await this.ctx.blockConcurrencyWhile(() => finaliseOrphan(this.db, this.store, stored)));
  }

  /** Finalises a stored run that no instance is running any more (see orphan.ts). */
  private async recoverOrphan(): Promise<void> {
    if (this.live || !this.store.current()) return;
    await this.ctx.blockConcurrencyWhile(async () => {
      const stored = this.store.current();
      if (!this.live && stored) await finaliseOrphan(this.db, this.store, stored);
    });
  }

  private onEnded(run: Run, end: RunEnd): void {
    if (this.live === run) this.live = null;
    // The alarm retries a failed final batch from storage, or sweeps the finished run's frames.
    const alarmSet = this.ctx.storage.setAlarm(Date.now() + (end.committed ? FRAME_SWEEP_DELAY_MS : FINAL_RETRY_MS));
    const after: Promise<unknown>[] = [alarmSet];
    const job = this.title;
    if (job && job.runId === run.spec.runId) {
      const spec = run.spec.title;
      if (spec && end.exchange && end.committed && end.outcome.kind !== 'failed')
        after.push(job.run(this.db, spec, end.exchange));
      else job.cancel();
    }
    for (const task of after) this.ctx.waitUntil(task);
    if (this.meter) this.ctx.waitUntil(Promise.allSettled(after).then(() => this.reportUsage(run)));
  }

  /** The run's `resource_usage` line: what it used from its arrival to its last write. */
  private reportUsage(run: Run): void {
    const usage = this.meter?.take();
    if (usage) run.log.info('resource_usage', { scope: 'run', durationMs: Date.now() - this.runArrivedAt, ...usage });
  }
}

function aborted(final: FinalPayload | null): AbortResult {
  return final ? { status: 'aborted', finalJson: JSON.stringify(final) } : { status: 'idle' };
}
