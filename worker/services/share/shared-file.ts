/**
 * An image shown on a share page, for anyone who can open the page:
 * `GET /api/share/{shareId}/files/{fileId}`. The link's snapshot must show a message whose
 * `files` holds the image (db/user-files.ts shareShowsFile), under the same rules as the page
 * (public, not expired, sharing on). Only raster images: a shared message's other files stay
 * private. Unlike the owner's file link, the address names no account, so a viewer learns nothing
 * of the owner. Every refusal looks like a missing file.
 */
import { findUserFile, shareShowsFile, type UserFileRow } from '../../db/user-files';
import { SHOWN_IMAGE_TYPES } from '../../contract/share';
import { isPlainId } from '../files/link-access';
import { fileNotFound } from '../files/serve-file';

/** The public link's owner, or undefined for an unknown or private link. */
async function publicShareOwner(d1: D1Database, shareId: string): Promise<string | undefined> {
  const row = await d1
    .prepare('SELECT userId FROM shared_links WHERE shareId = ?1 AND isPublic = 1')
    .bind(shareId)
    .first<{ userId: string }>();
  return row?.userId;
}

export async function findSharedFile(d1: D1Database, shareId: string, fileId: string): Promise<UserFileRow> {
  if (!isPlainId(fileId)) throw fileNotFound();
  const owner = await publicShareOwner(d1, shareId);
  if (!owner || !(await shareShowsFile(d1, shareId, owner, fileId))) throw fileNotFound();
  const row = await findUserFile(d1, owner, fileId);
  if (!row || !SHOWN_IMAGE_TYPES.has(row.type)) throw fileNotFound();
  return row;
}

/** The address a share page shows a file at. */
export function sharedFilePath(shareId: string, fileId: string): string {
  return `/api/share/${encodeURIComponent(shareId)}/files/${encodeURIComponent(fileId)}`;
}
