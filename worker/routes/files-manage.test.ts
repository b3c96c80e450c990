import { describe, expect, it } from 'vitest';
import type { StoredFileResponse } from '../contract/files';
import type { DeleteFilesResponse } from '../contract/files-delete';
import { fileState, storeFile } from '../services/files/testing';
import { createTestUser } from '../test/auth-helpers';
import { callAs } from '../test/two-factor-helpers';

const entry = (fileId: string) => ({ file_id: fileId, filepath: 'vectordb', source: 'local', embedded: false });

describe('GET /api/files', () => {
  it("answers the caller's files only, newest change first, in the stored-file shape", async () => {
    const user = await createTestUser();
    const other = await createTestUser();
    const older = await storeFile(user.id, { updatedAt: Date.UTC(2026, 0, 1), filename: 'old.txt' });
    const newer = await storeFile(user.id, { updatedAt: Date.UTC(2026, 5, 1), filename: 'new.png', type: 'image/png' });
    const middle = await storeFile(user.id, { updatedAt: Date.UTC(2026, 2, 1), expiresAt: Date.UTC(2026, 3, 1) });
    await storeFile(other.id);

    const res = await callAs(user, '/api/files');
    expect(res.status).toBe(200);
    const list = await res.json<StoredFileResponse[]>();
    expect(list.map((file) => file.file_id)).toEqual([newer.fileId, middle.fileId, older.fileId]);
    expect(list[0]).toMatchObject({
      file_id: newer.fileId,
      user: user.id,
      filename: 'new.png',
      filepath: `/api/files/${user.id}/${newer.fileId}`,
      object: 'file',
      type: 'image/png',
      bytes: newer.bytes.length,
      source: 'local',
      context: 'message_attachment',
      embedded: false,
      usage: 0,
      updatedAt: new Date(Date.UTC(2026, 5, 1)).toISOString(),
    });
    expect(list[1]?.expiresAt).toBe(new Date(Date.UTC(2026, 3, 1)).toISOString());
    // Internal columns stay inside.
    expect(list[0]).not.toHaveProperty('storageKey');
    expect(list[0]).not.toHaveProperty('userId');
  });

  it('answers an empty list to a user with no files, and 401 signed out', async () => {
    expect(await (await callAs(await createTestUser(), '/api/files')).json()).toEqual([]);
    expect((await callAs(null, '/api/files')).status).toBe(401);
  });
});

describe('DELETE /api/files', () => {
  it('deletes the rows and the R2 objects of the listed files, and only those', async () => {
    const user = await createTestUser();
    const [first, second, kept] = [await storeFile(user.id), await storeFile(user.id), await storeFile(user.id)];
    const res = await callAs(user, '/api/files', 'DELETE', { files: [entry(first.fileId), entry(second.fileId)] });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: 'Files deleted successfully' });
    expect(await fileState(first)).toEqual({ row: false, object: false });
    expect(await fileState(second)).toEqual({ row: false, object: false });
    expect(await fileState(kept)).toEqual({ row: true, object: true });
  });

  it("never touches another user's files: 404 with them listed as not found", async () => {
    const user = await createTestUser();
    const victim = await createTestUser();
    const theirs = await storeFile(victim.id);
    const res = await callAs(user, '/api/files', 'DELETE', {
      files: [{ ...entry(theirs.fileId), filepath: `/api/files/${victim.id}/${theirs.fileId}` }],
    });
    expect(res.status).toBe(404);
    expect(await res.json<DeleteFilesResponse>()).toEqual({
      message: 'File not found',
      code: 'not_found',
      notFound: [theirs.fileId],
    });
    expect(await fileState(theirs)).toEqual({ row: true, object: true });
  });

  it("deletes the caller's files of a mixed list and reports the others, whoever they belong to", async () => {
    const user = await createTestUser();
    const victim = await createTestUser();
    const mine = await storeFile(user.id);
    const theirs = await storeFile(victim.id);
    const missing = crypto.randomUUID();
    const res = await callAs(user, '/api/files', 'DELETE', {
      files: [entry(mine.fileId), entry(theirs.fileId), entry(missing)],
    });
    expect(res.status).toBe(200);
    expect(await res.json<DeleteFilesResponse>()).toEqual({
      message: 'Files deleted successfully',
      notFound: [theirs.fileId, missing],
    });
    expect(await fileState(mine)).toEqual({ row: false, object: false });
    expect(await fileState(theirs)).toEqual({ row: true, object: true });
  });

  it('takes the bytes to delete from its own row, never from the filepath or source sent', async () => {
    const user = await createTestUser();
    const victim = await createTestUser();
    const theirs = await storeFile(victim.id);
    const mine = await storeFile(user.id);
    const res = await callAs(user, '/api/files', 'DELETE', {
      files: [{ file_id: mine.fileId, filepath: theirs.storageKey, source: 's3', embedded: true }],
    });
    expect(res.status).toBe(200);
    expect(await fileState(mine)).toEqual({ row: false, object: false });
    expect(await fileState(theirs)).toEqual({ row: true, object: true });
  });

  it('keeps R2 objects of files whose bytes live elsewhere (another source)', async () => {
    const user = await createTestUser();
    const remote = await storeFile(user.id, { source: 'openai' });
    const res = await callAs(user, '/api/files', 'DELETE', { files: [entry(remote.fileId)] });
    expect(res.status).toBe(200);
    expect(await fileState(remote)).toEqual({ row: false, object: true });
  });

  it('answers 204 to an empty list', async () => {
    const res = await callAs(await createTestUser(), '/api/files', 'DELETE', { files: [] });
    expect(res.status).toBe(204);
  });

  it.each([
    [{}, /files/],
    [{ files: 'abc' }, /files/],
    [{ files: [{ filepath: 'x' }] }, /files\.0\.file_id: file_id is required/],
    [{ files: [{ file_id: '' }] }, /file_id is required/],
    [{ files: [{ file_id: 'a', embedded: 'yes' }] }, /files\.0\.embedded/],
    [{ files: Array.from({ length: 1001 }, (_, i) => ({ file_id: `f${i}` })) }, /At most 1000 files/],
  ])('refuses a bad body %# with 400 and a message naming the problem', async (body, message) => {
    const user = await createTestUser();
    const mine = await storeFile(user.id);
    const res = await callAs(user, '/api/files', 'DELETE', body);
    expect(res.status).toBe(400);
    const answer = await res.json<{ message: string; code: string }>();
    expect(answer.code).toBe('validation_error');
    expect(answer.message).toMatch(message);
    expect(await fileState(mine)).toEqual({ row: true, object: true });
  });

  it('answers 401 signed out and deletes nothing', async () => {
    const user = await createTestUser();
    const mine = await storeFile(user.id);
    const res = await callAs(null, '/api/files', 'DELETE', { files: [entry(mine.fileId)] });
    expect(res.status).toBe(401);
    expect(await fileState(mine)).toEqual({ row: true, object: true });
  });
});
