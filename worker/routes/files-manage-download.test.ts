import { describe, expect, it } from 'vitest';
import type { StoredFileResponse } from '../contract/files';
import { fileState, storeFile } from '../services/files/testing';
import { createTestUser } from '../test/auth-helpers';
import { callAs } from '../test/two-factor-helpers';

const downloadPath = (userId: string, fileId: string) =>
  `/api/files/download/${encodeURIComponent(userId)}/${encodeURIComponent(fileId)}`;

/** The value of `filename*=UTF-8''…`, decoded. */
function extendedName(disposition: string): string | undefined {
  const match = /filename\*=UTF-8''([^;\s]+)/.exec(disposition);
  return match?.[1] ? decodeURIComponent(match[1]) : undefined;
}

describe('GET /api/files/download/{userId}/{file_id}', () => {
  it('streams the bytes as an opaque attachment with the file metadata', async () => {
    const user = await createTestUser();
    const file = await storeFile(user.id, { filename: 'report.html', type: 'text/html', bytes: '<script>x</script>' });
    const res = await callAs(user, downloadPath(user.id, file.fileId));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/octet-stream');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="report.html"; filename*=UTF-8''report.html`,
    );
    expect(res.headers.get('content-security-policy')).toMatch(/sandbox/);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('content-length')).toBe(String(file.bytes.length));
    expect(new TextDecoder().decode(await res.arrayBuffer())).toBe(file.bytes);
    const metadata = JSON.parse(res.headers.get('x-file-metadata') ?? '') as StoredFileResponse;
    expect(metadata).toMatchObject({
      file_id: file.fileId,
      filename: 'report.html',
      filepath: `/api/files/${user.id}/${file.fileId}`,
      type: 'text/html',
      bytes: file.bytes.length,
    });
  });

  it('names a non-ASCII file in filename* and keeps an ASCII fallback; the metadata parses back exactly', async () => {
    const user = await createTestUser();
    const filename = 'Résumé 履歴書 🎉.pdf';
    const file = await storeFile(user.id, { filename, type: 'application/pdf' });
    const res = await callAs(user, downloadPath(user.id, file.fileId));
    const disposition = res.headers.get('content-disposition') ?? '';
    expect(disposition).toMatch(/^attachment; filename="Resume ___ __\.pdf"; filename\*=UTF-8''/);
    expect(extendedName(disposition)).toBe(filename);
    const header = res.headers.get('x-file-metadata') ?? '';
    expect(header).toMatch(/^[\x20-\x7e]+$/);
    expect((JSON.parse(header) as StoredFileResponse).filename).toBe(filename);
  });

  it('keeps quotes, backslashes, semicolons and line breaks of a name from breaking the header', async () => {
    const user = await createTestUser();
    const filename = 'say "hi"; \\ it\r\nX-Injected: 1 (v2)*.txt';
    const file = await storeFile(user.id, { filename });
    const res = await callAs(user, downloadPath(user.id, file.fileId));
    expect(res.status).toBe(200);
    expect(res.headers.get('x-injected')).toBeNull();
    const disposition = res.headers.get('content-disposition') ?? '';
    // One quoted string with no quote or backslash inside, then the encoded name.
    expect(disposition).toMatch(/^attachment; filename="[^"\\]*"; filename\*=UTF-8''[A-Za-z0-9!#$&+\-.^_`|~%]+$/);
    // Line breaks and path separators are dropped from the offered name; the rest is kept.
    expect(extendedName(disposition)).toBe('say "hi";  itX-Injected: 1 (v2)*.txt');
    expect((JSON.parse(res.headers.get('x-file-metadata') ?? '') as StoredFileResponse).filename).toBe(filename);
  });

  it("answers 404 for another user's file, by their id or by ours, and reveals nothing", async () => {
    const user = await createTestUser();
    const victim = await createTestUser();
    const theirs = await storeFile(victim.id, { filename: 'secret.txt' });
    for (const path of [downloadPath(victim.id, theirs.fileId), downloadPath(user.id, theirs.fileId)]) {
      const res = await callAs(user, path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('x-file-metadata')).toBeNull();
      const text = await res.text();
      expect(text).not.toContain('secret');
      expect(JSON.parse(text)).toEqual({ message: 'File not found', code: 'not_found' });
    }
    expect(await fileState(theirs)).toEqual({ row: true, object: true });
  });

  it('answers "Error downloading file" when the object is missing from R2', async () => {
    const user = await createTestUser();
    const file = await storeFile(user.id, { withoutObject: true });
    const res = await callAs(user, downloadPath(user.id, file.fileId));
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ message: 'Error downloading file' });
  });

  it('answers "Error downloading file" for a file whose bytes are not in R2 (another source), even if a key matches', async () => {
    const user = await createTestUser();
    const remote = await storeFile(user.id, { source: 'vectordb' });
    const res = await callAs(user, downloadPath(user.id, remote.fileId));
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ message: 'Error downloading file' });
  });

  it('answers 410 for a generated file past its expiry, 200 before it', async () => {
    const user = await createTestUser();
    const expired = await storeFile(user.id, { expiresAt: Date.now() - 1000 });
    const live = await storeFile(user.id, { expiresAt: Date.now() + 60_000 });
    const gone = await callAs(user, downloadPath(user.id, expired.fileId));
    expect(gone.status).toBe(410);
    expect(await gone.json()).toEqual({ message: 'File has expired', code: 'file_expired' });
    expect((await callAs(user, downloadPath(user.id, live.fileId))).status).toBe(200);
  });

  it('answers 401 signed out', async () => {
    const user = await createTestUser();
    const file = await storeFile(user.id);
    expect((await callAs(null, downloadPath(user.id, file.fileId))).status).toBe(401);
  });
});
