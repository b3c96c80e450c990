import { env } from 'cloudflare:workers';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StoredFileResponse } from '../contract/files';
import type { UserRow } from '../db/users';
import { clearAppConfig, storeAppConfig } from '../test/app-config';
import { authHeader, createTestUser } from '../test/auth-helpers';
import {
  BOUNDARY,
  MB,
  callWith,
  streamedBody,
  expectNothingStored,
  streamedFormHead,
  uploadForm,
  watchedBucket,
} from '../test/file-upload-helpers';
import { MIN_PART_SIZE } from '../services/files/r2-writer';
import { setUploadPartSizeForTests } from './files-upload';

/** R2's smallest part (but the last): the local R2 enforces it too. */
const PART = MIN_PART_SIZE;

let user: UserRow;

const sizeLimitConfig = (mb: number) =>
  ['version: 1.2.5', 'fileConfig:', '  endpoints:', '    openAI:', `      fileSizeLimit: ${mb}`].join('\n');

async function streamed(body: ReadableStream<Uint8Array>, headers: Record<string, string>, files?: unknown) {
  return callWith(
    '/api/files',
    {
      method: 'POST',
      body,
      headers: { ...(await authHeader(user)), 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, ...headers },
      // @ts-expect-error -- workerd wants `duplex` for a streamed request body; the DOM types lack it.
      duplex: 'half',
    },
    { files },
  );
}

beforeEach(async () => {
  await clearAppConfig();
  user = await createTestUser();
  setUploadPartSizeForTests(PART);
});
afterEach(() => setUploadPartSizeForTests(undefined));

describe('upload streaming', () => {
  it('stops reading at the limit whatever Content-Length claims, and stores nothing', async () => {
    await storeAppConfig(sizeLimitConfig(1));
    const { stream, pulled } = streamedBody(streamedFormHead('huge.txt', 'text/plain'), { endAfter: 12 * MB });
    const res = await streamed(stream, { 'content-length': '100' });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: 'File size exceeds 1 MB.' });
    expect(pulled()).toBeLessThan(2 * MB);
    await expectNothingStored(user.id);
  });

  it('stores a file larger than a part as an R2 multipart upload of equal parts', async () => {
    const bytes = new Uint8Array(2 * PART + 1000);
    for (let i = 0; i < bytes.length; i += 4096) bytes[i] = i % 251;
    const { bucket, calls } = watchedBucket();
    const form = uploadForm({ name: 'data.csv', type: 'text/csv', bytes });
    const res = await callWith(
      '/api/files',
      { method: 'POST', body: form, headers: await authHeader(user) },
      { files: bucket },
    );
    expect(res.status).toBe(200);
    const body = await res.json<StoredFileResponse>();
    expect(body.bytes).toBe(bytes.length);
    expect(calls).toMatchObject({ puts: 0, parts: [PART, PART, 1000], completed: 1, aborted: 0 });
    const object = await env.FILES.get(`users/${user.id}/${body.file_id}`);
    // Compared by digest: a diff of two 10 MB arrays would take the test runner down.
    const digest = async (data: ArrayBuffer | Uint8Array) =>
      Array.from(new Uint8Array(await crypto.subtle.digest('SHA-256', data))).join(',');
    expect(await digest(await object!.arrayBuffer())).toBe(await digest(bytes));
    expect(object?.httpMetadata?.contentType).toBe('text/csv');
  });

  it('aborts the multipart upload when the limit is passed after parts were stored', async () => {
    await storeAppConfig(sizeLimitConfig(8));
    const { bucket, calls } = watchedBucket();
    const { stream } = streamedBody(streamedFormHead('huge.txt', 'text/plain'), { endAfter: 12 * MB });
    const res = await streamed(stream, {}, bucket);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: 'File size exceeds 8 MB.' });
    expect(calls).toMatchObject({ parts: [PART], aborted: 1, completed: 0 });
    await expectNothingStored(user.id);
  });

  it('aborts the multipart upload when the client goes away mid-file', async () => {
    const { bucket, calls } = watchedBucket();
    const { stream } = streamedBody(streamedFormHead('big.txt', 'text/plain'), { failAfter: PART + MB });
    const res = await streamed(stream, {}, bucket);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: 'The upload was interrupted.' });
    expect(calls).toMatchObject({ parts: [PART], aborted: 1, completed: 0 });
    await expectNothingStored(user.id);
    // Really aborted in R2: the upload takes no more parts.
    const uploadId = calls.created[0] ?? '';
    const key = (await env.FILES.list({ prefix: `users/${user.id}/` })).objects[0]?.key ?? `users/${user.id}/x`;
    await expect(env.FILES.resumeMultipartUpload(key, uploadId).uploadPart(2, 'x')).rejects.toThrow();
  });

  it('aborts the multipart upload when R2 fails a part', async () => {
    const { bucket, calls } = watchedBucket(2);
    const form = uploadForm({ name: 'big.txt', type: 'text/plain', bytes: new Uint8Array(2 * PART + 10) });
    // The server's failure is logged (and kept out of the test output).
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const res = await callWith(
      '/api/files',
      { method: 'POST', body: form, headers: await authHeader(user) },
      { files: bucket },
    );
    expect(res.status).toBe(500);
    expect(String(logged.mock.calls[0]?.[0])).toContain('R2 part upload failed');
    logged.mockRestore();
    expect(calls).toMatchObject({ parts: [PART], aborted: 1, completed: 0 });
    await expectNothingStored(user.id);
  });
});

describe('upload rate limits', () => {
  const file = () => ({ name: 'a.txt', type: 'text/plain', bytes: 'x' });
  const post = async (vars: Record<string, string> = {}, ip = `198.51.100.${Math.floor(Math.random() * 250)}`) =>
    callWith(
      '/api/files',
      { method: 'POST', body: uploadForm(file()), headers: { ...(await authHeader(user)), 'cf-connecting-ip': ip } },
      { vars: { BAN_VIOLATIONS: 'false', ...vars } },
    );

  it('refuses a user over FILE_UPLOAD_USER_MAX with 429 and the violation kind', async () => {
    const vars = { FILE_UPLOAD_USER_MAX: '2' };
    expect((await post(vars)).status).toBe(200);
    expect((await post(vars)).status).toBe(200);
    const refused = await post(vars);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({
      message: 'Too many file upload requests. Try again later',
      code: 'file_upload_limit',
    });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('counts per IP too (FILE_UPLOAD_IP_MAX), across users', async () => {
    const ip = `203.0.113.${Math.floor(Math.random() * 250)}`;
    const vars = { FILE_UPLOAD_IP_MAX: '1' };
    expect((await post(vars, ip)).status).toBe(200);
    user = await createTestUser();
    expect((await post(vars, ip)).status).toBe(429);
  });

  it("lets librechat.yaml's rateLimits.fileUploads win over the variables", async () => {
    await storeAppConfig(['version: 1.2.5', 'rateLimits:', '  fileUploads:', '    userMax: 1'].join('\n'));
    const vars = { FILE_UPLOAD_USER_MAX: '5' };
    expect((await post(vars)).status).toBe(200);
    expect((await post(vars)).status).toBe(429);
  });
});
