import { env } from 'cloudflare:workers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fileLinkPath } from '../contract/files';
import type { UserRow } from '../db/users';
import { clearAppConfig } from '../test/app-config';
import { authHeader, createTestUser } from '../test/auth-helpers';
import { MB, PNG_BYTES, callWith, expectNothingStored, streamedBody } from '../test/file-upload-helpers';
import {
  abortUpload,
  completeUpload,
  filled,
  putPart,
  startUpload,
  type CompleteAnswer,
  type PartAnswer,
  type Started,
} from '../test/parts-upload-helpers';
import { setPartsUploadPartSizeForTests } from './files-parts';

/** R2's smallest part but the last: the test files have a full part and a short last one. */
const PART = 5 * MB;

let user: UserRow;

beforeEach(async () => {
  await clearAppConfig();
  setPartsUploadPartSizeForTests(PART);
  user = await createTestUser();
});
afterEach(() => setPartsUploadPartSizeForTests(undefined));

async function start(bytes: number, extra: Record<string, unknown> = {}): Promise<Started> {
  const res = await startUpload(user, { bytes, ...extra });
  expect(res.status).toBe(200);
  return res.json<Started>();
}

async function sendPart(token: string, n: number, bytes: Uint8Array): Promise<PartAnswer> {
  const res = await putPart(user, token, n, bytes);
  expect(res.status, await res.clone().text()).toBe(200);
  return res.json<PartAnswer>();
}

