/**
 * An incremental decoder for the binary AWS event-stream framing
 * (`application/vnd.amazon.eventstream`) that Bedrock's ConverseStream answers with. Each frame:
 *
 *   total length u32 | headers length u32 | prelude CRC32 u32 | headers | payload | message CRC32 u32
 *
 * Network chunks do not respect frames: a frame may arrive one byte at a time, and one chunk may
 * hold several frames, so bytes are buffered until a whole frame is there. Both checksums are
 * verified, because a corrupted length would otherwise make us wait for (or skip) megabytes.
 */
import { crc32 } from './crc32';

export type EventStreamHeaderValue = string | number | boolean | bigint | Uint8Array | Date;

export interface EventStreamMessage {
  headers: Record<string, EventStreamHeaderValue>;
  payload: Uint8Array;
}

/**
 * `truncated`: the input ended inside a frame (a cut connection). `malformed`: a checksum or
 * length is wrong, so the bytes cannot be trusted and decoding stops.
 */
export class EventStreamError extends Error {
  constructor(
    readonly kind: 'truncated' | 'malformed',
    message: string,
  ) {
    super(message);
    this.name = 'EventStreamError';
  }
}

const PRELUDE_BYTES = 12;
const CHECKSUM_BYTES = 4;
const MIN_FRAME_BYTES = PRELUDE_BYTES + CHECKSUM_BYTES;
/** The framing allows 16 MB of payload plus 128 KB of headers; more means a corrupt length. */
const MAX_FRAME_BYTES = 16 * 1024 * 1024 + 128 * 1024 + MIN_FRAME_BYTES;

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

export class EventStreamDecoder {
  private pending = new Uint8Array(0);

  /** Adds a chunk and returns every frame it completes (possibly none, possibly several). */
  push(chunk: Uint8Array): EventStreamMessage[] {
    let buffer = chunk;
    if (this.pending.length > 0) {
      buffer = new Uint8Array(this.pending.length + chunk.length);
      buffer.set(this.pending);
      buffer.set(chunk, this.pending.length);
    }
    const messages: EventStreamMessage[] = [];
    let offset = 0;
    while (buffer.length - offset >= PRELUDE_BYTES) {
      const view = new DataView(buffer.buffer, buffer.byteOffset + offset, buffer.length - offset);
      const total = checkPrelude(buffer, offset, view);
      if (buffer.length - offset < total) break;
      messages.push(decodeFrame(buffer.subarray(offset, offset + total)));
      offset += total;
    }
    // Copy the remainder so a caller reusing its chunk buffer cannot change what we hold.
    this.pending = buffer.slice(offset);
    return messages;
  }

  /** Call when the input has ended: bytes left over mean the last frame was cut off. */
  end(): void {
    if (this.pending.length > 0) {
      throw new EventStreamError(
        'truncated',
        `The event stream ended inside a frame (${this.pending.length} bytes left over).`,
      );
    }
  }
}

/** Validates the 12-byte prelude at `offset` and returns the frame's total length. */
function checkPrelude(buffer: Uint8Array, offset: number, view: DataView): number {
  const total = view.getUint32(0);
  const headersLength = view.getUint32(4);
  const preludeCrc = view.getUint32(8);
  if (crc32(buffer, offset, offset + 8) !== preludeCrc) {
    throw new EventStreamError('malformed', 'Event stream prelude checksum mismatch.');
  }
  if (total < MIN_FRAME_BYTES || total > MAX_FRAME_BYTES || headersLength > total - MIN_FRAME_BYTES) {
    throw new EventStreamError(
      'malformed',
      `Event stream frame has impossible lengths (total ${total}, headers ${headersLength}).`,
    );
  }
  return total;
}

/** Decodes one complete frame whose prelude has already been checked. */
function decodeFrame(frame: Uint8Array): EventStreamMessage {
  const view = new DataView(frame.buffer, frame.byteOffset, frame.length);
  const messageCrc = view.getUint32(frame.length - CHECKSUM_BYTES);
  if (crc32(frame, 0, frame.length - CHECKSUM_BYTES) !== messageCrc) {
    throw new EventStreamError('malformed', 'Event stream message checksum mismatch.');
  }
  const headersEnd = PRELUDE_BYTES + view.getUint32(4);
  return {
    headers: decodeHeaders(frame, view, PRELUDE_BYTES, headersEnd),
    payload: frame.slice(headersEnd, frame.length - CHECKSUM_BYTES),
  };
}

function decodeHeaders(
  frame: Uint8Array,
  view: DataView,
  start: number,
  end: number,
): Record<string, EventStreamHeaderValue> {
  const headers: Record<string, EventStreamHeaderValue> = {};
  let at = start;
  const need = (bytes: number): void => {
    if (at + bytes > end) throw new EventStreamError('malformed', 'Event stream header runs past the headers section.');
  };
  while (at < end) {
    need(1);
    const nameLength = view.getUint8(at);
    at += 1;
    need(nameLength + 1);
    const name = text(frame.subarray(at, at + nameLength));
    at += nameLength;
    const type = view.getUint8(at);
    at += 1;
    let value: EventStreamHeaderValue;
    switch (type) {
      case 0:
      case 1:
        value = type === 0;
        break;
      case 2:
        need(1);
        value = view.getInt8(at);
        at += 1;
        break;
      case 3:
        need(2);
        value = view.getInt16(at);
        at += 2;
        break;
      case 4:
        need(4);
        value = view.getInt32(at);
        at += 4;
        break;
      case 5:
      case 8: {
        need(8);
        const long = view.getBigInt64(at);
        value = type === 5 ? long : new Date(Number(long));
        at += 8;
        break;
      }
      case 6:
      case 7: {
        need(2);
        const length = view.getUint16(at);
        at += 2;
        need(length);
        const bytes = frame.slice(at, at + length);
        value = type === 7 ? text(bytes) : bytes;
        at += length;
        break;
      }
      case 9:
        need(16);
        value = Array.from(frame.subarray(at, at + 16), (byte) => byte.toString(16).padStart(2, '0')).join('');
        at += 16;
        break;
      default:
        throw new EventStreamError('malformed', `Event stream header ${name} has unknown type ${type}.`);
    }
    headers[name] = value;
  }
  return headers;
}

function text(bytes: Uint8Array): string {
  try {
    return utf8.decode(bytes);
  } catch {
    throw new EventStreamError('malformed', 'Event stream header is not valid UTF-8.');
  }
}

/**
 * Reads a response body as event-stream messages. When `signal` aborts — also while a read is
 * pending, which only settles when data arrives — the body is cancelled and the abort reason is
 * thrown, so callers can tell a cancel from a failure. Stopping early releases the body too.
 */
export async function* readEventStream(
  body: ReadableStream<Uint8Array>,
  signal?: AbortSignal,
): AsyncGenerator<EventStreamMessage> {
  signal?.throwIfAborted();
  const decoder = new EventStreamDecoder();
  const reader = body.getReader();
  const onAbort = (): void => {
    reader.cancel(signal?.reason).catch(() => undefined);
  };
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    for (;;) {
      const { done, value } = await reader.read();
      signal?.throwIfAborted();
      if (done) break;
      yield* decoder.push(value);
    }
    decoder.end();
  } finally {
    signal?.removeEventListener('abort', onAbort);
    // Cancelling (not just releasing) tells the runtime to close the connection when we stop early.
    reader.cancel().catch(() => undefined);
  }
}
