/** Helpers for the upload route tests: forms, streamed bodies, and an R2 bucket that reports its calls. */
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { expect } from 'vitest';
import app from '../app';
import type { EnvVars } from '../env';
import { userFilesPrefix } from '../services/auth/account-deletion';

export const MB = 1024 * 1024;

/** Enough of a PNG for the magic-byte check. */
export const PNG_BYTES = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);
export const JPEG_BYTES = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70, 73, 70, 0, 1, 1, 0, 0, 1]);

export interface UploadFile {
  name: string;
  type: string;
  bytes: Uint8Array | string;
}

/** LibreChat's order: endpoint, the file (name URL-encoded), then file_id and the rest. */
export function uploadForm(file: UploadFile | null, fields: Record<string, string> = {}): FormData {
  const form = new FormData();
  form.append('endpoint', fields.endpoint ?? 'openAI');
  if (file) form.append('file', new File([file.bytes], encodeURIComponent(file.name), { type: file.type }));
  form.append('file_id', fields.file_id ?? crypto.randomUUID());
  for (const [key, value] of Object.entries(fields))
    if (key !== 'endpoint' && key !== 'file_id') form.append(key, value);
  return form;
}

/** Calls the app with the test bindings, `vars`, and optionally another FILES bucket. */
export async function callWith(
  path: string,
  init: RequestInit,
  options: { vars?: EnvVars & Record<string, string>; files?: unknown } = {},
): Promise<Response> {
  const ctx = createExecutionContext();
  const bindings = { ...env, ...options.vars, ...(options.files ? { FILES: options.files } : {}) };
  const response = await app.fetch(new Request(`http://app.test${path}`, init), bindings, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

export const BOUNDARY = 'test-boundary-7MA4YWxkTrZu0gW';

/** The multipart head of a body whose file part never ends: `endpoint`, then the file's headers. */
export function streamedFormHead(filename: string, type: string): Uint8Array {
  return new TextEncoder().encode(
    [
      `--${BOUNDARY}`,
      'Content-Disposition: form-data; name="endpoint"',
      '',
      'openAI',
      `--${BOUNDARY}`,
      `Content-Disposition: form-data; name="file"; filename="${filename}"`,
      `Content-Type: ${type}`,
      '',
      '',
    ].join('\r\n'),
  );
}

/**
 * A body that starts with `head` and then sends `chunk`-sized runs of the letter a: forever,
 * or until `endAfter` bytes (then the form closes properly), or failing after `failAfter`
 * bytes. `pulled()` tells how much of it the server read.
 */
export function streamedBody(
  head: Uint8Array,
  options: { chunk?: number; endAfter?: number; failAfter?: number } = {},
) {
  const chunk = new Uint8Array(options.chunk ?? 64 * 1024).fill(0x61);
  let sent = 0;
  let headSent = false;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (!headSent) {
        headSent = true;
        controller.enqueue(head);
        return;
      }
      if (options.failAfter !== undefined && sent >= options.failAfter) {
        controller.error(new Error('connection reset'));
        return;
      }
      if (options.endAfter !== undefined && sent >= options.endAfter) {
        const fileId = crypto.randomUUID();
        const tail = `\r\n--${BOUNDARY}\r\nContent-Disposition: form-data; name="file_id"\r\n\r\n${fileId}\r\n--${BOUNDARY}--\r\n`;
        controller.enqueue(new TextEncoder().encode(tail));
        controller.close();
        return;
      }
      sent += chunk.length;
      controller.enqueue(chunk);
    },
  });
  return { stream, pulled: () => sent };
}

export interface BucketCalls {
  puts: number;
  created: string[];
  parts: number[];
  aborted: number;
  completed: number;
}

/** The test bucket, recording multipart calls; `failOnPart` makes that part's upload fail. */
export function watchedBucket(failOnPart?: number): { bucket: unknown; calls: BucketCalls } {
  const calls: BucketCalls = { puts: 0, created: [], parts: [], aborted: 0, completed: 0 };
  const real = env.FILES;
  const bucket = {
    put: (...args: Parameters<R2Bucket['put']>) => {
      calls.puts += 1;
      return real.put(...args);
    },
    delete: (keys: string | string[]) => real.delete(keys),
    async createMultipartUpload(key: string, options?: R2MultipartOptions) {
      const upload = await real.createMultipartUpload(key, options);
      calls.created.push(upload.uploadId);
      return {
        key: upload.key,
        uploadId: upload.uploadId,
        async uploadPart(number: number, value: Uint8Array) {
          if (number === failOnPart) throw new Error('R2 part upload failed');
          calls.parts.push(value.byteLength);
          return upload.uploadPart(number, value);
        },
        async abort() {
          calls.aborted += 1;
          return upload.abort();
        },
        async complete(parts: R2UploadedPart[]) {
          calls.completed += 1;
          return upload.complete(parts);
        },
      };
    },
  };
  return { bucket, calls };
}

/** Neither an R2 object under the user's prefix nor a D1 row: a refused upload left nothing. */
export async function expectNothingStored(userId: string): Promise<void> {
  const objects = await env.FILES.list({ prefix: userFilesPrefix(userId) });
  expect(objects.objects.map((o) => o.key)).toEqual([]);
  const rows = await env.DB.prepare('SELECT count(*) AS n FROM files WHERE userId = ?')
    .bind(userId)
    .first<{ n: number }>();
  expect(rows?.n).toBe(0);
}
