import { Hono, type Context } from 'hono';
import { agentIdSchema, AGENT_NOT_FOUND_MESSAGE, NOT_EDITOR_MESSAGE } from '../contract/agents';
import { ERROR_CODES } from '../contract/errors';
import { findAgentAvatarOwner, findVisibleAgent, updateAgentIfEditor, type AgentRow } from '../db/agents';
import type { AppEnv } from '../env';
import { HttpError } from '../http-error';
import { requireAuth } from '../middleware/auth';
import { requirePermission } from '../middleware/permissions';
import { callerOf, mayEdit } from '../services/agents/access';
import { agentAvatarKey, isAgentAvatarFile, newAgentAvatar, storedAgentAvatarKey } from '../services/agents/avatar';
import { toApiAgent } from '../services/agents/to-api-agent';
import { avatarBodyLimit, readAvatarImage } from './avatar';

const notFound = () => new HttpError(404, AGENT_NOT_FOUND_MESSAGE, ERROR_CODES.notFound);

async function visibleAgent(c: Context<AppEnv>): Promise<AgentRow> {
  const id = agentIdSchema.safeParse(c.req.param('agent_id'));
  const row = id.success ? await findVisibleAgent(c.env.DB, callerOf(c).userId, id.data) : null;
  if (!row) throw notFound();
  return row;
}

/**
 * `/api/files/images/agents/{agent_id}/avatar`: an agent's picture. Its editors upload it (as
 * a user avatar: the avatar size limit, PNG or JPEG by their bytes); another user's private
 * agent is not found. The picture is served like a user's avatar: without a token (an `<img>`
 * sends none), at an address holding a random id that only those shown the agent learn, and
 * only while it is the agent's current picture. A replaced picture's object is deleted.
 */
export const agentAvatars = new Hono<AppEnv>()
  .post('/:agent_id/avatar', requireAuth, requirePermission('AGENTS', 'USE'), avatarBodyLimit, async (c) => {
    const caller = callerOf(c);
    const row = await visibleAgent(c);
    if (!mayEdit(row, caller)) throw new HttpError(403, NOT_EDITOR_MESSAGE, ERROR_CODES.forbidden);
    const { bytes, kind } = await readAvatarImage(c);
    const { key, avatar } = newAgentAvatar(row, kind);
    await c.env.FILES.put(key, bytes, {
      httpMetadata: { contentType: kind === 'png' ? 'image/png' : 'image/jpeg' },
      customMetadata: { agentId: row.id, userId: caller.userId, context: 'agent_avatar' },
    });
    const updated = await updateAgentIfEditor(c.env.DB, caller, row.id, { avatar });
    if (!updated) {
      await c.env.FILES.delete(key);
      throw notFound();
    }
    const previous = storedAgentAvatarKey(row);
    if (previous) await c.env.FILES.delete(previous);
    return c.json(toApiAgent(updated, caller), 201);
  })
  .get('/:agent_id/avatar/:file', async (c) => {
    const id = agentIdSchema.safeParse(c.req.param('agent_id'));
    const file = c.req.param('file');
    const row = id.success && isAgentAvatarFile(file) ? await findAgentAvatarOwner(c.env.DB, id.data) : null;
    // Only the current picture: an old address stops working once the picture is replaced.
    if (!row || storedAgentAvatarKey(row) !== agentAvatarKey(row, file)) throw notFound();
    const object = await c.env.FILES.get(agentAvatarKey(row, file), { onlyIf: c.req.raw.headers });
    if (!object) throw notFound();
    const headers = new Headers({
      // A new picture gets a new address, so this one never changes.
      'Cache-Control': 'public, max-age=31536000, immutable',
      'Content-Type': file.endsWith('.png') ? 'image/png' : 'image/jpeg',
      ETag: object.httpEtag,
    });
    if (!('body' in object)) return new Response(null, { status: 304, headers });
    return new Response(object.body, { headers });
  });
