/**
 * One generation, owned by the ConversationDO: sends the prompt the worker built (RunSpec.turn)
 * to the provider, turns its events into frames for every subscriber and the replay buffer,
 * and finally saves the reply (one D1 batch) and sends `final` (or `event: error`). The stream
 * of the request that started it is only its first subscriber: the run goes on when that
 * client leaves, and only {@link Run.abort} stops it early.
 */
import type { Logger } from '../../worker/logging/logger';
import type { ReplyUsage } from '../../worker/db/usage';
import { assertBalanceCovers } from '../../worker/engine/balance-check';
import { errorText } from '../../worker/engine/error-text';
import { resolvePromptFiles, type ReadStoredBytes } from '../../worker/engine/prompt-files';
import { toWireMessage } from '../../worker/engine/records';
import { ChatRefusal } from '../../worker/engine/refusal';
import type { RunSpec } from '../../worker/engine/run-spec';
import { startingText } from '../../worker/engine/turn';
import { callProvider } from '../../worker/providers/registry';
import { ProviderError, type ChatRequest, type ProviderEvent } from '../../worker/providers/types';
import type { ProviderTarget } from '../../worker/providers/registry';
import { providerModel, type AgentRunSpec } from '../../worker/engine/agent-spec';
import { runAgents, type AgentTarget } from './agent-chain';
import { runAgentLoop, type AgentLoopHost } from './agent-loop';
import { ContentBuilder, type ContentSnapshot } from './content-builder';
import { buildFinal, type FinalPayload } from './finalise';
import { FrameBuffer } from './frame-buffer';
import { errorFrame, messageFrame, runErrorBody } from './frames';
import { MIN_PARTIAL_TEXT_CHARS, type RunOutcome } from './outcome';
import { runLogger } from './run-log';
import { commitFinal, describe, writeInitial } from './run-writes';
import type { RunStore, StoredSnapshot } from './run-store';
import { storedSpec } from './stored-spec';
import { Subscribers } from './subscribers';
import { toolsFor } from './tool-runner';
import type { TurnCollector } from './turn-collector';
import { UsageMeter } from './usage-meter';

/** How long the run waits for the provider's first event before it is stored anyway (see Run.record). */
export const RECORD_WITHOUT_EVENT_MS = 200;

export interface RunEnd {
  outcome: RunOutcome;
  /** Whether D1 holds the final state; if not, the DO's alarm finalises the stored run again. */
  committed: boolean;
  payload: FinalPayload | null;
  /** What the reply said, for its title. */
  exchange: { userText: string; replyText: string } | null;
}

export interface RunDeps {
  store: RunStore;
  db: D1Database;
  /** Reads a prompt file's bytes from R2 (null when the file is gone). */
  readStoredBytes: ReadStoredBytes;
  /** Stores a tool's image (R2, a files row); waits for OAuth sign-ins. Without them, those tools answer an error. */
  storeImage?: Parameters<typeof toolsFor>[3];
  signIns?: AgentLoopHost['signIns'];
  /** The run is in storage (see Run.record): time to arm the heartbeat. */
  onRecorded(): void;
  onEnded(run: Run, end: RunEnd): void;
}

export class Run {
  private readonly controller = new AbortController();
  private readonly subscribers = new Subscribers();
  private readonly buffer: FrameBuffer;
  private builder: ContentBuilder | null = null;
  /** The text the reply starts from: the spec's, or a continued reply's own when none was sent. */
  private generation: string | null;
  private promptTokens = 0;
  /** One per agent that ran (a chain has several, each billed at its model's price); the first is the run's own. */
  private readonly meters: UsageMeter[];
  /** The journal's next step number, over every agent of a chain. */
  private stepSeq = 0;
  private finishReason: string | undefined;
  private initialWrite: Promise<void> = Promise.resolve();
  /** Whether the run is in the DO's storage yet (see record). */
  private recorded = false;
  private recordTimer: ReturnType<typeof setTimeout> | null = null;
  /** Whether `created` went out (see announce). */
  private announced = false;
  private readonly endedPayload: Promise<FinalPayload | null>;
  private resolveEnded: (payload: FinalPayload | null) => void = () => undefined;
  /** Lines about this run carry its conversation, run and request ids. */
  readonly log: Logger;

