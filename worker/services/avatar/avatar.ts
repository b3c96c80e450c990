import type { UserRow } from '../../db/users';
import type { AppConfig } from '../config/schema';
import { DEFAULT_AVATAR_SIZE_LIMIT_BYTES } from '../startup-config';

/**
 * Profile pictures in R2. Keys are generated here — `users/{userId}/avatar/{uuid}.{png|jpg}` —
 * never taken from a request; the public URL carries only the user id and the file name, and
 * both are checked against these exact patterns before a key is rebuilt from them.
 */
export const AVATAR_ROUTE_PREFIX = '/api/files/images/avatar';

const USER_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
const FILE_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(png|jpg)$/;

export type AvatarKind = 'png' | 'jpeg';

const EXTENSION: Record<AvatarKind, 'png' | 'jpg'> = { png: 'png', jpeg: 'jpg' };
const CONTENT_TYPE: Record<'png' | 'jpg', string> = { png: 'image/png', jpg: 'image/jpeg' };

/** The avatar limit: the config's `fileConfig.avatarSizeLimit` (MB), 2 MB by default. */
export function avatarSizeLimitBytes(config: AppConfig): number {
  const mb = config.fileConfig?.avatarSizeLimit;
  return mb !== undefined ? Math.round(mb * 1024 * 1024) : DEFAULT_AVATAR_SIZE_LIMIT_BYTES;
}

export function describeBytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return mb >= 1 ? `${Number(mb.toFixed(2))} MB` : `${Number((bytes / 1024).toFixed(1))} KB`;
}

/**
 * The image type by its magic bytes, whatever the client declared: PNG's 8-byte signature or
 * JPEG's SOI marker followed by another marker. Anything else is refused.
 */
export function sniffImage(head: Uint8Array): AvatarKind | null {
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (head.length >= png.length && png.every((byte, i) => head[i] === byte)) return 'png';
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  return null;
}

/** The accepted names: .png, .jpg, .jpeg (case-insensitive). */
export function hasAllowedExtension(fileName: string): boolean {
  return /\.(png|jpe?g)$/i.test(fileName);
}

export interface AvatarLocation {
  userId: string;
  file: string;
}

export function newAvatarLocation(userId: string, kind: AvatarKind): AvatarLocation {
  if (!USER_ID_PATTERN.test(userId)) throw new Error('user id is not usable in an avatar key');
  return { userId, file: `${crypto.randomUUID()}.${EXTENSION[kind]}` };
}

/** The R2 prefix holding every avatar of a user (ids outside the pattern never had any). */
export function avatarPrefix(userId: string): string | null {
  return USER_ID_PATTERN.test(userId) ? `users/${userId}/avatar/` : null;
}

/** Only for locations that passed {@link parseAvatarLocation} or came from {@link newAvatarLocation}. */
export function avatarKey(location: AvatarLocation): string {
  return `users/${location.userId}/avatar/${location.file}`;
}

export function avatarUrl(location: AvatarLocation): string {
  return `${AVATAR_ROUTE_PREFIX}/${location.userId}/${location.file}`;
}

export function avatarContentType(location: AvatarLocation): string {
  return location.file.endsWith('.png') ? CONTENT_TYPE.png : CONTENT_TYPE.jpg;
}

/** The location named by URL parameters, or null unless both match the exact patterns. */
export function parseAvatarLocation(userId: string, file: string): AvatarLocation | null {
  return USER_ID_PATTERN.test(userId) && FILE_PATTERN.test(file) ? { userId, file } : null;
}

/**
 * The R2 location behind a user's current `avatar` value, when it is one of ours and belongs
 * to that user. Social-login avatars (external URLs) and anything else yield null: they are
 * never deleted from R2.
 */
export function ownedAvatarLocation(user: Pick<UserRow, 'id' | 'avatar'>): AvatarLocation | null {
  const prefix = `${AVATAR_ROUTE_PREFIX}/`;
  if (!user.avatar?.startsWith(prefix)) return null;
  const [userId, file, ...rest] = user.avatar.slice(prefix.length).split('/');
  if (userId !== user.id || !file || rest.length > 0) return null;
  return parseAvatarLocation(userId, file);
}
