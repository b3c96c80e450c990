/**
 * Writes a stream of chunks to one R2 key without holding more than one part in memory: a
 * file that fits in one part is a single `put`; a larger one is an R2 multipart upload whose
 * parts all have exactly `partSize` bytes but the last (R2 requires equal parts). Any failure,
 * a refusal raised by `inspect` included, aborts the multipart upload, so nothing is left.
 */

const MB = 1024 * 1024;

/** R2 takes parts of at least 5 MiB (but the last); a few MB keeps memory low and retries cheap. */
export const MIN_PART_SIZE = 5 * MB;
export const DEFAULT_PART_SIZE = 8 * MB;

/** The part of R2Bucket used here (an R2Bucket is one; a test may wrap it to watch the calls). */
export type UploadBucket = Pick<R2Bucket, 'put' | 'createMultipartUpload'>;

export interface WriteOptions {
  /** Read when the first bytes are stored, after `inspect` has seen them (it may settle the type). */
  contentType: () => string;
  partSize?: number;
  /**
   * Sees the running byte count and the first bytes (up to 16) before anything is stored;
   * throws to refuse (over the size limit, wrong magic bytes). Called for every chunk.
   */
  inspect: (received: number, head: Uint8Array) => void;
}

const HEAD_BYTES = 16;

/**
 * Collects chunks into parts of exactly `size` bytes. The buffer grows with what arrives, so
 * a small file costs its own size, not a whole part, and many uploads can share an isolate.
 */
class PartBuffer {
  private buffer = new Uint8Array(0);
  private filled = 0;
  constructor(readonly size: number) {}
  /** Copies as much of `chunk` as fits in the part; returns the rest. */
  add(chunk: Uint8Array): Uint8Array {
    const take = Math.min(chunk.length, this.size - this.filled);
    if (this.filled + take > this.buffer.length) {
      const grown = new Uint8Array(Math.min(this.size, Math.max(64 * 1024, 2 * (this.filled + take))));
      grown.set(this.buffer.subarray(0, this.filled));
      this.buffer = grown;
    }
    this.buffer.set(chunk.subarray(0, take), this.filled);
    this.filled += take;
    return chunk.subarray(take);
  }
  get full(): boolean {
    return this.filled === this.size;
  }
  get length(): number {
    return this.filled;
  }
  /** The bytes collected; the next part starts empty. */
  take(): Uint8Array {
    const part = this.buffer.subarray(0, this.filled);
    this.buffer = new Uint8Array(0);
    this.filled = 0;
    return part;
  }
}

/** Streams `chunks` to `key`; the bytes stored. */
export async function writeToR2(
  bucket: UploadBucket,
  key: string,
  chunks: AsyncIterable<Uint8Array>,
  options: WriteOptions,
): Promise<number> {
  const partSize = options.partSize ?? DEFAULT_PART_SIZE;
  const parts = new PartBuffer(partSize);
  const uploaded: R2UploadedPart[] = [];
  let multipart: R2MultipartUpload | undefined;
  let head = new Uint8Array(0);
  let received = 0;
  try {
    for await (const chunk of chunks) {
      received += chunk.length;
      if (head.length < HEAD_BYTES) {
        const more = chunk.subarray(0, HEAD_BYTES - head.length);
        const joined = new Uint8Array(head.length + more.length);
        joined.set(head);
        joined.set(more, head.length);
        head = joined;
      }
      options.inspect(received, head);
      let rest = chunk;
      while (rest.length > 0) {
        rest = parts.add(rest);
        if (!parts.full) continue;
        multipart ??= await bucket.createMultipartUpload(key, { httpMetadata: { contentType: options.contentType() } });
        uploaded.push(await multipart.uploadPart(uploaded.length + 1, parts.take()));
      }
    }
    if (!multipart) {
      // An empty file is never stored: the caller refuses it.
      if (received === 0) return 0;
      await bucket.put(key, parts.take(), { httpMetadata: { contentType: options.contentType() } });
      return received;
    }
    // A file of exactly N parts has nothing left over; R2 takes no empty last part.
    if (parts.length > 0) uploaded.push(await multipart.uploadPart(uploaded.length + 1, parts.take()));
    await multipart.complete(uploaded);
    return received;
  } catch (error) {
    await multipart?.abort().catch(() => undefined);
    throw error;
  }
}
