import { updateAgentIfEditor, type AgentCaller, type AgentRow } from '../../db/agents';
import type { AgentAvatar } from '../../db/schema/agents';
import type { AvatarKind } from '../avatar/avatar';

/**
 * Agent pictures in R2, at `users/{authorId}/agents/{agentId}/avatar/{uuid}.{png|jpg}`: under
 * the author's prefix, so deleting the account deletes them with the rest of the author's
 * objects. Keys are built here from the agent's row and a checked file name, never taken from a
 * request as they are. The picture is served at `/api/files/images/agents/{agentId}/avatar/{file}`
 * to those who see the agent.
 */
export const AGENT_AVATAR_ROUTE_PREFIX = '/api/files/images/agents';
/** LibreChat's `avatar.source` for a stored file; ours are in R2. */
export const AGENT_AVATAR_SOURCE = 'r2';

const FILE_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(png|jpg)$/;
const UPLOAD_PATH = /^\/api\/files\/images\/agents\/[^/]+\/avatar\/?$/;

/** Whether the request is an agent avatar upload, which brings its own body limit (the avatar limit). */
export function isAgentAvatarUpload(method: string, path: string): boolean {
  return method === 'POST' && UPLOAD_PATH.test(path);
}

export function isAgentAvatarFile(file: string): boolean {
  return FILE_PATTERN.test(file);
}

type AgentRef = Pick<AgentRow, 'id' | 'userId'>;

export function agentAvatarKey(agent: AgentRef, file: string): string {
  return `users/${agent.userId}/agents/${agent.id}/avatar/${file}`;
}

export function newAgentAvatar(agent: AgentRef, kind: AvatarKind): { key: string; avatar: AgentAvatar } {
  const file = `${crypto.randomUUID()}.${kind === 'png' ? 'png' : 'jpg'}`;
  return {
    key: agentAvatarKey(agent, file),
    avatar: { filepath: `${AGENT_AVATAR_ROUTE_PREFIX}/${agent.id}/avatar/${file}`, source: AGENT_AVATAR_SOURCE },
  };
}

/** The R2 key behind the agent's avatar when it is one of ours; pictures elsewhere (URLs) have none. */
export function storedAgentAvatarKey(agent: AgentRef & { avatar: AgentAvatar | null }): string | null {
  const prefix = `${AGENT_AVATAR_ROUTE_PREFIX}/${agent.id}/avatar/`;
  const path = agent.avatar?.filepath;
  if (agent.avatar?.source !== AGENT_AVATAR_SOURCE || !path?.startsWith(prefix)) return null;
  const file = path.slice(prefix.length);
  return isAgentAvatarFile(file) ? agentAvatarKey(agent, file) : null;
}

/**
 * Gives a copy of an agent its own copy of the picture, so the copy keeps it when the original
 * replaces or loses its own, and shows it to the copy's viewers. The copy is otherwise left as
 * it is (a picture elsewhere is a URL both can keep).
 */
export async function copyAgentAvatar(
  env: { DB: D1Database; FILES: R2Bucket },
  caller: AgentCaller,
  from: AgentRow,
  to: AgentRow,
): Promise<AgentRow> {
  const key = storedAgentAvatarKey(from);
  if (!key) return to;
  const object = await env.FILES.get(key);
  if (!object) return updateAgentIfEditor(env.DB, caller, to.id, { avatar: null }).then((row) => row ?? to);
  const copy = newAgentAvatar(to, key.endsWith('.png') ? 'png' : 'jpeg');
  await env.FILES.put(copy.key, await object.arrayBuffer(), {
    httpMetadata: object.httpMetadata ?? {},
    customMetadata: { agentId: to.id, userId: caller.userId, context: 'agent_avatar' },
  });
  return (await updateAgentIfEditor(env.DB, caller, to.id, { avatar: copy.avatar })) ?? to;
}
