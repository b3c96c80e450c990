/** Files as the upload route leaves them (a D1 row and an R2 object), for the send route tests. */
import { env } from 'cloudflare:workers';
import { db } from '../../db/client';
import { files } from '../../db/schema';
import type { UserRow } from '../../db/users';

// A 1×1 PNG: its bytes travel to the provider as a data URL.
export const PNG = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='),
  (char) => char.charCodeAt(0),
);

/** An upload of `user`, in D1 and R2 as the upload route stores it. */
export async function storedFile(
  user: UserRow,
  file: { name: string; type: string; bytes: Uint8Array; width?: number; height?: number },
): Promise<string> {
  const fileId = crypto.randomUUID();
  const storageKey = `users/${user.id}/${fileId}`;
  await env.FILES.put(storageKey, file.bytes);
  await db(env)
    .insert(files)
    .values({
      file_id: fileId,
      userId: user.id,
      filename: file.name,
      storageKey,
      type: file.type,
      bytes: file.bytes.length,
      width: file.width ?? null,
      height: file.height ?? null,
    });
  return fileId;
}

export const storedImage = (user: UserRow, name = 'cat.png') =>
  storedFile(user, { name, type: 'image/png', bytes: PNG, width: 1, height: 1 });

/** How many messages `userId` has saved. */
export async function savedMessages(userId: string): Promise<number> {
  const saved = await env.DB.prepare('SELECT COUNT(*) AS n FROM messages WHERE userId = ?1')
    .bind(userId)
    .first<{ n: number }>();
  return saved?.n ?? 0;
}
