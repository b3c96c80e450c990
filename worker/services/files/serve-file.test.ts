import { describe, expect, it } from 'vitest';
import type { UserFileRow } from '../../db/user-files';
import { serveStoredFile } from './serve-file';

const row: UserFileRow = {
  file_id: 'f1',
  temp_file_id: null,
  userId: 'u1',
  conversationId: null,
  filename: 'big.bin',
  storageKey: 'users/u1/f1',
  type: 'application/zip',
  bytes: 8,
  width: null,
  height: null,
  source: 'local',
  context: 'message_attachment',
  embedded: 0,
  usage: 0,
  expiresAt: null,
  createdAt: 0,
  updatedAt: 0,
};

/**
 * A bucket whose object sends one chunk and then stays open until `finish` is called, like
 * a large object still arriving from R2.
 */
function slowBucket() {
  let finish = () => {};
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode('first'));
      finish = () => {
        controller.enqueue(new TextEncoder().encode('...'));
        controller.close();
      };
    },
  });
  const bucket = { get: async () => ({ size: 8, body }) } as unknown as R2Bucket;
  return { bucket, finish: () => finish() };
}

describe('serveStoredFile', () => {
  it('answers before the object has been read to its end: the bytes are streamed, never buffered', async () => {
    const { bucket, finish } = slowBucket();
    // A buffering implementation would wait for the end of the object, which only comes below.
    const res = await serveStoredFile(bucket, row, 'download');
    const reader = res.body!.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toBe('first');
    finish();
    expect(new TextDecoder().decode((await reader.read()).value)).toBe('...');
    expect((await reader.read()).done).toBe(true);
  });
});
