import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAccessToken } from '@/lib/api/token-store';
import { FakeXhr } from '@/testing/fake-xhr';
import { PARTS_UPLOAD_THRESHOLD_BYTES, UploadCanceledError, uploadFile } from './upload-file';
import { setPartRetryDelayForTests } from './upload-parts';

const MB = 1024 * 1024;
/** Just over the threshold: three parts of the server's 32 MiB, the last one 1 byte. */
const SIZE = PARTS_UPLOAD_THRESHOLD_BYTES + 1;
const PART = 32 * MB;
const big = new File([new Uint8Array(SIZE)], 'holiday video.mp4', { type: 'video/mp4' });
const STARTED = { uploadId: 'tok.sig', file_id: 'server-id', partSize: PART, parts: 3 };

/** The requests sent and not yet answered. */
const pending = () => FakeXhr.sent.filter((xhr) => xhr.status === 0 && !xhr.aborted && !failed.has(xhr));
const failed = new Set<FakeXhr>();
const partsPending = () => pending().filter((xhr) => xhr.method === 'PUT');

async function startParts(onBytes?: (loaded: number, total: number) => void) {
  const handle = uploadFile({ file: big, fileId: 'temp-1', endpoint: 'openAI' }, onBytes);
  const [start] = FakeXhr.sent;
  start?.answer(200, STARTED);
  await vi.waitFor(() => expect(partsPending()).toHaveLength(2));
  return handle;
}

function answerPart(xhr: FakeXhr | undefined) {
  const n = Number(xhr?.url.split('/').pop());
  xhr?.answer(200, { partNumber: n, etag: `etag-${n}` });
}

const dropConnection = (xhr: FakeXhr | undefined) => {
  if (!xhr) return;
  failed.add(xhr);
  xhr.fail();
};

beforeEach(() => {
  FakeXhr.sent = [];
  failed.clear();
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  setAccessToken('token-1');
  setPartRetryDelayForTests(0);
});
afterEach(() => {
  setAccessToken(null);
  setPartRetryDelayForTests(1000);
});

