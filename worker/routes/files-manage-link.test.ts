import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { fileLinkPath } from '../contract/files';
import { createSharedLink } from '../db/shares';
import { createConversation, createMessage } from '../db/test-helpers';
import type { UserRow } from '../db/users';
import { newShareId } from '../services/share/share-id';
import { storeFile, type FileValues, type StoredFixture } from '../services/files/testing';
import { createTestUser } from '../test/auth-helpers';
import { callAs } from '../test/two-factor-helpers';

const bodyText = async (res: Response) => new TextDecoder().decode(await res.arrayBuffer());

/** A conversation of `owner` whose first message carries `file`, shared (snapshot taken now). */
async function sharedWithFile(owner: UserRow, fileId: string): Promise<{ shareId: string; conversationId: string }> {
  const conversationId = await createConversation(env.DB, owner.id);
  await createMessage(env.DB, owner.id, conversationId, { files: [{ file_id: fileId, type: 'image/png' }] });
  const shareId = newShareId();
  await createSharedLink(env.DB, owner.id, conversationId, shareId);
  return { shareId, conversationId };
}

async function ownerWithFile(values: FileValues = {}): Promise<{ owner: UserRow; file: StoredFixture }> {
  const owner = await createTestUser();
  return { owner, file: await storeFile(owner.id, values) };
}

describe('GET /api/files/{userId}/{file_id}: the owner', () => {
  it.each([
    ['image/png', 'shot.png'],
    ['image/jpeg', 'photo.jpg'],
    ['image/gif', 'anim.gif'],
    ['image/webp', 'pic.webp'],
  ])('shows a %s inline with its type', async (type, filename) => {
    const { owner, file } = await ownerWithFile({ type, filename });
    const res = await callAs(owner, fileLinkPath(owner.id, file.fileId));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(type);
    expect(res.headers.get('content-disposition')).toMatch(/^inline; filename="/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toMatch(/sandbox/);
    expect(await bodyText(res)).toBe(file.bytes);
  });

  it.each([
    ['image/svg+xml', 'logo.svg'],
    ['text/html', 'page.html'],
    ['text/plain', 'notes.txt'],
    ['application/pdf', 'paper.pdf'],
    ['application/xhtml+xml', 'page.xhtml'],
  ])('never renders a %s: an opaque attachment, nosniff, sandboxed', async (type, filename) => {
    const { owner, file } = await ownerWithFile({ type, filename, bytes: '<svg onload="alert(1)"/>' });
    const res = await callAs(owner, fileLinkPath(owner.id, file.fileId));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/octet-stream');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toMatch(/sandbox/);
    expect(res.headers.get('x-file-metadata')).toBeNull();
  });

  it('answers 410 for a generated file past its expiry', async () => {
    const { owner, file } = await ownerWithFile({ expiresAt: Date.now() - 1 });
    expect((await callAs(owner, fileLinkPath(owner.id, file.fileId))).status).toBe(410);
  });
});

describe('GET /api/files/{userId}/{file_id}: anyone else', () => {
  it('answers 401 signed out and 404 to another signed-in user, without the bytes', async () => {
    const { owner, file } = await ownerWithFile({ type: 'image/png' });
    expect((await callAs(null, fileLinkPath(owner.id, file.fileId))).status).toBe(401);
    const res = await callAs(await createTestUser(), fileLinkPath(owner.id, file.fileId));
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: 'File not found', code: 'not_found' });
  });

  it('lets a share viewer, signed in or not, read a file that a shared message carries', async () => {
    const { owner, file } = await ownerWithFile({ type: 'image/png' });
    const { shareId } = await sharedWithFile(owner, file.fileId);
    const path = `${fileLinkPath(owner.id, file.fileId)}?share=${shareId}`;
    for (const viewer of [null, await createTestUser()]) {
      const res = await callAs(viewer, path);
      expect(res.status).toBe(200);
      expect(await bodyText(res)).toBe(file.bytes);
    }
  });

  it("refuses the share's other files, files added after the snapshot, and a made-up share id", async () => {
    const { owner, file } = await ownerWithFile({ type: 'image/png' });
    const notShown = await storeFile(owner.id, { type: 'image/png' });
    const { shareId, conversationId } = await sharedWithFile(owner, file.fileId);
    const later = await storeFile(owner.id, { type: 'image/png' });
    await createMessage(env.DB, owner.id, conversationId, { files: [{ file_id: later.fileId }] });
    for (const path of [
      `${fileLinkPath(owner.id, notShown.fileId)}?share=${shareId}`,
      `${fileLinkPath(owner.id, later.fileId)}?share=${shareId}`,
      `${fileLinkPath(owner.id, file.fileId)}?share=${newShareId()}`,
      `${fileLinkPath(owner.id, file.fileId)}?share=..%2F${shareId}`,
    ]) {
      const res = await callAs(null, path);
      expect(res.status, path).toBe(404);
    }
  });

  it("a share cannot reach another user's file by naming it in its own messages", async () => {
    const { owner: victim, file } = await ownerWithFile({ type: 'image/png' });
    const attacker = await createTestUser();
    const { shareId } = await sharedWithFile(attacker, file.fileId);
    for (const path of [
      `${fileLinkPath(victim.id, file.fileId)}?share=${shareId}`,
      `${fileLinkPath(attacker.id, file.fileId)}?share=${shareId}`,
    ]) {
      const res = await callAs(attacker, path);
      expect(res.status, path).toBe(404);
    }
  });

  it('stops when the link is deleted or made private, or sharing is switched off', async () => {
    const { owner, file } = await ownerWithFile({ type: 'image/png' });
    const first = await sharedWithFile(owner, file.fileId);
    const second = await sharedWithFile(owner, file.fileId);
    const path = (shareId: string) => `${fileLinkPath(owner.id, file.fileId)}?share=${shareId}`;
    expect((await callAs(null, path(first.shareId), 'GET', undefined, { ALLOW_SHARED_LINKS: 'false' })).status).toBe(
      404,
    );
    await env.DB.prepare('DELETE FROM shared_links WHERE shareId = ?1').bind(first.shareId).run();
    await env.DB.prepare('UPDATE shared_links SET isPublic = 0 WHERE shareId = ?1').bind(second.shareId).run();
    expect((await callAs(null, path(first.shareId))).status).toBe(404);
    expect((await callAs(null, path(second.shareId))).status).toBe(404);
  });

  it('needs a signed-in viewer when shared links are not public', async () => {
    const { owner, file } = await ownerWithFile({ type: 'image/png' });
    const { shareId } = await sharedWithFile(owner, file.fileId);
    const path = `${fileLinkPath(owner.id, file.fileId)}?share=${shareId}`;
    const vars = { ALLOW_SHARED_LINKS_PUBLIC: 'false' };
    expect((await callAs(null, path, 'GET', undefined, vars)).status).toBe(401);
    expect((await callAs(await createTestUser(), path, 'GET', undefined, vars)).status).toBe(200);
  });

  it('answers 410 to a share viewer for an expired generated file', async () => {
    const { owner, file } = await ownerWithFile({ type: 'image/png', expiresAt: Date.now() - 1 });
    const { shareId } = await sharedWithFile(owner, file.fileId);
    expect((await callAs(null, `${fileLinkPath(owner.id, file.fileId)}?share=${shareId}`)).status).toBe(410);
  });
});

