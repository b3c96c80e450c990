import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { sharedConversationSchema, sharedLinkResultSchema } from '../contract/share';
import { createConversation, createMessage } from '../db/test-helpers';
import type { UserRow } from '../db/users';
import { storeFile, type StoredFixture } from '../services/files/testing';
import { sharedFilePath } from '../services/share/shared-file';
import { createTestUser } from '../test/auth-helpers';
import { callAs } from '../test/two-factor-helpers';

/** A conversation whose question carries an image and a document, both stored. */
async function conversationWithFiles(user: UserRow) {
  const image = await storeFile(user.id, { filename: 'cat.png', type: 'image/png', bytes: 'PNG bytes' });
  const notes = await storeFile(user.id, { filename: 'notes.txt', type: 'text/plain' });
  const conversationId = await createConversation(env.DB, user.id, { title: 'Pets' });
  const question = await createMessage(env.DB, user.id, conversationId, {
    text: 'Look at my cat',
    files: [
      { file_id: image.fileId, type: 'image/png', filename: 'cat.png', width: 40, height: 30 },
      { file_id: notes.fileId, type: 'text/plain', filename: 'notes.txt' },
    ],
    createdAt: Date.now() - 60_000,
  });
  return { conversationId, question, image, notes };
}

async function share(user: UserRow, conversationId: string): Promise<string> {
  const res = await callAs(user, `/api/share/${conversationId}`, 'POST');
  expect(res.status).toBe(201);
  return sharedLinkResultSchema.parse(await res.json()).shareId;
}

const fetchShared = (shareId: string, file: StoredFixture) => callAs(null, sharedFilePath(shareId, file.fileId));

describe('images on a share page', () => {
  it('lists the shared images at the link’s own address, and serves them to anyone with the page', async () => {
    const owner = await createTestUser();
    const { conversationId, image } = await conversationWithFiles(owner);
    const shareId = await share(owner, conversationId);

    const page = sharedConversationSchema.parse(await (await callAs(null, `/api/share/${shareId}`)).json());
    // The image only: the document stays private, and no address names the owner.
    expect(page.messages[0]?.files).toEqual([
      {
        file_id: image.fileId,
        filepath: sharedFilePath(shareId, image.fileId),
        type: 'image/png',
        filename: 'cat.png',
        width: 40,
        height: 30,
      },
    ]);
    expect(JSON.stringify(page)).not.toContain(owner.id);

    const res = await fetchShared(shareId, image);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(await res.text()).toBe('PNG bytes');

    // The server-rendered page shows it too, before any script runs.
    const html = await (await callAs(null, `/share/${shareId}`)).text();
    expect(html).toContain(`<img src="${sharedFilePath(shareId, image.fileId)}" alt="cat.png" width="40" height="30"`);
  });

  it('serves nothing the snapshot does not show, nor anything once the link is gone', async () => {
    const owner = await createTestUser();
    const { conversationId, image, notes } = await conversationWithFiles(owner);
    const shareId = await share(owner, conversationId);
    const elsewhere = await storeFile(owner.id, { filename: 'private.png', type: 'image/png' });

    // A file of the owner's in no shared message, and one from another user, through this link.
    expect((await fetchShared(shareId, elsewhere)).status).toBe(404);
    const stranger = await createTestUser();
    expect((await fetchShared(shareId, await storeFile(stranger.id, { type: 'image/png' }))).status).toBe(404);
    // The document is in the shared message, but only images are shown.
    expect((await fetchShared(shareId, notes)).status).toBe(404);

    expect((await callAs(owner, `/api/share/${shareId}`, 'DELETE')).status).toBe(200);
    expect((await fetchShared(shareId, image)).status).toBe(404);
  });
});