describe('uploading a large file in parts', () => {
  it('declares the file, sends its parts two at a time with summed progress, then completes', async () => {
    const onBytes = vi.fn();
    const { result } = await startParts(onBytes);
    const [start] = FakeXhr.sent;
    expect(start).toMatchObject({ method: 'POST', url: '/api/files/uploads' });
    expect(start?.headers['Content-Type']).toBe('application/json');
    expect(JSON.parse(start?.body as string)).toEqual({
      filename: 'holiday%20video.mp4',
      type: 'video/mp4',
      bytes: SIZE,
      endpoint: 'openAI',
      file_id: 'temp-1',
    });

    const [first, second] = partsPending();
    expect(first?.url).toBe('/api/files/uploads/tok.sig/parts/1');
    expect(second?.url).toBe('/api/files/uploads/tok.sig/parts/2');
    expect(first?.headers.Authorization).toBe('Bearer token-1');
    expect((first?.body as Blob).size).toBe(PART);
    first?.upload.onprogress?.({ lengthComputable: true, loaded: 100, total: PART });
    second?.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: PART });
    expect(onBytes).toHaveBeenLastCalledWith(150, SIZE);

    answerPart(second);
    // The third part starts when one finishes; never more than two at once.
    await vi.waitFor(() => expect(partsPending()).toHaveLength(2));
    const third = partsPending().find((xhr) => xhr.url.endsWith('/parts/3'));
    expect((third?.body as Blob).size).toBe(1);
    answerPart(third);
    answerPart(first);
    await vi.waitFor(() => expect(onBytes).toHaveBeenLastCalledWith(SIZE, SIZE));

    await vi.waitFor(() => expect(pending()).toHaveLength(1));
    const complete = pending()[0];
    expect(complete).toMatchObject({ method: 'POST', url: '/api/files/uploads/tok.sig/complete' });
    expect(JSON.parse(complete?.body as string)).toEqual({
      parts: [1, 2, 3].map((n) => ({ partNumber: n, etag: `etag-${n}` })),
    });
    complete?.answer(200, { message: 'ok', file_id: 'server-id', temp_file_id: 'temp-1' });
    await expect(result).resolves.toMatchObject({ file_id: 'server-id', temp_file_id: 'temp-1' });
  });

  it('keeps small files on the single request', () => {
    uploadFile({ file: new File(['x'], 'a.txt', { type: 'text/plain' }), fileId: 't', endpoint: 'openAI' });
    expect(FakeXhr.sent[0]?.url).toBe('/api/files');
  });

  it('sends a part again after a dropped connection or a server error, and its progress starts over', async () => {
    const onBytes = vi.fn();
    const { result } = await startParts(onBytes);
    const [first, second] = partsPending();
    first?.upload.onprogress?.({ lengthComputable: true, loaded: 1000, total: PART });
    dropConnection(first);
    await vi.waitFor(() => expect(partsPending()).toHaveLength(2));
    const again = partsPending().find((xhr) => xhr.url.endsWith('/parts/1'));
    expect(again).not.toBe(first);
    // The dropped part's bytes no longer count.
    second?.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: PART });
    expect(onBytes).toHaveBeenLastCalledWith(50, SIZE);
    again?.upload.onprogress?.({ lengthComputable: true, loaded: 10, total: PART });
    expect(onBytes).toHaveBeenLastCalledWith(60, SIZE);
    second?.answer(503, { message: 'busy' });
    await vi.waitFor(() => expect(partsPending().filter((xhr) => xhr.url.endsWith('/parts/2'))).toHaveLength(1));
    expect(FakeXhr.sent.filter((xhr) => xhr.url.endsWith('/parts/2'))).toHaveLength(2);
    // Answer every part as it comes until the upload is completed.
    for (;;) {
      await vi.waitFor(() => expect(pending().length).toBeGreaterThan(0));
      if (pending().some((xhr) => xhr.url.endsWith('/complete'))) break;
      for (const xhr of pending()) answerPart(xhr);
    }
    pending()[0]?.answer(200, { file_id: 'server-id' });
    await expect(result).resolves.toMatchObject({ file_id: 'server-id' });
    expect(FakeXhr.sent.some((xhr) => xhr.method === 'DELETE')).toBe(false);
  });

  it('gives up after three retries, or at once on a refusal, and aborts the upload on the server', async () => {
    const { result } = await startParts();
    const part1 = () => partsPending().find((xhr) => xhr.url.endsWith('/parts/1'));
    for (let attempt = 0; attempt < 4; attempt++) {
      await vi.waitFor(() => expect(part1()).toBeDefined());
      dropConnection(part1());
    }
    await expect(result).rejects.toMatchObject({ status: 0 });
    const delete1 = FakeXhr.sent.find((xhr) => xhr.method === 'DELETE');
    expect(delete1?.url).toBe('/api/files/uploads/tok.sig');
    expect(FakeXhr.sent.filter((xhr) => xhr.url.endsWith('/parts/1'))).toHaveLength(4);

    FakeXhr.sent = [];
    const refused = await startParts();
    partsPending()[0]?.answer(400, { message: 'Part 1 must have exactly 33554432 bytes.' });
    await expect(refused.result).rejects.toMatchObject({ status: 400 });
    expect(FakeXhr.sent.filter((xhr) => xhr.url.endsWith('/parts/1'))).toHaveLength(1);
    expect(FakeXhr.sent.some((xhr) => xhr.method === 'DELETE')).toBe(true);
  });

  it('aborts the parts in flight and the upload on the server when canceled', async () => {
    const upload = await startParts();
    const inFlight = partsPending();
    upload.abort();
    await expect(upload.result).rejects.toBeInstanceOf(UploadCanceledError);
    expect(inFlight.every((xhr) => xhr.aborted)).toBe(true);
    const deleted = FakeXhr.sent.filter((xhr) => xhr.method === 'DELETE');
    expect(deleted.map((xhr) => xhr.url)).toEqual(['/api/files/uploads/tok.sig']);
    expect(deleted[0]?.headers.Authorization).toBe('Bearer token-1');
    // No part is sent after the cancel.
    expect(FakeXhr.sent.filter((xhr) => xhr.method === 'PUT')).toHaveLength(2);
  });
});
