/**
 * Where an image a tool made is kept: the Durable Object stores it as an upload is stored, so
 * the file manager lists it, the file route serves it to its owner, and deleting the account
 * deletes it: the bytes in R2 under the user's prefix (`users/{userId}/{fileId}`, the key layout
 * of uploads), and a `files` row with context `image_generation`. The row is written at once,
 * not in the run's final batch: the image is shown while the run goes on, and a run that fails
 * later keeps it. A row that cannot be written takes its R2 object with it.
 */
import { fileLinkPath } from '../../worker/contract/files';
import { insertGeneratedImage } from '../../worker/db/file-uploads';
import type { GeneratedImage, ToolAttachment } from '../../worker/agent-tools/types';

export interface ToolImageStore {
  FILES: Pick<R2Bucket, 'put' | 'delete'>;
  DB: D1Database;
}

export async function storeToolImage(
  env: ToolImageStore,
  owner: { userId: string; conversationId: string; messageId: string },
  image: GeneratedImage,
): Promise<ToolAttachment> {
  const fileId = crypto.randomUUID();
  const storageKey = `users/${owner.userId}/${fileId}`;
  await env.FILES.put(storageKey, image.bytes, { httpMetadata: { contentType: image.type } });
  try {
    await insertGeneratedImage(env.DB, {
      file_id: fileId,
      ...owner,
      filename: image.filename,
      storageKey,
      type: image.type,
      bytes: image.bytes.byteLength,
      width: image.width,
      height: image.height,
    });
  } catch (error) {
    await env.FILES.delete(storageKey);
    throw error;
  }
  const size = image.width !== null && image.height !== null ? { width: image.width, height: image.height } : {};
  return { fileId, filename: image.filename, filepath: fileLinkPath(owner.userId, fileId), type: image.type, ...size };
}
