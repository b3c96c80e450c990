import { findUserFile, shareShowsFile, type UserFileRow } from '../../db/user-files';
import type { UserRow } from '../../db/users';
import type { Env } from '../../env';
import { HttpError } from '../../http-error';
import { publicSharedLinksEnabled, sharedLinksEnabled } from '../share/flags';
import { fileNotFound } from './serve-file';

/** Path parameters that can name a user or a file: anything else (dots, slashes, encoded or not) is no file. */
const ID_PATTERN = /^[A-Za-z0-9_-]{1,200}$/;

export function isPlainId(value: string): boolean {
  return ID_PATTERN.test(value);
}

export interface LinkRequest {
  /** The signed-in caller, if any. */
  viewer: UserRow | undefined;
  /** The owner's id and the file's id, from the link's path. */
  userId: string;
  fileId: string;
  /** The share page the link is shown on (`?share=`), for viewers who are not the owner. */
  shareId: string | undefined;
}

/**
 * The file a link may show to this viewer. The owner reads their own files. Anyone else
 * (signed in or not) proves they are looking at a share page: its id, checked against the
 * share's snapshot, must show a message whose `files` holds this file; a link works on the
 * page that shows it and nowhere else, and stops when the link is deleted or made private.
 * Every refusal looks like a missing file, so no one learns which ids exist. Without a
 * viewer and without a share it is the usual 401, as on every other signed-in route.
 */
export async function resolveLinkFile(env: Env, request: LinkRequest): Promise<UserFileRow> {
  const { viewer, userId, fileId, shareId } = request;
  if (!viewer && shareId === undefined) throw new HttpError(401, 'Unauthorized', 'unauthorized');
  if (!isPlainId(userId) || !isPlainId(fileId)) throw fileNotFound();
  if (viewer?.id !== userId) {
    if (shareId === undefined || !isPlainId(shareId) || !sharedLinksEnabled(env)) throw fileNotFound();
    if (!viewer && !publicSharedLinksEnabled(env)) throw new HttpError(401, 'Unauthorized', 'unauthorized');
    if (!(await shareShowsFile(env.DB, shareId, userId, fileId))) throw fileNotFound();
  }
  const row = await findUserFile(env.DB, userId, fileId);
  if (!row) throw fileNotFound();
  return row;
}
