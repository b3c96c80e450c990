/**
 * Fan-out of a run's frames to every attached client (the tab that sent the message, a second
 * tab, a reloaded page). Each subscriber is the writable end of a TransformStream whose
 * readable end is that client's response body. A frame is encoded to bytes once for all.
 *
 * A client that goes away (its body is cancelled) makes writes to it fail: that subscriber is
 * dropped and the run carries on for the others — a run never stops because a client left.
 */
export class Subscribers {
  private readonly writers = new Set<WritableStreamDefaultWriter<Uint8Array>>();
  private readonly encoder = new TextEncoder();

  get size(): number {
    return this.writers.size;
  }

  /**
   * A new subscriber, first sent `replay` (what it missed). The caller computes `replay` in the
   * same synchronous turn as this call, so no frame falls between the two or arrives twice.
   */
  add(replay: string): ReadableStream<Uint8Array> {
    const { readable, writable } = new IdentityTransformStream();
    const writer = writable.getWriter();
    this.writers.add(writer);
    writer.closed.catch(() => this.writers.delete(writer));
    if (replay !== '') this.write(writer, this.encoder.encode(replay));
    return readable;
  }

  broadcast(text: string): void {
    if (this.writers.size === 0 || text === '') return;
    const bytes = this.encoder.encode(text);
    let remaining = this.writers.size;
    for (const writer of this.writers) {
      remaining -= 1;
      // The runtime may take ownership of a written buffer; all but the last get a copy.
      this.write(writer, remaining === 0 ? bytes : bytes.slice());
    }
  }

  /** Ends every subscriber's stream after what was already written to it. */
  closeAll(): void {
    for (const writer of this.writers) writer.close().catch(() => undefined);
    this.writers.clear();
  }

  private write(writer: WritableStreamDefaultWriter<Uint8Array>, bytes: Uint8Array): void {
    writer.write(bytes).catch(() => this.drop(writer));
  }

  private drop(writer: WritableStreamDefaultWriter<Uint8Array>): void {
    if (!this.writers.delete(writer)) return;
    writer.abort().catch(() => undefined);
  }
}
