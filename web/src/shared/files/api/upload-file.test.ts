import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api/api-error';
import { setAccessToken } from '@/lib/api/token-store';
import { FakeXhr } from '@/testing/fake-xhr';
import { jsonResponse, mockFetch } from '@/testing/fetch-mock';
import { UploadCanceledError, uploadFile } from './upload-file';

const nextTick = () => new Promise((resolve) => setTimeout(resolve, 0));
const file = new File(['hello'], 'notes final.txt', { type: 'text/plain' });

beforeEach(() => {
  FakeXhr.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  setAccessToken('token-1');
});
afterEach(() => {
  setAccessToken(null);
});

describe('uploadFile', () => {
  it('posts the form with the bearer token and reports the bytes sent', async () => {
    const onBytes = vi.fn();
    const { result } = uploadFile({ file, fileId: 'temp-1', endpoint: 'openAI' }, onBytes);
    const [xhr] = FakeXhr.sent;
    expect(xhr).toMatchObject({ method: 'POST', url: '/api/files' });
    expect(xhr?.headers.Authorization).toBe('Bearer token-1');
    const form = xhr?.body as FormData;
    expect(form.get('endpoint')).toBe('openAI');
    expect(form.get('file_id')).toBe('temp-1');
    expect((form.get('file') as File).name).toBe('notes%20final.txt');
    xhr?.upload.onprogress?.({ lengthComputable: true, loaded: 3, total: 5 });
    expect(onBytes).toHaveBeenCalledWith(3, 5);
    xhr?.answer(200, { message: 'ok', file_id: 'f1' });
    await expect(result).resolves.toMatchObject({ file_id: 'f1' });
  });

  it('sends a measured image to the image route with its size', () => {
    uploadFile({ file, fileId: 'temp-1', endpoint: 'openAI', width: 640, height: 480 });
    const [xhr] = FakeXhr.sent;
    expect(xhr?.url).toBe('/api/files/images');
    const form = xhr?.body as FormData;
    expect(form.get('width')).toBe('640');
    expect(form.get('height')).toBe('480');
  });

  it('renews the token after a 401 and sends the upload once more', async () => {
    const { callsTo } = mockFetch(() => jsonResponse({ token: 'token-2' }));
    const { result } = uploadFile({ file, fileId: 'temp-1', endpoint: 'openAI' });
    FakeXhr.sent[0]?.answer(401, { message: 'Unauthorized' });
    await vi.waitFor(() => expect(FakeXhr.sent).toHaveLength(2));
    expect(callsTo('/api/auth/refresh')).toHaveLength(1);
    expect(FakeXhr.sent[1]?.headers.Authorization).toBe('Bearer token-2');
    FakeXhr.sent[1]?.answer(200, { file_id: 'f1' });
    await expect(result).resolves.toMatchObject({ file_id: 'f1' });
  });

  it("rejects with the server's message", async () => {
    const { result } = uploadFile({ file, fileId: 'temp-1', endpoint: 'openAI' });
    FakeXhr.sent[0]?.answer(400, { message: 'File size exceeds 1 MB.' });
    const error = await result.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, message: 'File size exceeds 1 MB.' });
  });

  it('rejects as canceled when aborted', async () => {
    const upload = uploadFile({ file, fileId: 'temp-1', endpoint: 'openAI' });
    await nextTick();
    upload.abort();
    await expect(upload.result).rejects.toBeInstanceOf(UploadCanceledError);
  });
});
