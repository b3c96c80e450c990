import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UPLOAD_SESSION_LIFETIME_MS } from '@contract/files';
import { setAccessToken } from '@/lib/api/token-store';
import { FakeXhr } from '@/testing/fake-xhr';
import type { UploadInput } from './upload-file';

const MB = 1024 * 1024;
/** Three parts of the server's 32 MiB, the last one 1 byte. */
const PART = 32 * MB;
const SIZE = 2 * PART + 1;
const big = new File([new Uint8Array(SIZE)], 'holiday video.mp4', { type: 'video/mp4', lastModified: 1_700_000 });
const STARTED = { uploadId: 'tok.sig', file_id: 'server-id', partSize: PART, parts: 3 };
const input: UploadInput = { file: big, fileId: 'temp-1', endpoint: 'openAI', userId: 'user-1' };

const failed = new Set<FakeXhr>();
/** The requests sent and not yet answered. */
const pending = () => FakeXhr.sent.filter((xhr) => xhr.status === 0 && !xhr.aborted && !failed.has(xhr));
const partsPending = () => pending().filter((xhr) => xhr.method === 'PUT');
const partNumber = (xhr: FakeXhr | undefined) => Number(xhr?.url.split('/').pop());
const answerPart = (xhr: FakeXhr | undefined) =>
  xhr?.answer(200, { partNumber: partNumber(xhr), etag: `etag-${partNumber(xhr)}` });
const dropConnection = (xhr: FakeXhr | undefined) => {
  if (!xhr) return;
  failed.add(xhr);
  xhr.fail();
};
const saved = () => Object.keys(window.localStorage).filter((key) => key.startsWith('partsUpload_'));
const savedEntry = () => JSON.parse(window.localStorage.getItem(saved()[0] ?? '') ?? 'null') as { done: unknown[] };

/** A fresh page: the upload module loaded anew, what the browser stored kept. */
async function freshPage() {
  vi.resetModules();
  const parts = await import('./upload-parts');
  parts.setPartRetryDelayForTests(0);
  const { uploadFile, UploadCanceledError } = await import('./upload-file');
  return { uploadFile, UploadCanceledError, setPartRetryDelayForTests: parts.setPartRetryDelayForTests };
}

/** Starts the upload of `big` in a fresh page and answers its declaration. */
async function startFresh(onBytes?: (loaded: number, total: number) => void) {
  const page = await freshPage();
  const handle = page.uploadFile(input, onBytes);
  const [start] = FakeXhr.sent;
  expect(start?.url).toBe('/api/files/uploads');
  start?.answer(200, STARTED);
  await vi.waitFor(() => expect(partsPending()).toHaveLength(2));
  return { ...page, handle };
}

let online = true;
beforeEach(() => {
  FakeXhr.sent = [];
  failed.clear();
  online = true;
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  setAccessToken('token-1');
  window.localStorage.clear();
});
afterEach(() => {
  setAccessToken(null);
  vi.restoreAllMocks();
  window.localStorage.clear();
});