  constructor(
    readonly spec: RunSpec,
    private readonly deps: RunDeps,
  ) {
    this.generation = spec.generation;
    this.meters = [new UsageMeter(providerModel(spec), spec.provider.provider)];
    this.log = runLogger(spec);
    this.buffer = new FrameBuffer(deps.store, spec.runId, () => this.storedSnapshot());
    this.endedPayload = new Promise((resolve) => {
      this.resolveEnded = resolve;
    });
  }

  private get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** What the run's own model reported. */
  private get usage(): ReplyUsage | undefined {
    return this.meters[0]?.total;
  }

  /** What each chained agent's model reported, priced at that model. */
  private chainUsage(): { model: string; usage: ReplyUsage }[] {
    return this.meters.slice(1).flatMap(({ model, total }) => (total ? [{ model, usage: total }] : []));
  }

  /** Returns the starting client's stream, and generates in the background. */
  start(): { stream: ReadableStream<Uint8Array>; done: Promise<void> } {
    const stream = this.subscribers.add('');
    return { stream, done: this.execute() };
  }

  /** Tells the clients which message the run answers (`created`), before any storage write can hold it (see record). */
  private announce(): void {
    if (this.announced) return;
    this.announced = true;
    const { spec } = this;
    const { turn } = spec;
    if (spec.userMessage) this.emit(messageFrame({ created: true, message: toWireMessage(spec.userMessage) }), true);
    if (spec.mode !== 'normal')
      this.emit(messageFrame({ created: true, message: toWireMessage(turn.requestMessage) }), true);
  }

  /**
   * Makes the run durable: stores it (what an evicted instance is finalised from) and, with
   * `initialWrite`, writes the conversation and the user message to D1 (a run already ending
   * leaves that to its final batch). Both wait for the provider's first event to be sent on,
   * or RECORD_WITHOUT_EVENT_MS, whichever comes first, because both would delay the first
   * token: a storage write holds every message the instance sends afterwards until it is
   * durable (the output gate), and a D1 write is work on the same path while the provider's
   * first event is arriving (locally, about 1.5 ms of it). A fast provider answers within
   * milliseconds; a slow one's wait is covered by the timer. Until then the user message
   * exists only in this instance, as the run does; no reply text has arrived.
   */
  private record({ initialWrite }: { initialWrite: boolean }): void {
    if (this.recorded) return;
    this.recorded = true;
    if (this.recordTimer !== null) clearTimeout(this.recordTimer);
    const { spec } = this;
    const { turn } = spec;
    // Not awaited: the final batch waits for it, and repeats its statements anyway.
    if (initialWrite) this.initialWrite = writeInitial(this.deps.db, spec, this.log);
    this.deps.store.begin(storedSpec(spec), this.storedSnapshot(), Date.now());
    if (spec.mode !== 'normal') {
      this.deps.store.saveTurn(spec.runId, {
        request: turn.requestMessage,
        ...(turn.previousReply ? { previousReply: turn.previousReply } : {}),
      });
    }
    this.deps.onRecorded();
  }

  /** Another client of the owner: everything so far, then the live frames. */
  attach(): ReadableStream<Uint8Array> {
    return this.subscribers.add(this.buffer.replay() + (this.builder?.replayTail() ?? ''));
  }

  /** Stops the generation; resolves with the final payload once the partial reply is saved. */
  abort(): Promise<FinalPayload | null> {
    this.controller.abort();
    return this.endedPayload;
  }

  /** The alarm's heartbeat: the buffer and snapshot reach storage even when the stream stalls. */
  heartbeat(now: number): void {
    this.buffer.flush();
    this.deps.store.heartbeat(this.spec.runId, now);
  }