describe('GET /api/files/{path}: paths that try to leave the owner', () => {
  it('answers 404 to dot segments, encoded slashes and other prefixes, and never serves the bytes', async () => {
    const { owner: victim, file } = await ownerWithFile({ type: 'image/png', bytes: 'victim bytes' });
    const user = await createTestUser();
    const own = await storeFile(user.id, { type: 'image/png' });
    const paths = [
      `/api/files/${user.id}/..%2F..%2F${victim.id}%2F${file.fileId}`,
      `/api/files/${user.id}%2F..%2F${victim.id}/${file.fileId}`,
      `/api/files/${user.id}/%2e%2e%2f${file.fileId}`,
      `/api/files/users%2F${victim.id}/${file.fileId}`,
      `/api/files/${user.id}/${file.fileId}`,
      `/api/files/${user.id}/${own.fileId}%2F..%2F${file.fileId}`,
      `/api/files/${user.id}/${own.fileId}%00`,
      `/api/files/download/${user.id}/..%2F${file.fileId}`,
      `/api/files/download/${user.id}%2F..%2F${victim.id}/${file.fileId}`,
      `/api/files/download/${victim.id}/${file.fileId}`,
    ];
    for (const path of paths) {
      const res = await callAs(user, path);
      expect(res.status, path).toBe(404);
      expect(await bodyText(res), path).not.toContain('victim bytes');
    }
    // The caller's own file is still served through the same route.
    expect((await callAs(user, fileLinkPath(user.id, own.fileId))).status).toBe(200);
  });
});