describe('resuming an upload in parts', () => {
  it('after a reload, sends only the missing parts, starting its progress at the share sent, then forgets it', async () => {
    const first = await startFresh();
    answerPart(partsPending().find((xhr) => xhr.url.endsWith('/parts/1')));
    await vi.waitFor(() => expect(savedEntry().done).toEqual([{ partNumber: 1, etag: 'etag-1' }]));

    // The page reloads: its requests die with it, and the same file is picked again.
    void first.handle.result.catch(() => undefined);
    FakeXhr.sent = [];
    const page = await freshPage();
    const onBytes = vi.fn();
    const { result } = page.uploadFile({ ...input, fileId: 'temp-2' }, onBytes);
    expect(onBytes).toHaveBeenCalledWith(PART, SIZE);
    await vi.waitFor(() => expect(partsPending()).toHaveLength(2));
    // No new declaration: the saved session's parts 2 and 3 only.
    expect(FakeXhr.sent.map((xhr) => `${xhr.method} ${xhr.url}`)).toEqual([
      'PUT /api/files/uploads/tok.sig/parts/2',
      'PUT /api/files/uploads/tok.sig/parts/3',
    ]);
    for (const xhr of partsPending()) answerPart(xhr);
    await vi.waitFor(() => expect(pending()).toHaveLength(1));
    const complete = pending()[0];
    expect(complete?.url).toBe('/api/files/uploads/tok.sig/complete');
    expect(JSON.parse(complete?.body as string)).toEqual({
      parts: [1, 2, 3].map((n) => ({ partNumber: n, etag: `etag-${n}` })),
    });
    expect(onBytes).toHaveBeenLastCalledWith(SIZE, SIZE);
    complete?.answer(200, { file_id: 'server-id' });
    await expect(result).resolves.toMatchObject({ file_id: 'server-id' });
    expect(saved()).toEqual([]);
  });

  it('is not resumed for another user, another endpoint, or once older than the session lives', async () => {
    const first = await startFresh();
    answerPart(partsPending()[0]);
    await vi.waitFor(() => expect(savedEntry().done).toHaveLength(1));
    void first.handle.result.catch(() => undefined);

    for (const other of [{ userId: 'user-2' }, { endpoint: 'anthropic' }]) {
      FakeXhr.sent = [];
      const page = await freshPage();
      void page.uploadFile({ ...input, ...other }).result.catch(() => undefined);
      expect(FakeXhr.sent[0]?.url).toBe('/api/files/uploads');
    }

    // The same user and endpoint would resume it, but a day later it is forgotten.
    FakeXhr.sent = [];
    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now + UPLOAD_SESSION_LIFETIME_MS);
    const page = await freshPage();
    expect(saved()).toHaveLength(1);
    void page.uploadFile(input).result.catch(() => undefined);
    expect(FakeXhr.sent[0]?.url).toBe('/api/files/uploads');
    expect(saved()).toEqual([]);
  });

  it('starts over when the server no longer knows the saved upload', async () => {
    const first = await startFresh();
    answerPart(partsPending()[0]);
    await vi.waitFor(() => expect(savedEntry().done).toHaveLength(1));
    void first.handle.result.catch(() => undefined);

    FakeXhr.sent = [];
    const page = await freshPage();
    page.setPartRetryDelayForTests(50);
    const { result } = page.uploadFile(input);
    // One part waits to be sent again when the other learns the upload is gone.
    partsPending()[0]?.answer(503, { message: 'busy' });
    partsPending()[0]?.answer(404, { message: 'This upload does not exist or has already ended.' });
    await vi.waitFor(() => expect(pending().some((xhr) => xhr.url === '/api/files/uploads')).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 100));
    // The old upload gets nothing more.
    expect(FakeXhr.sent.filter((xhr) => xhr.url.includes('/tok.sig/'))).toHaveLength(2);
    pending()
      .find((xhr) => xhr.url === '/api/files/uploads')
      ?.answer(200, { ...STARTED, uploadId: 'new.sig' });
    await vi.waitFor(() => expect(partsPending().filter((xhr) => xhr.url.includes('/new.sig/'))).toHaveLength(2));
    expect(savedEntry()).toMatchObject({ uploadId: 'new.sig', done: [] });
    void result.catch(() => undefined);
  });

  it('keeps the upload to resume after a network failure, but aborts and forgets it when refused or canceled', async () => {
    const dropped = await startFresh();
    const part1 = () => partsPending().find((xhr) => xhr.url.endsWith('/parts/1'));
    for (let attempt = 0; attempt < 4; attempt++) {
      await vi.waitFor(() => expect(part1()).toBeDefined());
      dropConnection(part1());
    }
    await expect(dropped.handle.result).rejects.toMatchObject({ status: 0 });
    expect(FakeXhr.sent.some((xhr) => xhr.method === 'DELETE')).toBe(false);
    expect(saved()).toHaveLength(1);

    window.localStorage.clear();
    FakeXhr.sent = [];
    const refused = await startFresh();
    partsPending()[0]?.answer(400, { message: 'Part 1 must have exactly 33554432 bytes.' });
    await expect(refused.handle.result).rejects.toMatchObject({ status: 400 });
    expect(FakeXhr.sent.find((xhr) => xhr.method === 'DELETE')?.url).toBe('/api/files/uploads/tok.sig');
    expect(saved()).toEqual([]);

    FakeXhr.sent = [];
    const canceled = await startFresh();
    expect(saved()).toHaveLength(1);
    canceled.handle.abort();
    await expect(canceled.handle.result).rejects.toBeInstanceOf(canceled.UploadCanceledError);
    expect(FakeXhr.sent.find((xhr) => xhr.method === 'DELETE')?.url).toBe('/api/files/uploads/tok.sig');
    expect(saved()).toEqual([]);
  });
});

describe('an upload in parts while the browser is offline', () => {
  it('waits to be online again without spending its retries, then goes on', async () => {
    const { handle } = await startFresh();
    const part1 = () => partsPending().find((xhr) => xhr.url.endsWith('/parts/1'));
    online = false;
    for (const xhr of partsPending()) dropConnection(xhr);
    await new Promise((resolve) => setTimeout(resolve, 10));
    // Nothing is sent while offline.
    expect(partsPending()).toEqual([]);

    online = true;
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(partsPending()).toHaveLength(2));
    // Online, part 1 still has all its retries: three more drops, and the fourth send is answered.
    for (let drop = 0; drop < 3; drop++) {
      dropConnection(part1());
      await vi.waitFor(() => expect(part1()).toBeDefined());
    }
    expect(FakeXhr.sent.filter((xhr) => xhr.url.endsWith('/parts/1'))).toHaveLength(5);
    for (;;) {
      await vi.waitFor(() => expect(pending().length).toBeGreaterThan(0));
      if (pending().some((xhr) => xhr.url.endsWith('/complete'))) break;
      for (const xhr of pending()) answerPart(xhr);
    }
    pending()[0]?.answer(200, { file_id: 'server-id' });
    await expect(handle.result).resolves.toMatchObject({ file_id: 'server-id' });
  });

  it('can still be canceled while it waits', async () => {
    const { handle, UploadCanceledError } = await startFresh();
    online = false;
    for (const xhr of partsPending()) dropConnection(xhr);
    await new Promise((resolve) => setTimeout(resolve, 10));
    handle.abort();
    await expect(handle.result).rejects.toBeInstanceOf(UploadCanceledError);
    expect(FakeXhr.sent.filter((xhr) => xhr.method === 'PUT')).toHaveLength(2);
    expect(saved()).toEqual([]);
  });
});