  private async execute(): Promise<void> {
    let outcome: RunOutcome;
    try {
      const request = await this.prepare();
      await this.checkBalance();
      this.signal.throwIfAborted();
      const { agent, provider, keySource } = this.spec;
      if (agent) outcome = await this.runAgents(agent, request, { provider, keySource });
      else {
        await this.streamTurn(request, provider);
        outcome = this.signal.aborted
          ? { kind: 'aborted' }
          : { kind: 'complete', finishReason: this.finishReason ?? 'stop' };
      }
    } catch (error) {
      outcome = this.failure(error);
    }
    await this.finalise(outcome);
  }

  private async checkBalance(model = providerModel(this.spec)): Promise<void> {
    const { spec, deps, promptTokens } = this;
    if (spec.balance) await assertBalanceCovers({ DB: deps.db }, spec.userId, spec.balance, model, promptTokens);
  }

  /** The agent's tool loop, then those of its chain; each agent's usage goes to a meter of its own. */
  private runAgents(agent: AgentRunSpec, request: ChatRequest, target: AgentTarget): Promise<RunOutcome> {
    const { builder } = this;
    if (!builder) throw new Error('the run is not prepared');
    return runAgents(
      {
        builder,
        signal: this.signal,
        emit: (frames) => this.emit(frames, true),
        checkpoint: () => this.buffer.checkpoint(),
        runAgent: (next, nextRequest, nextTarget) => {
          if (next !== agent) this.meters.push(new UsageMeter(nextRequest.model, nextTarget.provider.provider));
          return runAgentLoop(this.agentHost(next, nextTarget), nextRequest);
        },
      },
      agent,
      request,
      target,
    );
  }

  /** One provider call, its events streamed to the clients (and to the agent loop's collector). */
  private async streamTurn(request: ChatRequest, provider: ProviderTarget, collector?: TurnCollector): Promise<void> {
    const events = callProvider(provider, request);
    // Asking for the first event sends the provider request, before any write.
    const first = events.next();
    this.announce();
    if (!this.recorded && this.recordTimer === null)
      this.recordTimer = setTimeout(() => this.record({ initialWrite: true }), RECORD_WITHOUT_EVENT_MS);
    try {
      for (let step = await first; !step.done && !this.signal.aborted; step = await events.next()) {
        collector?.add(step.value);
        this.onEvent(step.value);
        if (!this.recorded) {
          // The first frames leave before anything else is done: the rest of a burst (one
          // network read can carry hundreds of tokens) is parsed after, and the run's writes
          // come after too (see record).
          await nextTurn();
          this.record({ initialWrite: true });
        }
      }
    } finally {
      await events.return(undefined);
      this.meters.at(-1)?.endTurn();
    }
  }

  /** What the agent loop drives the run with, for one agent of the reply. */
  private agentHost(agent: AgentRunSpec, target: AgentTarget): AgentLoopHost {
    const { spec, deps, builder } = this;
    if (!builder) throw new Error('the run is not prepared');
    return {
      agent,
      runId: spec.runId,
      keySource: target.keySource,
      builder,
      store: deps.store,
      nextStepSeq: () => this.stepSeq++,
      ...toolsFor(spec, agent, this.signal, deps.storeImage),
      signIns: deps.signIns,
      streamTurn: (request, collector) => this.streamTurn(request, target.provider, collector),
      emit: (frames) => this.emit(frames, true),
      checkpoint: () => this.buffer.checkpoint(),
      checkBalance: () => this.checkBalance(agent.model),
      finishReason: () => this.finishReason,
    };
  }

  private async prepare(): Promise<ChatRequest> {
    const { spec } = this;
    const { turn } = spec;
    this.generation = startingText(spec.generation, turn.previousReply);
    this.builder = new ContentBuilder({
      // Tool calls are content parts: an agent's reply always streams run steps.
      dialect: spec.agent ? 'parts' : spec.dialect,
      responseMessageId: spec.responseMessageId,
      parentMessageId: turn.requestMessage.messageId,
      generation: this.generation,
      ...(spec.agent ? { toolKeys: new Map(spec.agent.tools.map((tool) => [tool.wireName, tool.key])) } : {}),
    });
    const { context } = turn;
    this.promptTokens = context.promptTokens;
    return {
      model: providerModel(spec),
      messages: await resolvePromptFiles(context.messages, this.deps.readStoredBytes),
      parameters: spec.parameters,
      signal: this.signal,
      ...(context.system ? { system: context.system } : {}),
    };
  }

