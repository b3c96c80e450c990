import { AGENT_LIMITS, NOT_EDITOR_MESSAGE } from '../../../contract/agents';
import { ACTION_MESSAGES, type SaveActionBody } from '../../../contract/agent-actions';
import { ERROR_CODES } from '../../../contract/errors';
import { parseActionSpec } from '../../../agent-tools/openapi/parse';
import type { SpecProblem } from '../../../agent-tools/openapi/problems';
import { domainHost } from '../../../agent-tools/openapi/servers';
import { domainAllowed } from '../../../agent-tools/net/guarded-fetch';
import { findAction, insertAction, updateActionMetadata, type ActionRow } from '../../../db/actions';
import { updateAgentIfEditor, type AgentCaller, type AgentRow } from '../../../db/agents';
import type { EnvVars } from '../../../env';
import { HttpError } from '../../../http-error';
import { loadAppConfig } from '../../config/store';
import { mayEdit } from '../access';
import { mergeMetadata, storedMetadata, toStoredJson } from './metadata';
import { actionToolKey, isToolOfDomain } from './tool-keys';

type Env = Pick<EnvVars, 'CREDS_KEY'> & { DB: D1Database; CONFIG: KVNamespace };

/** A document with problems: every one of them, so the user fixes them in one pass. */
export class InvalidSpecError extends Error {
  constructor(readonly problems: SpecProblem[]) {
    super(ACTION_MESSAGES.invalidSpec);
  }
}

const badRequest = (message: string) => new HttpError(400, message, ERROR_CODES.validation);
export const agentNotFoundFor = (message: string) => new HttpError(404, message, ERROR_CODES.notFound);

/** Like LibreChat's nanoid ids: 21 characters of the URL-safe alphabet. */
export function newActionId(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';
  return Array.from(crypto.getRandomValues(new Uint8Array(21)), (byte) => alphabet[byte & 63]).join('');
}

/**
 * Creates or changes an action of `agent` (which the caller sees): its operations are derived
 * from the document here, the agent's tools lose the keys of the action's previous domain and
 * gain one key per operation, and the secrets are sealed. The caller must be an editor.
 */
export async function saveAgentAction(
  env: Env,
  caller: AgentCaller,
  agent: AgentRow,
  body: SaveActionBody,
): Promise<{ agent: AgentRow; action: ActionRow }> {
  if (!mayEdit(agent, caller)) throw new HttpError(403, NOT_EDITOR_MESSAGE, ERROR_CODES.forbidden);
  const existing = body.action_id ? await findAction(env.DB, body.action_id) : null;
  if (body.action_id && existing?.agent_id !== agent.id)
    throw new HttpError(404, ACTION_MESSAGES.actionNotFound, ERROR_CODES.notFound);
  const previous = existing ? storedMetadata(existing) : null;

  const rawSpec = body.metadata.raw_spec || previous?.raw_spec;
  if ((Array.isArray(body.functions) && body.functions.length === 0) || !rawSpec?.trim())
    throw badRequest(ACTION_MESSAGES.noFunctions);
  const host = domainHost(body.metadata.domain || previous?.domain || '');
  if (!host) throw badRequest(ACTION_MESSAGES.noDomain);
  const config = await loadAppConfig(env);
  if (!domainAllowed(host, config.actions?.allowedDomains ?? null)) throw badRequest(ACTION_MESSAGES.domainNotAllowed);
  const parsed = parseActionSpec(rawSpec, host);
  if (!parsed.ok) throw new InvalidSpecError(parsed.errors);

  const kept = agent.tools.filter(
    (key) => !isToolOfDomain(key, host) && !(previous && isToolOfDomain(key, domainHost(previous.domain))),
  );
  const tools = [...new Set([...kept, ...parsed.operations.map((operation) => actionToolKey(operation.name, host))])];
  if (tools.length > AGENT_LIMITS.toolsMax)
    throw badRequest(`An agent may have at most ${AGENT_LIMITS.toolsMax} tools`);

  const actionId = existing?.action_id ?? newActionId();
  const metadata = toStoredJson(
    await mergeMetadata(env, actionId, previous, { ...body.metadata, raw_spec: rawSpec }, host),
  );
  // The agent first: its WHERE re-checks that the caller may still edit it.
  const updated = await updateAgentIfEditor(env.DB, caller, agent.id, { tools });
  if (!updated) throw agentNotFoundFor(ACTION_MESSAGES.agentNotFoundForAdd);
  const action = existing
    ? await updateActionMetadata(env.DB, agent.id, actionId, metadata)
    : await insertAction(env.DB, { actionId, agentId: agent.id, userId: caller.userId, metadata });
  if (!action) throw new HttpError(404, ACTION_MESSAGES.actionNotFound, ERROR_CODES.notFound);
  return { agent: updated, action };
}
