/**
 * The run's replay buffer and journal. Frames arrive already encoded; they are kept in memory
 * and written to SQLite in batches — every FRAME_FLUSH_INTERVAL_MS, or at FRAME_FLUSH_MAX
 * frames, or when a batch reaches FRAME_ROW_MAX_CHARS — each batch together with the reply's
 * snapshot, so an orphaned run is finalised with what its subscribers had seen. No write per
 * token, and memory holds at most one batch.
 *
 * Content that changes without a buffered frame (the legacy dialect, whose frames are not
 * replayed) marks the snapshot dirty; the timer writes it.
 */
import type { RunStore, StoredSnapshot } from './run-store';

/**
 * A second. A client that re-attaches loses nothing either way (the frames not written yet are
 * replayed from memory); the interval only bounds what an instance that dies mid-reply leaves
 * out of the saved partial reply. Each write is billed by the rows it writes (a frames row and
 * the snapshot), and a reply streams for tens of seconds: at a quarter second, the buffer's
 * writes cost more than everything else in a turn.
 */
export const FRAME_FLUSH_INTERVAL_MS = 1_000;
/** Enough deltas per row to keep the write count low on fast streams (~256 tokens). */
export const FRAME_FLUSH_MAX = 256;
/** Keeps a row far below the DO SQLite's 2 MB row limit however large the frames. */
export const FRAME_ROW_MAX_CHARS = 256 * 1024;

export class FrameBuffer {
  private pending: string[] = [];
  private pendingChars = 0;
  private dirty = false;
  private seq = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** Set once the run finalises: from then on the run row holds the outcome, not a snapshot. */
  private disposed = false;

  constructor(
    private readonly store: RunStore,
    private readonly runId: string,
    private readonly snapshot: () => StoredSnapshot,
  ) {}

  /** Buffers `frames` for replay (null: only the snapshot changed). */
  push(frames: string | null): void {
    if (this.disposed) return;
    this.dirty = true;
    if (frames) {
      this.pending.push(frames);
      this.pendingChars += frames.length;
      if (this.pending.length >= FRAME_FLUSH_MAX || this.pendingChars >= FRAME_ROW_MAX_CHARS) {
        this.flush();
        return;
      }
    }
    this.timer ??= setTimeout(() => this.flush(), FRAME_FLUSH_INTERVAL_MS);
  }

  flush(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    if (this.disposed) return;
    if (this.pending.length > 0) {
      this.store.appendFrames(this.runId, this.seq, this.pending.join(''));
      this.seq += 1;
      this.pending = [];
      this.pendingChars = 0;
    }
    if (this.dirty) this.store.saveSnapshot(this.runId, this.snapshot(), Date.now());
    this.dirty = false;
  }

  /** Frames and snapshot to storage now, whatever is pending (an agent step's boundary). */
  checkpoint(): void {
    this.dirty = true;
    this.flush();
  }

  /** Every frame so far, stored and pending, in order. */
  replay(): string {
    return this.store.readFrames(this.runId) + this.pending.join('');
  }

  dispose(): void {
    this.disposed = true;
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }
}
