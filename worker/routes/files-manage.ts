import { Hono } from 'hono';
import { ERROR_CODES } from '../contract/errors';
import type { StoredFileResponse } from '../contract/files';
import { deleteFilesBodySchema, type DeleteFilesResponse } from '../contract/files-delete';
import { findUserFile, listUserFiles } from '../db/user-files';
import type { AppEnv } from '../env';
import { currentUser, optionalAuth, requireAuth } from '../middleware/auth';
import { validate } from '../middleware/validate';
import { deleteFiles } from '../services/files/delete-files';
import { isPlainId, resolveLinkFile } from '../services/files/link-access';
import { fileNotFound, serveStoredFile } from '../services/files/serve-file';
import { toStoredFileResponse } from '../services/files/stored-file-response';

/**
 * `/api/files`: the caller's file list, deleting files, downloading them and the chat's file
 * links. Ownership is checked in every query (db/user-files.ts); another user's file answers
 * exactly like a missing one. The download route comes before the link route, whose two
 * parameters would otherwise also match `/download/{x}`.
 */
export const filesManage = new Hono<AppEnv>()
  .get('/', requireAuth, async (c) => {
    const rows = await listUserFiles(c.env.DB, currentUser(c).id);
    return c.json(rows.map(toStoredFileResponse) satisfies StoredFileResponse[]);
  })
  .delete('/', requireAuth, validate('json', deleteFilesBodySchema), async (c) => {
    const body = c.req.valid('json');
    // Nothing asked for, nothing to do (LibreChat answers an empty delete the same way).
    if (body.files.length === 0) return c.body(null, 204);
    const { deleted, notFound } = await deleteFiles(c.env, currentUser(c).id, body);
    if (deleted.length === 0) {
      const answer: DeleteFilesResponse = { message: 'File not found', code: ERROR_CODES.notFound, notFound };
      return c.json(answer, 404);
    }
    const answer: DeleteFilesResponse = {
      message: 'Files deleted successfully',
      ...(notFound.length > 0 ? { notFound } : {}),
    };
    return c.json(answer);
  })
  .get('/download/:userId/:file_id', requireAuth, async (c) => {
    const { userId, file_id: fileId } = c.req.param();
    const caller = currentUser(c).id;
    if (userId !== caller || !isPlainId(fileId)) throw fileNotFound();
    const row = await findUserFile(c.env.DB, caller, fileId);
    if (!row) throw fileNotFound();
    return serveStoredFile(c.env.FILES, row, 'download');
  })
  .get('/:userId/:file_id', optionalAuth, async (c) => {
    const { userId, file_id: fileId } = c.req.param();
    const row = await resolveLinkFile(c.env, {
      viewer: c.get('user'),
      userId,
      fileId,
      shareId: c.req.query('share'),
    });
    return serveStoredFile(c.env.FILES, row, 'link');
  });
