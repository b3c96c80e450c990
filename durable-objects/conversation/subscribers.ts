/**
 * Fan-out of a run's frames to every attached client (the tab that sent the message, a second
 * tab, a reloaded page). Each subscriber is the writable end of a native identity stream whose
 * readable end is that client's response body, so the bytes go to the client without passing
 * through JavaScript again. A frame is encoded to bytes once for all.
 *
 * Frames that follow one another within COALESCE_MS are written together: each write costs
 * the runtime far more than the few bytes it carries (the object's stream, the Worker's, the
 * socket), and a fast provider sends a token every millisecond or two. Nothing waits longer
 * than COALESCE_MS, and a frame sent `now` (the first ones of a reply, its end) goes at once
 * with whatever was waiting before it.
 *
 * A client that goes away (its body is cancelled) makes writes to it fail: that subscriber is
 * dropped and the run carries on for the others — a run never stops because a client left.
 */

/** At most one write per client in this many ms: a screen refresh, so no one sees the wait. */
export const COALESCE_MS = 16;

export class Subscribers {
  private readonly writers = new Set<WritableStreamDefaultWriter<Uint8Array>>();
  private readonly encoder = new TextEncoder();
  /** Frames broadcast but not written yet. */
  private pending = '';
  private timer: ReturnType<typeof setTimeout> | null = null;
  private lastWriteAt = Number.NEGATIVE_INFINITY;

  get size(): number {
    return this.writers.size;
  }

  /**
   * A new subscriber, first sent `replay` (what it missed: every frame broadcast so far,
   * written or still pending). The caller computes `replay` in the same synchronous turn as
   * this call, so no frame falls between the two or arrives twice.
   */
  add(replay: string): ReadableStream<Uint8Array> {
    // The pending frames are in `replay`: the others get them now, the newcomer only once.
    this.flush();
    const { readable, writable } = new IdentityTransformStream();
    const writer = writable.getWriter();
    this.writers.add(writer);
    writer.closed.catch(() => this.writers.delete(writer));
    if (replay !== '') this.write(writer, this.encoder.encode(replay));
    return readable;
  }

  /** Sends `text` to every subscriber: at once when `now` or after a quiet spell, else within COALESCE_MS. */
  broadcast(text: string, now = false): void {
    if (this.writers.size === 0 || text === '') return;
    this.pending += text;
    if (now || (this.timer === null && Date.now() - this.lastWriteAt >= COALESCE_MS)) {
      this.flush();
      return;
    }
    this.timer ??= setTimeout(() => this.flush(), COALESCE_MS);
  }

  /** Ends every subscriber's stream after what was broadcast to it. */
  closeAll(): void {
    this.flush();
    for (const writer of this.writers) writer.close().catch(() => undefined);
    this.writers.clear();
  }

  private flush(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    if (this.pending === '' || this.writers.size === 0) {
      this.pending = '';
      return;
    }
    const bytes = this.encoder.encode(this.pending);
    this.pending = '';
    this.lastWriteAt = Date.now();
    let remaining = this.writers.size;
    for (const writer of this.writers) {
      remaining -= 1;
      // The runtime may take ownership of a written buffer; all but the last get a copy.
      this.write(writer, remaining === 0 ? bytes : bytes.slice());
    }
  }

  private write(writer: WritableStreamDefaultWriter<Uint8Array>, bytes: Uint8Array): void {
    writer.write(bytes).catch(() => this.drop(writer));
  }

  private drop(writer: WritableStreamDefaultWriter<Uint8Array>): void {
    if (!this.writers.delete(writer)) return;
    writer.abort().catch(() => undefined);
  }
}
