import type { UserRow } from '../../db/users';
import { HttpError } from '../../http-error';
import {
  avatarContentType,
  avatarKey,
  avatarPrefix,
  avatarUrl,
  newAvatarLocation,
  ownedAvatarLocation,
  type AvatarKind,
} from './avatar';

type AvatarEnv = { DB: D1Database; FILES: R2Bucket };

/**
 * Stores a new avatar and points the user at it, then deletes the previous one.
 *
 * The SPA always sends its cropped image as PNG; JPEG bytes (another client, or a future SPA)
 * are stored as they are under a `.jpg` key with `image/jpeg`, since there is no image codec
 * in the Worker to convert them — the type always matches the bytes.
 *
 * The pointer moves with a compare-and-set on the avatar value read at the start: of two
 * uploads racing, the loser removes its own object and gets 409, so neither leaves an orphan
 * nor deletes the picture the other just set.
 */
export async function replaceAvatar(
  env: AvatarEnv,
  user: UserRow,
  bytes: Uint8Array,
  kind: AvatarKind,
): Promise<string> {
  const location = newAvatarLocation(user.id, kind);
  const key = avatarKey(location);
  await env.FILES.put(key, bytes, {
    httpMetadata: { contentType: avatarContentType(location) },
    customMetadata: { userId: user.id, context: 'avatar' },
  });
  const url = avatarUrl(location);
  const result = await env.DB.prepare('UPDATE users SET avatar = ?1, updatedAt = ?2 WHERE id = ?3 AND avatar IS ?4')
    .bind(url, Date.now(), user.id, user.avatar)
    .run();
  if (result.meta.changes !== 1) {
    await env.FILES.delete(key);
    throw new HttpError(409, 'The avatar was changed by another request; try again');
  }
  const previous = ownedAvatarLocation(user);
  if (previous) await env.FILES.delete(avatarKey(previous));
  return url;
}

/**
 * Removes every stored avatar of a user (for account deletion): the whole
 * `users/{userId}/avatar/` prefix, page by page.
 */
export async function deleteUserAvatars(env: { FILES: R2Bucket }, userId: string): Promise<void> {
  const prefix = avatarPrefix(userId);
  if (!prefix) return;
  let cursor: string | undefined;
  do {
    const page = await env.FILES.list({ prefix, ...(cursor ? { cursor } : {}) });
    if (page.objects.length > 0) await env.FILES.delete(page.objects.map((object) => object.key));
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
}
