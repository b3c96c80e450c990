import { describe, expect, it } from 'vitest';
import { chunkedResponse, collectEvents, splitBytes } from '../testing';
import { crc32 } from './crc32';
import { EventStreamDecoder, EventStreamError, readEventStream, type EventStreamMessage } from './event-stream';
import { encodeEventStreamFrame } from './event-stream-encode';
import { concatBytes, framesOf, REASONING_REPLY } from './fixtures/stream';

const decodeText = (message: EventStreamMessage) => new TextDecoder().decode(message.payload);

function decodeAll(chunks: Uint8Array[]): EventStreamMessage[] {
  const decoder = new EventStreamDecoder();
  const messages = chunks.flatMap((chunk) => decoder.push(chunk));
  decoder.end();
  return messages;
}

function expectEventStreamError(run: () => unknown, kind: 'truncated' | 'malformed'): void {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(EventStreamError);
    expect((error as EventStreamError).kind).toBe(kind);
    return;
  }
  expect.fail('expected an EventStreamError');
}

describe('crc32', () => {
  it('matches the standard check value', () => {
    expect(crc32(new TextEncoder().encode('123456789'))).toBe(0xcbf43926);
    expect(crc32(new Uint8Array(0))).toBe(0);
  });
});

describe('EventStreamDecoder', () => {
  const bytes = framesOf(REASONING_REPLY);
  const expected = REASONING_REPLY.map(([eventType, payload]) => ({ eventType, payload }));
  const simplify = (messages: EventStreamMessage[]) =>
    messages.map((message) => ({ eventType: message.headers[':event-type'], payload: decodeText(message) }));

  it('decodes several frames from one chunk, with their string headers and payloads', () => {
    const messages = decodeAll([bytes]);
    expect(simplify(messages)).toEqual(expected);
    expect(messages[0]?.headers).toEqual({
      ':event-type': 'messageStart',
      ':content-type': 'application/json',
      ':message-type': 'event',
    });
  });

  it('decodes the same frames whatever byte a chunk ends on (every split point, one-byte chunks)', () => {
    for (let at = 1; at < bytes.length; at++) {
      expect(simplify(decodeAll(splitBytes(bytes, { splitAt: [at] }))), `split at ${at}`).toEqual(expected);
    }
    expect(simplify(decodeAll(splitBytes(bytes, [1])))).toEqual(expected);
    expect(simplify(decodeAll(splitBytes(bytes, [5, 11, 2, 17])))).toEqual(expected);
  });

  it('reads the other header types by their length', () => {
    // name "b" bool true (0), "i" int32 (4), "x" bytes (6), "u" uuid (9), then a string "s".
    const headers = concatBytes([
      new Uint8Array([1, 0x62, 0]),
      new Uint8Array([1, 0x69, 4, 0xff, 0xff, 0xff, 0xfe]),
      new Uint8Array([1, 0x78, 6, 0, 2, 0xca, 0xfe]),
      new Uint8Array([1, 0x75, 9, ...Array.from({ length: 16 }, (_, i) => i)]),
      new Uint8Array([1, 0x73, 7, 0, 2, 0x6f, 0x6b]),
    ]);
    const frame = rawFrame(headers, new TextEncoder().encode('{}'));
    const [message] = decodeAll([frame]);
    expect(message?.headers).toEqual({
      b: true,
      i: -2,
      x: new Uint8Array([0xca, 0xfe]),
      u: '000102030405060708090a0b0c0d0e0f',
      s: 'ok',
    });
  });

  it('refuses a frame whose message checksum is wrong, and one whose prelude checksum is wrong', () => {
    const corruptPayload = framesOf(REASONING_REPLY.slice(0, 1));
    flip(corruptPayload, corruptPayload.length - 6);
    expectEventStreamError(() => decodeAll([corruptPayload]), 'malformed');
    const corruptPrelude = framesOf(REASONING_REPLY.slice(0, 1));
    flip(corruptPrelude, 3);
    // Noticed from the prelude alone, before the (now wrong) total length has arrived.
    expectEventStreamError(() => new EventStreamDecoder().push(corruptPrelude.slice(0, 12)), 'malformed');
  });

  it('refuses impossible lengths even with a valid prelude checksum', () => {
    const prelude = new Uint8Array(12);
    const view = new DataView(prelude.buffer);
    view.setUint32(0, 20);
    view.setUint32(4, 50);
    view.setUint32(8, crc32(prelude, 0, 8));
    expectEventStreamError(() => new EventStreamDecoder().push(prelude), 'malformed');
  });

  it('reports input that ends inside a frame as truncated', () => {
    expectEventStreamError(() => decodeAll([bytes.slice(0, bytes.length - 3)]), 'truncated');
    expectEventStreamError(() => decodeAll([bytes.slice(0, 7)]), 'truncated');
  });
});

describe('readEventStream', () => {
  it('reads a response body chunked at awkward places', async () => {
    const body = chunkedResponse(framesOf(REASONING_REPLY), 'awkward').body;
    if (!body) throw new Error('no body');
    const { events, error } = await collectEvents(readEventStream(body));
    expect(error).toBeUndefined();
    expect(events.map((message) => message.headers[':event-type'])).toEqual(REASONING_REPLY.map(([type]) => type));
  });

  it('throws the abort reason when the signal is already aborted', async () => {
    const body = chunkedResponse(framesOf(REASONING_REPLY)).body;
    if (!body) throw new Error('no body');
    const { error } = await collectEvents(readEventStream(body, AbortSignal.abort(new Error('stop'))));
    expect(error).toEqual(new Error('stop'));
  });
});

/** Flips the low bit of one byte: a corruption in transit. */
function flip(bytes: Uint8Array, index: number): void {
  bytes[index] = (bytes[index] ?? 0) ^ 0x01;
}

/** A frame built by hand around arbitrary header bytes, with correct checksums. */
function rawFrame(headers: Uint8Array, payload: Uint8Array): Uint8Array {
  const reference = encodeEventStreamFrame({}, payload);
  const total = reference.length + headers.length;
  const frame = new Uint8Array(total);
  const view = new DataView(frame.buffer);
  view.setUint32(0, total);
  view.setUint32(4, headers.length);
  view.setUint32(8, crc32(frame, 0, 8));
  frame.set(headers, 12);
  frame.set(payload, 12 + headers.length);
  view.setUint32(total - 4, crc32(frame, 0, total - 4));
  return frame;
}