  private onEvent(event: ProviderEvent): void {
    if (event.type === 'usage') {
      this.meters.at(-1)?.add(event);
      return;
    }
    if (event.type === 'finish') {
      this.finishReason = event.reason;
      return;
    }
    const builder = this.builder;
    if (!builder) return;
    this.emit(builder.apply(event), builder.buffersDeltas);
  }

  private emit(frames: string, buffered: boolean): void {
    this.buffer.push(buffered ? frames : null);
    // Until the run is recorded (its first event), nothing is held back: the first token goes at once.
    this.subscribers.broadcast(frames, !this.recorded);
  }

  private failure(error: unknown): RunOutcome {
    if (this.signal.aborted) return { kind: 'aborted' };
    if (!(error instanceof ProviderError || error instanceof ChatRefusal)) {
      this.log.error('chat_run_failed', { error: describe(error) });
    }
    const text = errorText(error, this.spec.keySource);
    const received = this.builder?.snapshot().receivedTextChars ?? 0;
    return received >= MIN_PARTIAL_TEXT_CHARS ? { kind: 'cut', errorText: text } : { kind: 'failed', errorText: text };
  }

  private async finalise(outcome: RunOutcome): Promise<void> {
    const { spec, deps } = this;
    // Ended before the provider was called or answered (refused, aborted, failed): announced and
    // stored all the same, so the clients see what was answered and a failed final batch is
    // retried from storage. The final batch writes the conversation and the user message.
    this.announce();
    this.record({ initialWrite: false });
    const now = Date.now();
    this.buffer.dispose();
    const snapshot = this.contentSnapshot();
    const { turn } = spec;
    const final = buildFinal({
      spec: { ...storedSpec(spec), generation: this.generation },
      snapshot,
      outcome,
      requestMessage: turn.requestMessage,
      previousReply: turn.previousReply,
      reportedUsage: this.usage,
      chainUsage: this.chainUsage(),
      promptTokens: this.promptTokens,
      now,
      ...(spec.agent ? { steps: deps.store.readSteps(spec.runId) } : {}),
    });
    deps.store.saveSnapshot(
      spec.runId,
      {
        ...snapshot,
        promptTokens: this.promptTokens,
        outcome,
        ...(this.usage ? { usage: this.usage } : {}),
        chainUsage: this.chainUsage(),
      },
      now,
      'finalising',
    );
    await this.initialWrite;
    const committed = await commitFinal(deps.db, final.statements(deps.db), this.log);
    this.subscribers.broadcast(
      outcome.kind === 'failed'
        ? errorFrame(runErrorBody(this.spec, outcome, turn.requestMessage.messageId))
        : messageFrame(final.payload),
    );
    const end: RunEnd = {
      outcome,
      committed,
      payload: final.payload,
      exchange: { userText: turn.requestMessage.text, replyText: snapshot.text },
    };
    this.subscribers.closeAll();
    if (end.committed) deps.store.finish(spec.runId);
    this.resolveEnded(end.payload);
    deps.onEnded(this, end);
  }

  private contentSnapshot(): ContentSnapshot {
    return this.builder?.snapshot() ?? { text: this.generation ?? '', content: null, receivedTextChars: 0 };
  }

  /** Tool outputs are journalled apart (RunStore steps), not rewritten with each snapshot. */
  private storedSnapshot(): StoredSnapshot {
    const content = this.builder?.snapshot({ withOutputs: false }) ?? this.contentSnapshot();
    return { ...content, promptTokens: this.promptTokens };
  }
}

/** Lets the runtime send what was written so far (a macrotask: I/O happens between them). */
const nextTurn = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));
