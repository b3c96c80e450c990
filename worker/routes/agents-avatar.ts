import { Hono, type Context } from 'hono';
import { agentIdSchema, AGENT_NOT_FOUND_MESSAGE, NOT_EDITOR_MESSAGE } from '../contract/agents';
import { ERROR_CODES } from '../contract/errors';
import { findVisibleAgent, updateAgentIfEditor, type AgentRow } from '../db/agents';
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
 * a user avatar: the avatar size limit, PNG or JPEG by their bytes); whoever sees the agent
 * loads it, so a shared agent's picture shows to everyone and a private one's to its author
 * alone. A replaced picture's object is deleted.
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
  .get('/:agent_id/avatar/:file', requireAuth, requirePermission('AGENTS', 'USE'), async (c) => {
    const row = await visibleAgent(c);
    const file = c.req.param('file');
    if (!isAgentAvatarFile(file)) throw notFound();
    const object = await c.env.FILES.get(agentAvatarKey(row, file), { onlyIf: c.req.raw.headers });
    if (!object) throw notFound();
    const headers = new Headers({
      // Private: who may see it changes when the agent is shared or unshared.
      'Cache-Control': 'private, max-age=300',
      'Content-Type': file.endsWith('.png') ? 'image/png' : 'image/jpeg',
      ETag: object.httpEtag,
    });
    if (!('body' in object)) return new Response(null, { status: 304, headers });
    return new Response(object.body, { headers });
  });
