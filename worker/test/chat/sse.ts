/** Reading the app's own SSE streams in tests. */
export interface ParsedFrame {
  event: string;
  data: Record<string, unknown>;
}

export function parseSse(text: string): ParsedFrame[] {
  return text
    .split('\n\n')
    .filter((block) => block.trim() !== '')
    .map((block) => {
      const event = /^event: (.*)$/m.exec(block)?.[1] ?? 'message';
      const data = /^data: (.*)$/m.exec(block)?.[1] ?? 'null';
      const parsed: unknown = JSON.parse(data);
      return { event, data: typeof parsed === 'object' && parsed !== null ? { ...parsed } : {} };
    });
}

/** Reads a whole stream as text. */
export async function readAll(stream: ReadableStream<Uint8Array> | null): Promise<string> {
  if (!stream) return '';
  return new Response(stream).text();
}

/**
 * Reads until `predicate` holds for the text so far, then returns the reader for more. Given a
 * reader (and the text it gave so far), goes on reading where an earlier call stopped.
 */
export async function readUntil(
  source: ReadableStream<Uint8Array> | ReadableStreamDefaultReader<Uint8Array>,
  predicate: (text: string) => boolean,
  prefix = '',
): Promise<{ text: string; reader: ReadableStreamDefaultReader<Uint8Array> }> {
  const reader = source instanceof ReadableStream ? source.getReader() : source;
  const decoder = new TextDecoder();
  let text = prefix;
  while (!predicate(text)) {
    const { done, value } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
  }
  return { text, reader };
}

/** The rest of a reader's stream as text. */
export async function readRest(reader: ReadableStreamDefaultReader<Uint8Array>, prefix = ''): Promise<string> {
  const decoder = new TextDecoder();
  let text = prefix;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return text + decoder.decode();
    text += decoder.decode(value, { stream: true });
  }
}

/** The concatenated text deltas of content-parts frames. */
export function deltaText(frames: readonly ParsedFrame[], kind: 'text' | 'think' = 'text'): string {
  const event = kind === 'text' ? 'on_message_delta' : 'on_reasoning_delta';
  let text = '';
  for (const frame of frames) {
    if (frame.data.event !== event) continue;
    const data = frame.data.data;
    if (typeof data !== 'object' || data === null || !('delta' in data)) continue;
    const delta = data.delta;
    if (typeof delta !== 'object' || delta === null || !('content' in delta) || !Array.isArray(delta.content)) continue;
    for (const part of delta.content) {
      if (typeof part === 'object' && part !== null && kind in part) {
        const value: unknown = Reflect.get(part, kind);
        if (typeof value === 'string') text += value;
      }
    }
  }
  return text;
}

export function finalFrame(frames: readonly ParsedFrame[]): Record<string, unknown> | undefined {
  return frames.find((frame) => frame.data.final === true && frame.event === 'message')?.data;
}
