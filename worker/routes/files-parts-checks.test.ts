import { env } from 'cloudflare:workers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { UserRow } from '../db/users';
import { UPLOAD_SESSION_LIFETIME_MS, verifyUploadSession } from '../services/files/upload-session-token';
import { clearAppConfig, storeAppConfig } from '../test/app-config';
import { createTestUser } from '../test/auth-helpers';
import { MB, callWith, expectNothingStored } from '../test/file-upload-helpers';
import {
  abortUpload,
  completeUpload,
  filled,
  putPart,
  startUpload,
  type PartAnswer,
  type Started,
} from '../test/parts-upload-helpers';
import { setPartsUploadPartSizeForTests } from './files-parts';

const PART = 5 * MB;

let user: UserRow;

beforeEach(async () => {
  await clearAppConfig();
  setPartsUploadPartSizeForTests(PART);
  user = await createTestUser();
});
afterEach(() => setPartsUploadPartSizeForTests(undefined));

async function expectRefused(res: Response, message: string): Promise<void> {
  expect(res.status).toBe(400);
  expect(await res.json()).toEqual({ message });
  await expectNothingStored(user.id);
}

describe('starting an upload in parts', () => {
  it('checks the declared file as a single upload is checked, before anything is stored', async () => {
    await expectRefused(await startUpload(user, { bytes: 0 }), 'The file is empty.');
    await expectRefused(
      await startUpload(user, { bytes: 10, filename: 'mystery', type: '' }),
      'Unable to determine file type for: mystery',
    );
    await expectRefused(
      await startUpload(user, { bytes: 10, filename: 'clip.mp4', type: 'video/mp4' }),
      'Currently, unsupported file type: video/mp4',
    );
    await expectRefused(await startUpload(user, { bytes: 10, file_id: '../x' }), 'No valid file_id provided.');
    await expectRefused(
      await startUpload(user, { bytes: 10, filename: 'a.txt', width: 10, height: 10 }),
      'The file is not a valid image (PNG, JPEG, GIF or WebP).',
    );
    await storeAppConfig(
      [
        'version: 1.2.5',
        'fileConfig:',
        '  endpoints:',
        '    openAI:',
        '      fileSizeLimit: 300',
        '    anthropic:',
        '      disabled: true',
      ].join('\n'),
    );
    await expectRefused(await startUpload(user, { bytes: 300 * MB }), 'File size exceeds 300 MB.');
    await expectRefused(
      await startUpload(user, { bytes: 10, endpoint: 'anthropic' }),
      'File uploads are disabled for this endpoint.',
    );
    // Under the limit it starts, with parts covering the declared size.
    const res = await startUpload(user, { bytes: 300 * MB - 1 });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ partSize: PART, parts: 60 });
  });

  it('counts against the upload limits once per file, not per part', async () => {
    const vars = { FILE_UPLOAD_USER_MAX: '1' };
    const first = await startUpload(user, { bytes: PART + 1 }, vars);
    expect(first.status).toBe(200);
    const { uploadId } = await first.json<Started>();
    const parts: PartAnswer[] = [];
    for (const [n, size] of [
      [1, PART],
      [2, 1],
    ]) {
      const res = await putPart(user, uploadId, n!, filled(size!), vars);
      expect(res.status).toBe(200);
      parts.push(await res.json<PartAnswer>());
    }
    const done = await completeUpload(user, uploadId, parts, vars);
    expect(done.status).toBe(200);
    const second = await startUpload(user, { bytes: 10 }, vars);
    expect(second.status).toBe(429);
    expect(await second.json()).toEqual({
      message: 'Too many file upload requests. Try again later',
      code: 'file_upload_limit',
    });
  });
});

describe('the upload token', () => {
  it('names an upload only for its owner, and cannot be forged or changed', async () => {
    const { uploadId } = await (await startUpload(user, { bytes: 10 })).json<Started>();
    const session = await verifyUploadSession(env, uploadId);
    expect(session).toMatchObject({ userId: user.id, bytes: 10, partSize: PART, type: 'text/plain' });

    const other = await createTestUser();
    const [payload, signature] = uploadId.split('.');
    // The same session claimed for the other user, keeping the signature.
    const claimed = btoa(JSON.stringify({ ...session, userId: other.id }))
      .replaceAll('+', '-')
      .replaceAll('/', '_')
      .replace(/=+$/, '');
    for (const [who, token] of [
      [other, uploadId],
      [other, `${claimed}.${signature}`],
      [user, `${payload}.${signature!.slice(0, -2)}AA`],
      [user, 'not-a-token'],
    ] as const) {
      const res = await putPart(who, token, 1, filled(10));
      expect(res.status, token).toBe(404);
      expect(await res.json()).toEqual({ message: 'This upload does not exist or has already ended.' });
      expect((await completeUpload(who, token, [{ partNumber: 1, etag: 'x' }])).status).toBe(404);
      expect((await abortUpload(who, token)).status).toBe(404);
    }
    // The owner's upload is untouched by all that.
    expect((await putPart(user, uploadId, 1, filled(10))).status).toBe(200);
  });

  it('expires after a day', async () => {
    const { uploadId } = await (await startUpload(user, { bytes: 10 })).json<Started>();
    expect(await verifyUploadSession(env, uploadId, Date.now() + UPLOAD_SESSION_LIFETIME_MS - 60_000)).not.toBeNull();
    expect(await verifyUploadSession(env, uploadId, Date.now() + UPLOAD_SESSION_LIFETIME_MS + 1000)).toBeNull();
  });

  it('is for signed-in users only', async () => {
    const { uploadId } = await (await startUpload(user, { bytes: 10 })).json<Started>();
    for (const [method, path] of [
      ['POST', '/api/files/uploads'],
      ['PUT', `/api/files/uploads/${uploadId}/parts/1`],
      ['POST', `/api/files/uploads/${uploadId}/complete`],
      ['DELETE', `/api/files/uploads/${uploadId}`],
    ] as const) {
      const res = await callWith(path, { method, headers: { 'content-type': 'application/json' }, body: '{}' });
      expect(res.status, `${method} ${path}`).toBe(401);
    }
  });
});
