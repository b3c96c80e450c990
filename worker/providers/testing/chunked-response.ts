/**
 * Responses that replay a recorded wire fixture the way a network delivers it: in chunks
 * whose boundaries fall anywhere — inside a `data:` field name, inside a multi-byte UTF-8
 * character, between the two newlines that end an event — and, when asked, failing or stalling
 * part-way like a dropped connection. Shared by every provider's tests.
 */

/**
 * How to cut the fixture into chunks:
 * - `'awkward'`: see {@link awkwardSplitPoints};
 * - `number[]`: chunk sizes in bytes, repeated cyclically until the body is used up;
 * - `{ splitAt }`: explicit byte offsets to split at (e.g. every offset, one per run).
 */
export type ChunkPlan = 'awkward' | number[] | { splitAt: number[] };

/** What happens after the first `afterBytes` bytes have been delivered. */
export type Cut = { kind: 'error'; afterBytes: number; error: unknown } | { kind: 'stall'; afterBytes: number };

export interface FixtureResponseInit extends ResponseInit {
  cut?: Cut;
}

/** workerd's message when an upstream connection drops mid-body. */
export const CONNECTION_LOST_MESSAGE = 'Network connection lost.';

/** The stream errors (like a dropped connection) after `bytes` bytes. */
export function cutAfter(bytes: number, error: unknown = new TypeError(CONNECTION_LOST_MESSAGE)): Cut {
  return { kind: 'error', afterBytes: bytes, error };
}

/** The stream delivers `bytes` bytes and then never another one (for abort-while-waiting tests). */
export function stallAfter(bytes: number): Cut {
  return { kind: 'stall', afterBytes: bytes };
}

/** Byte offset of the first occurrence of `text` in `fixture` (for `cutAfter(offsetOf(...))`). */
export function offsetOf(fixture: string, text: string): number {
  const index = fixture.indexOf(text);
  if (index < 0) throw new Error(`The fixture does not contain ${JSON.stringify(text)}`);
  return new TextEncoder().encode(fixture.slice(0, index)).length;
}

const CYCLE = [1, 3, 2, 7, 1, 5, 13, 4, 2, 9];

/**
 * Split offsets that make every fixture awkward, deterministically: inside each multi-byte
 * character (after its lead byte), inside each `data:` / `event:` field name, between each
 * pair of newlines that ends an event, and at small irregular steps everywhere else. A
 * parser that assumes whole lines, whole characters or whole events per chunk fails on it.
 */
export function awkwardSplitPoints(bytes: Uint8Array): number[] {
  const points = new Set<number>();
  let offset = 0;
  for (let turn = 0; offset < bytes.length; turn += 1) {
    offset += CYCLE[turn % CYCLE.length] ?? 1;
    points.add(offset);
  }
  const text = new TextDecoder().decode(bytes);
  for (const field of ['data:', 'event:']) {
    for (let index = text.indexOf(field); index >= 0; index = text.indexOf(field, index + 1)) {
      points.add(byteLength(text.slice(0, index)) + 2);
    }
  }
  for (let index = 1; index < bytes.length; index += 1) {
    const previous = bytes[index - 1] ?? 0;
    const current = bytes[index] ?? 0;
    // A lead byte (11xxxxxx) followed by its first continuation byte (10xxxxxx).
    if (previous >= 0xc0 && (current & 0xc0) === 0x80) points.add(index);
    if (previous === 0x0a && current === 0x0a) points.add(index);
  }
  return [...points].filter((point) => point > 0 && point < bytes.length).sort((a, b) => a - b);
}

/** The fixture's bytes cut by `plan`. */
export function splitBytes(fixture: string | Uint8Array, plan: ChunkPlan): Uint8Array[] {
  const bytes = typeof fixture === 'string' ? new TextEncoder().encode(fixture) : fixture;
  const points = splitPointsFor(bytes, plan);
  const chunks: Uint8Array[] = [];
  let start = 0;
  for (const point of [...points, bytes.length]) {
    if (point > start) chunks.push(bytes.slice(start, point));
    start = Math.max(start, point);
  }
  return chunks;
}

function splitPointsFor(bytes: Uint8Array, plan: ChunkPlan): number[] {
  if (plan === 'awkward') return awkwardSplitPoints(bytes);
  if (!Array.isArray(plan)) return [...plan.splitAt].sort((a, b) => a - b);
  if (plan.length === 0 || plan.some((size) => !Number.isInteger(size) || size < 1)) {
    throw new Error('Chunk sizes must be whole numbers of at least 1');
  }
  const points: number[] = [];
  for (let offset = 0, turn = 0; offset < bytes.length; turn += 1) {
    offset += plan[turn % plan.length] ?? 1;
    points.push(offset);
  }
  return points;
}

/**
 * A Response whose body streams `fixture` in the chunks of `plan`, one chunk per read, only
 * when read (so a consumer that aborts part-way has not "received" the rest). Defaults: status
 * 200, `content-type: text/event-stream`.
 */
export function chunkedResponse(
  fixture: string | Uint8Array,
  plan: ChunkPlan = 'awkward',
  init: FixtureResponseInit = {},
): Response {
  const { cut, ...responseInit } = init;
  let chunks = splitBytes(fixture, plan);
  if (cut) chunks = truncate(chunks, cut.afterBytes);
  let next = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const chunk = chunks[next];
      next += 1;
      if (chunk) return controller.enqueue(chunk);
      if (!cut) return controller.close();
      if (cut.kind === 'error') return controller.error(cut.error);
      // Stall: a pull that never settles; only cancelling the stream ends the wait.
      return new Promise<void>(() => undefined);
    },
  });
  const headers = new Headers(responseInit.headers);
  if (!headers.has('content-type')) headers.set('content-type', 'text/event-stream; charset=utf-8');
  return new Response(body, { ...responseInit, status: responseInit.status ?? 200, headers });
}

/** A JSON answer, as providers send errors before a stream (and non-streamed replies). */
export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
}

function truncate(chunks: Uint8Array[], limit: number): Uint8Array[] {
  const kept: Uint8Array[] = [];
  let total = 0;
  for (const chunk of chunks) {
    if (total >= limit) break;
    const room = limit - total;
    kept.push(chunk.length <= room ? chunk : chunk.slice(0, room));
    total += Math.min(chunk.length, room);
  }
  return kept;
}

function byteLength(text: string): number {
  return new TextEncoder().encode(text).length;
}
