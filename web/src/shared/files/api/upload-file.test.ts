import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api/api-error';
import { setAccessToken } from '@/lib/api/token-store';
import { jsonResponse, mockFetch } from '@/testing/fetch-mock';
import { UploadCanceledError, uploadFile } from './upload-file';

/** A stand-in for XMLHttpRequest that records each request and lets the test answer it. */
class FakeXhr {
  static sent: FakeXhr[] = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  status = 0;
  responseText = '';
  withCredentials = false;
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
    FakeXhr.sent.push(this);
  }
  abort() {
    this.onabort?.();
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

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
    expect(xhr?.body?.get('endpoint')).toBe('openAI');
    expect(xhr?.body?.get('file_id')).toBe('temp-1');
    expect((xhr?.body?.get('file') as File).name).toBe('notes%20final.txt');
    xhr?.upload.onprogress?.({ lengthComputable: true, loaded: 3, total: 5 });
    expect(onBytes).toHaveBeenCalledWith(3, 5);
    xhr?.answer(200, { message: 'ok', file_id: 'f1' });
    await expect(result).resolves.toMatchObject({ file_id: 'f1' });
  });

  it('sends a measured image to the image route with its size', () => {
    uploadFile({ file, fileId: 'temp-1', endpoint: 'openAI', width: 640, height: 480 });
    const [xhr] = FakeXhr.sent;
    expect(xhr?.url).toBe('/api/files/images');
    expect(xhr?.body?.get('width')).toBe('640');
    expect(xhr?.body?.get('height')).toBe('480');
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
