import { describe, expect, it } from 'vitest';
import { writeToR2, type UploadBucket } from './r2-writer';

/** A bucket that keeps what it is given, so part sizes can be small (real R2 wants 5 MiB). */
function fakeBucket() {
  const log: string[] = [];
  const stored = new Map<string, Uint8Array>();
  const bucket = {
    async put(key: string, value: Uint8Array) {
      log.push(`put ${value.length}`);
      stored.set(key, value.slice());
      return null;
    },
    async createMultipartUpload(key: string) {
      log.push('create');
      const parts = new Map<number, Uint8Array>();
      return {
        async uploadPart(n: number, value: Uint8Array) {
          log.push(`part ${n}:${value.length}`);
          parts.set(n, value.slice());
          return { partNumber: n, etag: `e${n}` };
        },
        async complete(list: R2UploadedPart[]) {
          log.push(`complete ${list.map((p) => p.partNumber).join(',')}`);
          const all = list.flatMap((p) => [...(parts.get(p.partNumber) ?? [])]);
          stored.set(key, new Uint8Array(all));
          return null;
        },
        async abort() {
          log.push('abort');
        },
      };
    },
  };
  return { bucket: bucket as unknown as UploadBucket, log, stored };
}

async function* chunksOf(bytes: Uint8Array, size: number) {
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

const data = (n: number) => Uint8Array.from({ length: n }, (_, i) => i % 256);
const options = { contentType: () => 'text/plain', partSize: 10, inspect: () => undefined };

describe('writeToR2', () => {
  it.each([
    [7, 3, ['put 7']],
    [25, 4, ['create', 'part 1:10', 'part 2:10', 'part 3:5', 'complete 1,2,3']],
    [25, 100, ['create', 'part 1:10', 'part 2:10', 'part 3:5', 'complete 1,2,3']],
    // Exactly two parts: no empty third part.
    [20, 3, ['create', 'part 1:10', 'part 2:10', 'complete 1,2']],
  ])('stores %i bytes sent in chunks of %i as equal parts', async (length, chunk, expected) => {
    const { bucket, log, stored } = fakeBucket();
    const bytes = data(length);
    expect(await writeToR2(bucket, 'k', chunksOf(bytes, chunk), options)).toBe(length);
    expect(log).toEqual(expected);
    expect(stored.get('k')).toEqual(bytes);
  });

  it('stores nothing for an empty stream', async () => {
    const { bucket, log } = fakeBucket();
    expect(await writeToR2(bucket, 'k', chunksOf(data(0), 1), options)).toBe(0);
    expect(log).toEqual([]);
  });

  it('aborts when inspect refuses, before the refused bytes are stored', async () => {
    const { bucket, log } = fakeBucket();
    const inspect = (received: number) => {
      if (received >= 24) throw new Error('too large');
    };
    await expect(writeToR2(bucket, 'k', chunksOf(data(40), 4), { ...options, inspect })).rejects.toThrow('too large');
    expect(log).toEqual(['create', 'part 1:10', 'part 2:10', 'abort']);
  });

  it('aborts when the source fails', async () => {
    const { bucket, log } = fakeBucket();
    async function* failing() {
      yield* chunksOf(data(15), 5);
      throw new Error('connection reset');
    }
    await expect(writeToR2(bucket, 'k', failing(), options)).rejects.toThrow('connection reset');
    expect(log).toEqual(['create', 'part 1:10', 'abort']);
  });
});
