/**
 * The DO's own SQLite: the live run (at most one per conversation) and its buffered frames.
 *
 * - `run`: the run's owner, status, spec (without credentials) and a snapshot of the reply so
 *   far. The snapshot is what an orphaned run — one whose instance was evicted or restarted —
 *   is finalised from. `status` is `running`, or `finalising` once the final outcome is
 *   decided (then the snapshot holds it, so a retry saves exactly that).
 * - `frames`: the encoded SSE frames in batches (`data` holds several frames), in `seq` order,
 *   replayed to clients that attach mid-run.
 * - `steps`: an agent run's journal: each model turn that called tools (before they run) and
 *   each tool result (when it settles), written in the same turn as the snapshot, so an orphaned
 *   run is finalised with every output that was finished.
 *
 * Everything is synchronous (SQLite in the DO's thread); writes in one turn are committed
 * together. The run's row is deleted when its final batch has committed; its frames a little
 * later, by the alarm (ConversationDO FRAME_SWEEP_DELAY_MS), or by the next run's start.
 */
import type { MessageRecord } from '../../worker/db/runs';
import type { ReplyUsage } from '../../worker/db/usage';
import type { ContentSnapshot } from './content-builder';
import type { RunOutcome } from './outcome';
import type { StoredRunSpec } from './stored-spec';

export type RunStatus = 'running' | 'finalising';

export interface StoredSnapshot extends ContentSnapshot {
  /** Estimated prompt tokens, once the context is built. */
  promptTokens?: number;
  /** Set with status `finalising`. */
  outcome?: RunOutcome;
  /** Provider-reported usage, set with status `finalising`. */
  usage?: ReplyUsage;
  /** What each chained agent's model reported, set with status `finalising`. */
  chainUsage?: { model: string; usage: ReplyUsage }[];
}

/** Worked out once the conversation's messages are read (written once, not with every snapshot). */
export interface StoredTurn {
  request: MessageRecord;
  previousReply?: MessageRecord;
}

export interface StoredRun {
  id: string;
  userId: string;
  status: RunStatus;
  spec: StoredRunSpec;
  snapshot: StoredSnapshot;
  turn: StoredTurn | null;
  startedAt: number;
  heartbeatAt: number;
}

interface RunRow extends Record<string, SqlStorageValue> {
  id: string;
  userId: string;
  status: string;
  spec: string;
  snapshot: string;
  turn: string | null;
  startedAt: number;
  heartbeatAt: number;
}

/** A row of the steps journal; `data` is JSON of the kind's own shape (see agent-loop.ts). */
export interface StoredStep {
  seq: number;
  kind: 'model' | 'result';
  /** Result rows: the call they answer and the content index of its part. */
  callId: string | null;
  partIndex: number | null;
  data: string;
}

export class RunStore {
  /**
   * Whether the tables exist; null until first asked. A new conversation's object has none
   * until its first run is stored: creating them is a write, and a write in the constructor
   * would hold that run's provider request behind its confirmation (the output gate, see
   * Run.record). Asked lazily, so a run that knows its object is new (its conversation was
   * created by this send) reaches the provider without touching storage at all.
   */
  private tablesExist: boolean | null = null;
  /** Whether this instance ran the CREATE statements (a table added by a later deploy is created then). */
  private created = false;

  constructor(private readonly sql: SqlStorage) {}

  /**
   * Whether the object has stored a run before: its `run` table exists. Only that table counts:
   * an object created by an earlier deploy lacks the tables added since, and its stored run must
   * still be found (and its orphan finalised).
   */
  private get ready(): boolean {
    this.tablesExist ??= this.hasTable('run');
    return this.tablesExist;
  }

  private hasTable(name: string): boolean {
    return this.sql.exec("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", name).toArray().length > 0;
  }

  /** Every write goes through here first. */
  private writable(): SqlStorage {
    if (!this.created) {
      this.sql.exec(`CREATE TABLE IF NOT EXISTS run (
        id TEXT PRIMARY KEY, userId TEXT NOT NULL, status TEXT NOT NULL, spec TEXT NOT NULL,
        snapshot TEXT NOT NULL, turn TEXT, startedAt INTEGER NOT NULL, heartbeatAt INTEGER NOT NULL)`);
      this.sql.exec('CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)');
      this.sql.exec(`CREATE TABLE IF NOT EXISTS frames (
        runId TEXT NOT NULL, seq INTEGER NOT NULL, data TEXT NOT NULL, PRIMARY KEY (runId, seq))`);
      this.sql.exec(`CREATE TABLE IF NOT EXISTS steps (
        runId TEXT NOT NULL, seq INTEGER NOT NULL, kind TEXT NOT NULL, callId TEXT, partIndex INTEGER,
        data TEXT NOT NULL, at INTEGER NOT NULL, PRIMARY KEY (runId, seq))`);
      this.tablesExist = true;
      this.created = true;
    }
    return this.sql;
  }

