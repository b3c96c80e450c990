import { afterEach, describe, expect, it, vi } from 'vitest';
import { COALESCE_MS, Subscribers } from './subscribers';

afterEach(() => {
  vi.useRealTimers();
});

/** Each chunk a reader receives, as text, until the stream ends. */
async function chunksOf(stream: ReadableStream<Uint8Array>): Promise<string[]> {
  const decoder = new TextDecoder();
  const chunks: string[] = [];
  for await (const chunk of stream) chunks.push(decoder.decode(chunk));
  return chunks;
}

describe('Subscribers', () => {
  it('writes a frame at once after a quiet spell, and the frames that follow it within COALESCE_MS as one write', async () => {
    vi.useFakeTimers();
    const subscribers = new Subscribers();
    const read = chunksOf(subscribers.add(''));
    subscribers.broadcast('a;');
    subscribers.broadcast('b;');
    subscribers.broadcast('c;');
    await vi.advanceTimersByTimeAsync(COALESCE_MS);
    // A quiet spell: the next frame goes at once again.
    vi.setSystemTime(Date.now() + COALESCE_MS);
    subscribers.broadcast('d;');
    subscribers.closeAll();
    vi.useRealTimers();
    expect(await read).toEqual(['a;', 'b;c;', 'd;']);
  });

  it('writes a frame sent now at once, with whatever was waiting before it, and ends with what was pending', async () => {
    vi.useFakeTimers();
    const subscribers = new Subscribers();
    const read = chunksOf(subscribers.add(''));
    subscribers.broadcast('first;', true);
    subscribers.broadcast('second;', true);
    subscribers.broadcast('x;');
    subscribers.broadcast('final;', true);
    subscribers.broadcast('late;');
    subscribers.closeAll();
    vi.useRealTimers();
    expect(await read).toEqual(['first;', 'second;', 'x;final;', 'late;']);
  });

  it('gives a newcomer its replay once, and the others what was pending before it joined', async () => {
    vi.useFakeTimers();
    const subscribers = new Subscribers();
    const first = chunksOf(subscribers.add(''));
    subscribers.broadcast('a;');
    subscribers.broadcast('b;');
    // The caller's replay holds every frame broadcast so far, the pending one included.
    const second = chunksOf(subscribers.add('a;b;'));
    subscribers.broadcast('c;');
    await vi.advanceTimersByTimeAsync(COALESCE_MS);
    subscribers.closeAll();
    vi.useRealTimers();
    expect((await first).join('')).toBe('a;b;c;');
    expect((await second).join('')).toBe('a;b;c;');
  });

  it('drops a subscriber whose client left and carries on for the others', async () => {
    const subscribers = new Subscribers();
    const gone = subscribers.add('');
    const stays = chunksOf(subscribers.add(''));
    await gone.cancel();
    subscribers.broadcast('a;', true);
    await vi.waitFor(() => expect(subscribers.size).toBe(1));
    subscribers.broadcast('b;', true);
    subscribers.closeAll();
    expect((await stays).join('')).toBe('a;b;');
  });
});