describe('uploads in parts', () => {
  it('stores a file sent in parts, in any order, and answers as POST /api/files does', async () => {
    const tempId = crypto.randomUUID();
    const started = await start(PART + 1000, { file_id: tempId, filename: 'big%20log.txt' });
    expect(started).toMatchObject({ partSize: PART, parts: 2 });
    expect(started.uploadId).toMatch(/^[\w-]+\.[\w-]+$/);
    // Nothing is listed before the upload is complete.
    await expectNothingStored(user.id);

    const second = await sendPart(started.uploadId, 2, filled(1000, 0x62));
    const first = await sendPart(started.uploadId, 1, filled(PART));
    expect(first.partNumber).toBe(1);
    const res = await completeUpload(user, started.uploadId, [first, second]);
    expect(res.status).toBe(200);
    const body = await res.json<CompleteAnswer>();
    expect(body).toMatchObject({
      message: 'File uploaded and processed successfully',
      file_id: started.file_id,
      temp_file_id: tempId,
      user: user.id,
      filename: 'big log.txt',
      type: 'text/plain',
      bytes: PART + 1000,
      source: 'local',
      context: 'message_attachment',
    });
    expect(body.filepath).toBe(fileLinkPath(user.id, started.file_id));
    const object = await env.FILES.get(`users/${user.id}/${started.file_id}`);
    const stored = new Uint8Array(await object!.arrayBuffer());
    expect(stored.length).toBe(PART + 1000);
    expect([stored[0], stored[PART - 1], stored[PART], stored[PART + 999]]).toEqual([0x61, 0x61, 0x62, 0x62]);
    const row = await env.DB.prepare('SELECT bytes, storageKey FROM files WHERE file_id = ?')
      .bind(started.file_id)
      .first();
    expect(row).toEqual({ bytes: PART + 1000, storageKey: `users/${user.id}/${started.file_id}` });
  });

  it('refuses a part of the wrong size, counted on the bytes received', async () => {
    const { uploadId } = await start(PART + 10);
    // A full part one byte short, one byte long; the last part short and long.
    for (const [n, size, expected] of [
      [1, PART - 1, PART],
      [1, PART + 1, PART],
      [2, 9, 10],
      [2, 11, 10],
      [2, 0, 10],
    ] as const) {
      const res = await putPart(user, uploadId, n, filled(size));
      expect(res.status, `part ${n} of ${size} bytes`).toBe(400);
      expect(await res.json()).toEqual({ message: `Part ${n} must have exactly ${expected} bytes.` });
    }
    // A part number outside the file.
    for (const n of [0, 3]) expect((await putPart(user, uploadId, n, filled(10))).status).toBe(400);
    // The refused parts were not kept: completing with what there is fails.
    const good = await sendPart(uploadId, 2, filled(10));
    expect((await completeUpload(user, uploadId, [{ partNumber: 1, etag: 'x' }, good])).status).toBe(400);
    await expectNothingStored(user.id);
  });

  it('stops reading a part as soon as it has more bytes than it may', async () => {
    const { uploadId } = await start(PART + 10);
    // A body that never ends: only counting what arrives can stop it.
    const endless = streamedBody(new Uint8Array(0));
    const res = await callWith(`/api/files/uploads/${uploadId}/parts/2`, {
      method: 'PUT',
      headers: await authHeader(user),
      body: endless.stream,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(400);
    expect(endless.pulled()).toBeLessThan(MB);
  });

  it('takes a part sent again after a dropped connection: the last one sent is kept', async () => {
    const { uploadId, file_id } = await start(PART + 4);
    const first = await sendPart(uploadId, 1, filled(PART, 0x61));
    const resent = await sendPart(uploadId, 1, filled(PART, 0x7a));
    const last = await sendPart(uploadId, 2, filled(4));
    const res = await completeUpload(user, uploadId, [resent, last]);
    expect(res.status).toBe(200);
    const object = await env.FILES.get(`users/${user.id}/${file_id}`, { range: { offset: 0, length: 1 } });
    expect(new Uint8Array(await object!.arrayBuffer())).toEqual(new Uint8Array([0x7a]));
    expect(first.etag).not.toBe(resent.etag);
  });

  it('resumes from the parts received before a reload: only the missing ones are sent again', async () => {
    const { uploadId, file_id } = await start(2 * PART + 7);
    // The first page sent two parts and kept their etags, then was reloaded.
    const kept = [await sendPart(uploadId, 1, filled(PART, 0x61)), await sendPart(uploadId, 2, filled(PART, 0x62))];
    const saved: PartAnswer[] = JSON.parse(JSON.stringify(kept));

    // The new page names a part the server never received: refused, and the upload is still there.
    const early = await completeUpload(user, uploadId, [...saved, { partNumber: 3, etag: saved[0]!.etag }]);
    expect(early.status).toBe(400);
    await expectNothingStored(user.id);

    const last = await sendPart(uploadId, 3, filled(7, 0x63));
    const res = await completeUpload(user, uploadId, [...saved, last]);
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toMatchObject({ file_id, bytes: 2 * PART + 7 });
    const object = await env.FILES.get(`users/${user.id}/${file_id}`);
    const stored = new Uint8Array(await object!.arrayBuffer());
    expect(stored.length).toBe(2 * PART + 7);
    const at = [0, PART - 1, PART, 2 * PART - 1, 2 * PART, 2 * PART + 6];
    expect(at.map((i) => stored[i])).toEqual([0x61, 0x61, 0x62, 0x62, 0x63, 0x63]);
  });

  it('completes once: completing again, even at the same time, keeps the file', async () => {
    const { uploadId, file_id } = await start(PART + 4);
    const parts = [await sendPart(uploadId, 1, filled(PART)), await sendPart(uploadId, 2, filled(4))];
    const answers = await Promise.all([completeUpload(user, uploadId, parts), completeUpload(user, uploadId, parts)]);
    expect(answers.map((res) => res.status).sort()).toEqual([200, 404]);
    const again = await completeUpload(user, uploadId, parts);
    expect(again.status).toBe(404);
    expect((await env.FILES.head(`users/${user.id}/${file_id}`))?.size).toBe(PART + 4);
    expect(await env.DB.prepare('SELECT 1 FROM files WHERE file_id = ?').bind(file_id).first()).not.toBeNull();
  });

  it('deletes an object whose size is not the declared one', async () => {
    const { uploadId, file_id } = await start(PART + 4);
    const first = await sendPart(uploadId, 1, filled(PART));
    await sendPart(uploadId, 2, filled(4));
    // Completed without its last part, the object is shorter than declared.
    const res = await completeUpload(user, uploadId, [first]);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: `The upload has ${PART} bytes, not the ${PART + 4} declared.` });
    expect(await env.FILES.head(`users/${user.id}/${file_id}`)).toBeNull();
    await expectNothingStored(user.id);
  });

  it('aborts: the parts are dropped and the token no longer works', async () => {
    const { uploadId } = await start(PART + 4);
    const first = await sendPart(uploadId, 1, filled(PART));
    const res = await abortUpload(user, uploadId);
    expect(res.status).toBe(204);
    expect((await putPart(user, uploadId, 2, filled(4))).status).toBe(404);
    expect((await completeUpload(user, uploadId, [first])).status).toBe(404);
    // Aborting again is harmless.
    expect((await abortUpload(user, uploadId)).status).toBe(204);
    await expectNothingStored(user.id);
  });

  it('checks an image by its first bytes: a fake one is deleted, a real one kept with its size', async () => {
    const fake = await start(PART + 16, { filename: 'huge.png', type: 'image/png', width: 100, height: 50 });
    const parts = [await sendPart(fake.uploadId, 1, filled(PART)), await sendPart(fake.uploadId, 2, filled(16))];
    const refused = await completeUpload(user, fake.uploadId, parts);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ message: 'The file is not a valid image (PNG, JPEG, GIF or WebP).' });
    await expectNothingStored(user.id);

    const real = await start(PART + 16, { filename: 'huge.png', type: 'image/png', width: 100, height: 50 });
    const head = filled(PART);
    head.set(PNG_BYTES);
    const ok = [await sendPart(real.uploadId, 1, head), await sendPart(real.uploadId, 2, filled(16))];
    const res = await completeUpload(user, real.uploadId, ok);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ type: 'image/png', width: 100, height: 50, bytes: PART + 16 });
  });
});