  /** The stored run, if any (there is at most one). */
  current(): StoredRun | null {
    if (!this.ready) return null;
    const row = this.sql
      .exec<RunRow>('SELECT id, userId, status, spec, snapshot, turn, startedAt, heartbeatAt FROM run LIMIT 1')
      .toArray()[0];
    if (!row) return null;
    return {
      id: row.id,
      userId: row.userId,
      status: row.status === 'finalising' ? 'finalising' : 'running',
      spec: parseJson<StoredRunSpec>(row.spec),
      snapshot: parseJson<StoredSnapshot>(row.snapshot),
      turn: row.turn === null ? null : parseJson<StoredTurn>(row.turn),
      startedAt: row.startedAt,
      heartbeatAt: row.heartbeatAt,
    };
  }

  /** The conversation this object serves, as recorded by its last run. */
  conversationId(): string | null {
    if (!this.ready) return null;
    const row = this.sql.exec<{ value: string }>("SELECT value FROM meta WHERE key = 'conversationId'").toArray()[0];
    return row?.value ?? null;
  }

  begin(spec: StoredRunSpec, snapshot: StoredSnapshot, now: number): void {
    const sql = this.writable();
    sql.exec(
      "INSERT INTO meta (key, value) VALUES ('conversationId', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
      spec.conversation.conversationId,
    );
    sql.exec('DELETE FROM run');
    // Another run's leftovers only: this run's own frames may already be buffered here.
    sql.exec('DELETE FROM frames WHERE runId != ?', spec.runId);
    sql.exec('DELETE FROM steps WHERE runId != ?', spec.runId);
    sql.exec(
      'INSERT INTO run (id, userId, status, spec, snapshot, startedAt, heartbeatAt) VALUES (?, ?, ?, ?, ?, ?, ?)',
      spec.runId,
      spec.userId,
      'running',
      JSON.stringify(spec),
      JSON.stringify(snapshot),
      now,
      now,
    );
  }

  saveSnapshot(runId: string, snapshot: StoredSnapshot, now: number, status: RunStatus = 'running'): void {
    this.writable().exec(
      'UPDATE run SET snapshot = ?, heartbeatAt = ?, status = ? WHERE id = ?',
      JSON.stringify(snapshot),
      now,
      status,
      runId,
    );
  }

  saveTurn(runId: string, turn: StoredTurn): void {
    this.writable().exec('UPDATE run SET turn = ? WHERE id = ?', JSON.stringify(turn), runId);
  }

  heartbeat(runId: string, now: number): void {
    this.writable().exec('UPDATE run SET heartbeatAt = ? WHERE id = ?', now, runId);
  }

  appendFrames(runId: string, seq: number, data: string): void {
    this.writable().exec('INSERT INTO frames (runId, seq, data) VALUES (?, ?, ?)', runId, seq, data);
  }

  /** Every buffered frame of the run, in order, as one string. */
  readFrames(runId: string): string {
    if (!this.ready) return '';
    let text = '';
    for (const row of this.sql.exec<{ data: string }>('SELECT data FROM frames WHERE runId = ? ORDER BY seq', runId))
      text += row.data;
    return text;
  }

  /** Journals one step of the run (see StoredStep); call it in the same turn as saveSnapshot. */
  appendStep(runId: string, step: StoredStep, now: number): void {
    this.writable().exec(
      'INSERT INTO steps (runId, seq, kind, callId, partIndex, data, at) VALUES (?, ?, ?, ?, ?, ?, ?)',
      runId,
      step.seq,
      step.kind,
      step.callId,
      step.partIndex,
      step.data,
      now,
    );
  }

  /** The run's steps in order; none for an object whose table does not exist yet. */
  readSteps(runId: string): StoredStep[] {
    if (!this.ready || !this.hasTable('steps')) return [];
    return this.sql
      .exec<{ seq: number; kind: string; callId: string | null; partIndex: number | null; data: string }>(
        'SELECT seq, kind, callId, partIndex, data FROM steps WHERE runId = ? ORDER BY seq',
        runId,
      )
      .toArray()
      .map((row) => ({ ...row, kind: row.kind === 'model' ? 'model' : 'result' }));
  }

  /**
   * The run is over and D1 holds its outcome: its row goes now (an object whose stored run is
   * gone has nothing to recover), its frames wait for {@link sweepFrames}.
   */
  finish(runId: string): void {
    const sql = this.writable();
    sql.exec('DELETE FROM steps WHERE runId = ?', runId);
    sql.exec('DELETE FROM run WHERE id = ?', runId);
  }

  /** Deletes the frames of every run that is over (all of them when no run is stored). */
  sweepFrames(): void {
    if (!this.ready) return;
    this.sql.exec('DELETE FROM frames WHERE runId NOT IN (SELECT id FROM run)');
    if (this.hasTable('steps')) this.sql.exec('DELETE FROM steps WHERE runId NOT IN (SELECT id FROM run)');
  }

  /** The run and its frames, at once (the orphan path, which is already off the reply's way). */
  end(runId: string): void {
    const sql = this.writable();
    sql.exec('DELETE FROM frames WHERE runId = ?', runId);
    sql.exec('DELETE FROM steps WHERE runId = ?', runId);
    sql.exec('DELETE FROM run WHERE id = ?', runId);
  }
}

/** Rows are written only by this class, from these same types. */
function parseJson<T>(text: string): T {
  return JSON.parse(text) as T;
}
