import { Hono } from 'hono';
import {
  SAVED_TAG,
  TAG_NOT_FOUND_MESSAGE,
  conversationParamSchema,
  createTagBodySchema,
  setConversationTagsBodySchema,
  tagParamSchema,
  updateTagBodySchema,
} from '../contract/tags';
import { ERROR_CODES } from '../contract/errors';
import { deleteTag, listTags, rebuildTags } from '../db/tags';
import type { AppEnv } from '../env';
import { HttpError } from '../http-error';
import { currentUser } from '../middleware/auth';
import { requireAuthWithPermissions } from '../middleware/permissions';
import { validate } from '../middleware/validate';
import { requireBookmarkAccess } from '../services/tags/access';
import { createUserTag } from '../services/tags/create-tag';
import { setUserConversationTags } from '../services/tags/set-conversation-tags';
import { toApiTag } from '../services/tags/to-api-tag';
import { updateUserTag } from '../services/tags/update-tag';

/**
 * `/api/tags`: the signed-in user's bookmarks. Every query is scoped by the
 * token's user: another user's bookmark or conversation answers 404 and is never touched.
 * Success is 200 throughout, as LibreChat's routes answer. `{tag}` is URL-encoded by the
 * client (`encodeURIComponent`); the router decodes it, so names may hold `/`, `?` or `%`.
 *
 * The default "Saved" bookmark is created lazily: the first bookmarks call of a user who has
 * no bookmark at all (list, create, set a conversation's, rebuild) gives them Saved at
 * position 1, before doing its own work. A user who deletes Saved but keeps others does not
 * get it back; one who deletes every bookmark starts again like a new user.
 */
export const tags = new Hono<AppEnv>()
  .use('*', requireAuthWithPermissions, requireBookmarkAccess)
  .get('/', async (c) => {
    const rows = await listTags(c.env.DB, currentUser(c).id, SAVED_TAG);
    return c.json(rows.map(toApiTag));
  })
  .post('/', validate('json', createTagBodySchema), async (c) => {
    return c.json(await createUserTag(c.env.DB, currentUser(c).id, c.req.valid('json')));
  })
  .post('/rebuild', async (c) => {
    const rows = await rebuildTags(c.env.DB, currentUser(c).id, SAVED_TAG);
    return c.json(rows.map(toApiTag));
  })
  .put(
    '/convo/:conversationId',
    validate('param', conversationParamSchema),
    validate('json', setConversationTagsBodySchema),
    async (c) => {
      const { conversationId } = c.req.valid('param');
      return c.json(
        await setUserConversationTags(c.env.DB, currentUser(c).id, conversationId, c.req.valid('json').tags),
      );
    },
  )
  .put('/:tag', validate('param', tagParamSchema), validate('json', updateTagBodySchema), async (c) => {
    return c.json(await updateUserTag(c.env.DB, currentUser(c).id, c.req.valid('param').tag, c.req.valid('json')));
  })
  .delete('/:tag', validate('param', tagParamSchema), async (c) => {
    const deleted = await deleteTag(c.env.DB, currentUser(c).id, c.req.valid('param').tag);
    if (!deleted) throw new HttpError(404, TAG_NOT_FOUND_MESSAGE, ERROR_CODES.notFound);
    return c.json(toApiTag(deleted));
  });
