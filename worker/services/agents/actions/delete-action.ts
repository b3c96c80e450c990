import { NOT_EDITOR_MESSAGE } from '../../../contract/agents';
import { ACTION_MESSAGES } from '../../../contract/agent-actions';
import { ERROR_CODES } from '../../../contract/errors';
import { domainHost } from '../../../agent-tools/openapi/servers';
import { deleteAgentAction, listAgentActions } from '../../../db/actions';
import { updateAgentIfEditor, type AgentCaller, type AgentRow } from '../../../db/agents';
import { HttpError } from '../../../http-error';
import { mayEdit } from '../access';
import { storedMetadata } from './metadata';
import { isToolOfDomain } from './tool-keys';
import { agentNotFoundFor } from './save-action';

/**
 * Removes the agent's action and its tools. Tools of the same domain stay when another action
 * of the agent is on that domain: their keys cannot tell the two apart.
 */
export async function deleteAction(
  d1: D1Database,
  caller: AgentCaller,
  agent: AgentRow,
  actionId: string,
): Promise<void> {
  if (!mayEdit(agent, caller)) throw new HttpError(403, NOT_EDITOR_MESSAGE, ERROR_CODES.forbidden);
  const all = await listAgentActions(d1, agent.id);
  const target = all.find((row) => row.action_id === actionId);
  if (!target) throw new HttpError(404, ACTION_MESSAGES.actionNotFound, ERROR_CODES.notFound);
  const host = domainHost(storedMetadata(target).domain);
  const shared = all.some((row) => row !== target && domainHost(storedMetadata(row).domain) === host);
  const tools = shared ? agent.tools : agent.tools.filter((key) => !isToolOfDomain(key, host));
  const updated = await updateAgentIfEditor(d1, caller, agent.id, { tools });
  if (!updated) throw agentNotFoundFor(ACTION_MESSAGES.agentNotFoundForDelete);
  await deleteAgentAction(d1, agent.id, actionId);
}
