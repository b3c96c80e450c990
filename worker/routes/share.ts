import { Hono } from 'hono';
import { ERROR_CODES } from '../contract/errors';
import {
  conversationIdParamSchema,
  listSharedLinksQuerySchema,
  SHARE_MESSAGES,
  shareIdParamSchema,
  type DeleteSharedLinkResult,
  type SharedLinkLookup,
  type SharedLinkResult,
  type SharedLinksPage,
} from '../contract/share';
import { InvalidCursorError } from '../db/paging';
import {
  createSharedLink,
  deleteSharedLink,
  findShareIdForConversation,
  listSharedLinks,
  refreshSharedLink,
  type SharedLinkRow,
} from '../db/shares';
import type { AppEnv, Env } from '../env';
import { HttpError } from '../http-error';
import { currentUser, optionalAuth, requireAuth } from '../middleware/auth';
import { validate } from '../middleware/validate';
import { validateExact } from '../middleware/validate-exact';
import { publicSharedLinksEnabled, sharedLinksEnabled } from '../services/share/flags';
import { purgeSharePage } from '../services/share/page-cache';
import { newShareId } from '../services/share/share-id';
import { loadSharedConversation } from '../services/share/shared-conversation';
import { findSharedFile } from '../services/share/shared-file';
import { serveStoredFile } from '../services/files/serve-file';

const notFound = () => new HttpError(404, SHARE_MESSAGES.notFound, ERROR_CODES.notFound);

/** Creating and refreshing publish data: refused when the operator switched links off. */
function assertSharingEnabled(env: Env): void {
  if (!sharedLinksEnabled(env)) throw new HttpError(403, SHARE_MESSAGES.disabled, 'shared_links_disabled');
}

function toItem(row: SharedLinkRow) {
  return {
    shareId: row.shareId,
    conversationId: row.conversationId,
    title: row.title,
    isPublic: row.isPublic === 1,
    createdAt: new Date(row.createdAt).toISOString(),
    updatedAt: new Date(row.updatedAt).toISOString(),
  };
}

const originOf = (url: string) => new URL(url).origin;

/**
 * `/api/share`, with LibreChat's paths and shapes. Every route but the public view needs a
 * signed-in user and works on that user's links only: another user's link or conversation
 * answers 404, exactly as a missing one, and is left unchanged. Refresh and delete purge the
 * rendered page from the edge cache (see services/share/page-cache.ts).
 */
export const share = new Hono<AppEnv>()
  .get('/', requireAuth, validate('query', listSharedLinksQuerySchema), async (c) => {
    try {
      const page = await listSharedLinks(c.env.DB, currentUser(c).id, c.req.valid('query'));
      const body: SharedLinksPage = {
        links: page.links.map(toItem),
        nextCursor: page.nextCursor,
        hasNextPage: page.nextCursor !== null,
      };
      return c.json(body);
    } catch (error) {
      if (error instanceof InvalidCursorError) throw new HttpError(400, 'Invalid cursor', ERROR_CODES.validation);
      throw error;
    }
  })
  .get('/link/:conversationId', requireAuth, validateExact('param', conversationIdParamSchema), async (c) => {
    const { conversationId } = c.req.valid('param');
    const shareId = await findShareIdForConversation(c.env.DB, currentUser(c).id, conversationId);
    const body: SharedLinkLookup = { success: shareId !== undefined, shareId: shareId ?? null, conversationId };
    return c.json(body);
  })
  // The public view. With ALLOW_SHARED_LINKS_PUBLIC=false only signed-in users may open links.
  .get('/:shareId', optionalAuth, validateExact('param', shareIdParamSchema), async (c) => {
    if (!sharedLinksEnabled(c.env)) throw notFound();
    if (!publicSharedLinksEnabled(c.env) && !c.get('user')) throw new HttpError(401, 'Unauthorized', 'unauthorized');
    const loaded = await loadSharedConversation(c.env, c.req.valid('param').shareId);
    if (!loaded) throw notFound();
    return c.json(loaded.conversation);
  })
  // An image a shared message shows, for whoever may open the page (services/share/shared-file.ts).
  .get('/:shareId/files/:fileId', optionalAuth, async (c) => {
    if (!sharedLinksEnabled(c.env)) throw notFound();
    if (!publicSharedLinksEnabled(c.env) && !c.get('user')) throw new HttpError(401, 'Unauthorized', 'unauthorized');
    const { shareId, fileId } = c.req.param();
    return serveStoredFile(c.env.FILES, await findSharedFile(c.env.DB, shareId, fileId), 'link');
  })
  // An empty id reaches these (`POST /api/share/`): answer LibreChat's messages, not a bare 404.
  .post('/', requireAuth, () => {
    throw new HttpError(400, SHARE_MESSAGES.conversationIdRequired, ERROR_CODES.validation);
  })
  .patch('/', requireAuth, () => {
    throw new HttpError(400, SHARE_MESSAGES.shareIdRequired, ERROR_CODES.validation);
  })
  .delete('/', requireAuth, () => {
    throw new HttpError(400, SHARE_MESSAGES.shareIdRequired, ERROR_CODES.validation);
  })
  .post('/:conversationId', requireAuth, validateExact('param', conversationIdParamSchema), async (c) => {
    assertSharingEnabled(c.env);
    const { conversationId } = c.req.valid('param');
    const outcome = await createSharedLink(c.env.DB, currentUser(c).id, conversationId, newShareId());
    if (outcome.status === 'no_conversation') {
      throw new HttpError(404, SHARE_MESSAGES.conversationNotFound, ERROR_CODES.notFound);
    }
    const body: SharedLinkResult = { shareId: outcome.shareId, conversationId };
    return c.json(body, outcome.status === 'created' ? 201 : 200);
  })
  .patch('/:shareId', requireAuth, validateExact('param', shareIdParamSchema), async (c) => {
    assertSharingEnabled(c.env);
    const { shareId } = c.req.valid('param');
    const newId = newShareId();
    const refreshed = await refreshSharedLink(c.env.DB, currentUser(c).id, shareId, newId);
    if (!refreshed) throw notFound();
    await purgeSharePage(originOf(c.req.url), shareId);
    const body: SharedLinkResult = { shareId: newId, conversationId: refreshed.conversationId };
    return c.json(body);
  })
  .delete('/:shareId', requireAuth, validateExact('param', shareIdParamSchema), async (c) => {
    const { shareId } = c.req.valid('param');
    if (!(await deleteSharedLink(c.env.DB, currentUser(c).id, shareId))) throw notFound();
    await purgeSharePage(originOf(c.req.url), shareId);
    const body: DeleteSharedLinkResult = { success: true, shareId, message: SHARE_MESSAGES.deleted };
    return c.json(body);
  });
