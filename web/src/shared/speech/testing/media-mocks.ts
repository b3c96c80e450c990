import { vi } from 'vitest';

/** An in-memory Cache Storage: enough of it for the speech cache (open, match, put, delete). */
export function mockCacheStorage() {
  const stores = new Map<string, Map<string, Response>>();
  const open = vi.fn(async (name: string) => {
    const entries = stores.get(name) ?? new Map<string, Response>();
    stores.set(name, entries);
    return {
      match: async (key: string) => entries.get(key)?.clone(),
      put: async (key: string, response: Response) => void entries.set(key, response),
    };
  });
  vi.stubGlobal('caches', { open, delete: async (name: string) => stores.delete(name) });
  return { stores, entries: (name: string) => [...(stores.get(name)?.keys() ?? [])] };
}

/**
 * Audio elements that "play" without a media stack: play() fires `playing`, and `finish()` ends
 * the playing one. Object URLs are stubbed (jsdom has none).
 */
export function mockAudio() {
  const played: HTMLMediaElement[] = [];
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
    played.push(this);
    this.dispatchEvent(new Event('playing'));
    return Promise.resolve();
  });
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:audio'), revokeObjectURL: vi.fn() }));
  const finish = () => played.at(-1)?.dispatchEvent(new Event('ended'));
  return { played, finish };
}

/** An MP3-like answer streamed in two chunks. */
export const audioResponse = () =>
  new Response(
    new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new Uint8Array([0xff, 0xfb, 1, 2]));
        controller.enqueue(new Uint8Array([3, 4]));
        controller.close();
      },
    }),
    { headers: { 'Content-Type': 'audio/mpeg' } },
  );
