import { PENDING_CONVERSATION } from '@/shared/conversation/types';
import { stopConnectionErrorTimer } from './connection-error';
import { realIdOf, type RunRecord, viewOf } from './run-record';
import { type ChatRunView, isSubmittingStatus } from './run-view';

type Listener = () => void;

/*
 * Where the run store (run-store.ts) keeps its runs: one per conversation at most, keyed by
 * conversation id, and who is subscribed to each key. Each change publishes a new immutable
 * view, so a render always sees one consistent state.
 *
 * A send under a new conversation is keyed PENDING until `created` names the conversation;
 * from then on it is also under its real id. The PENDING alias is dropped once nothing is
 * subscribed to PENDING any more (the page moved to /c/{id}) and the run has its id or has
 * ended: the next /c/new starts empty, while a page still on /c/new keeps seeing its run.
 */
export class RunRegistry {
  private readonly runs = new Map<string, RunRecord>();
  private readonly listeners = new Map<string, Set<Listener>>();

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

  get(key: string): RunRecord | undefined {
    return this.runs.get(key);
  }

  view(key: string): ChatRunView | null {
    return this.runs.get(key)?.view ?? null;
  }

  /** Puts `record` under `key`, replacing (and unlinking) the run that was there. */
  install(key: string, record: RunRecord): void {
    const previous = this.runs.get(key);
    if (previous) this.unlink(previous, key);
    this.runs.set(key, record);
    record.keys.add(key);
    this.publish(record);
  }

  /** The run is found under `id` too (its conversation got its id); a stale run there is unlinked. */
  alias(record: RunRecord, id: string): void {
    if (record.keys.has(id)) return;
    const previous = this.runs.get(id);
    if (previous && previous !== record) this.unlink(previous, id);
    this.runs.set(id, record);
    record.keys.add(id);
  }

  /** Removes the run from `key`; a run no longer under any key stops reading and is dropped. */
  unlink(record: RunRecord, key: string): void {
    record.keys.delete(key);
    if (this.runs.get(key) === record) this.runs.delete(key);
    if (record.keys.size === 0) {
      stopConnectionErrorTimer(record);
      record.connection?.abort();
      record.connection = null;
    }
    this.notify(key);
  }

  /** Drops the PENDING alias once nothing is subscribed to it and the run has its id or has ended. */
  releasePending(): void {
    const record = this.runs.get(PENDING_CONVERSATION);
    if (!record || this.listeners.has(PENDING_CONVERSATION)) return;
    if (isSubmittingStatus(record.status) && !realIdOf(record)) return;
    this.unlink(record, PENDING_CONVERSATION);
  }

  /** A new view of the run, to every subscriber of each of its keys. */
  publish(record: RunRecord): void {
    record.view = viewOf(record);
    for (const key of record.keys) this.notify(key);
  }

  private notify(key: string): void {
    for (const listener of this.listeners.get(key) ?? []) listener();
  }
}
