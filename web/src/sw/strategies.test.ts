import { afterEach, describe, expect, it, vi } from 'vitest';
import { cacheFirst, MAX_RUNTIME_ASSETS, networkFirst, precache } from './strategies';

/** A same-origin answer as the worker's fetch sees it (`basic`; a constructed Response is `default`). */
function basic(body: string, headers: Record<string, string> = {}, status = 200): Response {
  const response = new Response(body, { status, headers });
  Object.defineProperty(response, 'type', { value: 'basic' });
  const clone = response.clone.bind(response);
  Object.defineProperty(response, 'clone', { value: () => Object.defineProperty(clone(), 'type', { value: 'basic' }) });
  return response;
}

/** Cache storage in memory, keyed by URL, in insertion order like the browser's. */
class MemoryCache {
  readonly entries = new Map<string, Response>();
  async match(request: RequestInfo | URL) {
    return this.entries.get(urlOf(request))?.clone();
  }
  async put(request: RequestInfo | URL, response: Response) {
    this.entries.set(urlOf(request), response);
  }
  async keys() {
    return [...this.entries.keys()].map((url) => new Request(url));
  }
  async delete(request: RequestInfo | URL) {
    return this.entries.delete(urlOf(request));
  }
}

const urlOf = (request: RequestInfo | URL) =>
  new URL(request instanceof Request ? request.url : String(request), 'https://app.test').href;

class MemoryStorage {
  readonly caches = new Map<string, MemoryCache>();
  async open(name: string) {
    const cache = this.caches.get(name) ?? new MemoryCache();
    this.caches.set(name, cache);
    return cache;
  }
  async match(request: RequestInfo | URL) {
    for (const cache of this.caches.values()) {
      const hit = await cache.match(request);
      if (hit) return hit;
    }
    return undefined;
  }
  urls(name: string) {
    return [...(this.caches.get(name)?.entries.keys() ?? [])];
  }
}

const storageOf = (memory: MemoryStorage) => memory as unknown as CacheStorage;

/** Runs the deferred work (event.waitUntil) to the end. */
function deferrals() {
  const pending: Promise<unknown>[] = [];
  return { defer: (work: Promise<unknown>) => pending.push(work), settle: () => Promise.all(pending) };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('cacheFirst: the hashed files', () => {
  it('fetches a file once, then answers it from the cache', async () => {
    const memory = new MemoryStorage();
    const fetcher = vi.fn(async () => basic('chunk', { 'cache-control': 'public, max-age=31536000, immutable' }));
    const { defer, settle } = deferrals();
    const request = new Request('https://app.test/assets/chat-Ab12Cd34.js');

    expect(await (await cacheFirst(request, storageOf(memory), 'assets', fetcher, defer)).text()).toBe('chunk');
    await settle();
    expect(await (await cacheFirst(request, storageOf(memory), 'assets', fetcher, defer)).text()).toBe('chunk');
    expect(fetcher).toHaveBeenCalledTimes(1);
    expect(memory.urls('assets')).toEqual([request.url]);
  });

  it('answers from the shell precache too', async () => {
    const memory = new MemoryStorage();
    await (await memory.open('shell-v1')).put('/assets/index-D8sL7htd.js', basic('entry'));
    const fetcher = vi.fn(async () => basic('network'));
    const response = await cacheFirst(
      new Request('https://app.test/assets/index-D8sL7htd.js'),
      storageOf(memory),
      'assets',
      fetcher,
      () => undefined,
    );
    expect(await response.text()).toBe('entry');
    expect(fetcher).not.toHaveBeenCalled();
  });

  it('does not keep a failed, private or no-store answer', async () => {
    const memory = new MemoryStorage();
    const { defer, settle } = deferrals();
    for (const [path, answer] of [
      ['/assets/missing.js', basic('not found', {}, 404)],
      ['/assets/private.js', basic('x', { 'cache-control': 'private, max-age=60' })],
      ['/assets/no-store.js', basic('x', { 'cache-control': 'no-store' })],
    ] as const) {
      const response = await cacheFirst(
        new Request(`https://app.test${path}`),
        storageOf(memory),
        'assets',
        async () => answer,
        defer,
      );
      expect(response.status).toBe(answer.status);
    }
    await settle();
    expect(memory.urls('assets')).toEqual([]);
  });

  it(`keeps at most ${MAX_RUNTIME_ASSETS} files, dropping the oldest`, async () => {
    const memory = new MemoryStorage();
    const { defer, settle } = deferrals();
    for (let i = 0; i <= MAX_RUNTIME_ASSETS; i++) {
      await cacheFirst(
        new Request(`https://app.test/assets/f${i}.js`),
        storageOf(memory),
        'assets',
        async () => basic('x'),
        defer,
      );
      await settle();
    }
    const urls = memory.urls('assets');
    expect(urls).toHaveLength(MAX_RUNTIME_ASSETS);
    expect(urls[0]).toBe('https://app.test/assets/f1.js');
  });
});

describe('precache: the shell of a version', () => {
  it('stores every URL, asking the server rather than the HTTP cache', async () => {
    const memory = new MemoryStorage();
    const requests: Request[] = [];
    await precache(
      storageOf(memory),
      'shell-v1',
      ['/', '/assets/index-D8sL7htd.js'],
      'https://app.test',
      async (request) => {
        requests.push(request);
        return basic(request.url);
      },
    );
    expect(memory.urls('shell-v1')).toEqual(['https://app.test/', 'https://app.test/assets/index-D8sL7htd.js']);
    expect(requests.map((request) => request.cache)).toEqual(['no-cache', 'no-cache']);
  });

  it('fails the install when a file is missing, so the previous version stays', async () => {
    const memory = new MemoryStorage();
    const install = precache(
      storageOf(memory),
      'shell-v2',
      ['/', '/assets/gone.js'],
      'https://app.test',
      async (request) => (request.url.endsWith('gone.js') ? basic('', {}, 404) : basic('ok')),
    );
    await expect(install).rejects.toThrow('/assets/gone.js');
  });
});

describe('networkFirst: navigations', () => {
  const offline = async () => new Response('offline page', { status: 503 });
  const shell = async () => new Response('cached shell');

  it('answers from the network when it answers', async () => {
    const response = await networkFirst(Promise.resolve(new Response('fresh page')), { shell, offline }, 4000);
    expect(await response.text()).toBe('fresh page');
  });

  it('shows the offline page, not the shell, when the network is gone', async () => {
    const response = await networkFirst(Promise.reject(new TypeError('Failed to fetch')), { shell, offline }, 4000);
    expect(response.status).toBe(503);
    expect(await response.text()).toBe('offline page');
  });

  it('serves the cached shell when the network is slow', async () => {
    vi.useFakeTimers();
    const answer = networkFirst(new Promise<Response>(() => undefined), { shell, offline }, 4000);
    await vi.advanceTimersByTimeAsync(4000);
    expect(await (await answer).text()).toBe('cached shell');
  });

  it('keeps waiting for a slow network when no shell is cached', async () => {
    vi.useFakeTimers();
    let answerNow: (response: Response) => void = () => undefined;
    const network = new Promise<Response>((resolve) => (answerNow = resolve));
    const answer = networkFirst(network, { shell: async () => undefined, offline }, 4000);
    await vi.advanceTimersByTimeAsync(10_000);
    answerNow(new Response('late page'));
    expect(await (await answer).text()).toBe('late page');
  });

  it('shows the offline page for a page the shell cannot render', async () => {
    const response = await networkFirst(Promise.reject(new TypeError('Failed to fetch')), { offline }, 4000);
    expect(await response.text()).toBe('offline page');
  });
});
