import type { Agent, AgentListItem, PublicAgent } from '../../contract/agents';
import type { AgentCaller, AgentListRow, AgentRow } from '../../db/agents';

/**
 * Rows to API answers. `author` (the author's user id) goes only to the author, as LibreChat
 * drops it for everyone else; instructions and parameters go only to those who may edit.
 */

const authorFor = (row: { userId: string }, caller: AgentCaller) =>
  row.userId === caller.userId ? { author: row.userId } : {};

/** The full agent, for its editors. */
export function toApiAgent(row: AgentRow, caller: AgentCaller): Agent {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    instructions: row.instructions,
    avatar: row.avatar,
    provider: row.provider,
    model: row.model,
    model_parameters: row.model_parameters ?? {},
    tools: row.tools,
    artifacts: row.artifacts,
    recursion_limit: row.recursion_limit,
    conversation_starters: row.conversation_starters ?? [],
    agent_ids: row.agent_ids ?? [],
    end_after_tools: row.end_after_tools === true,
    hide_sequential_outputs: row.hide_sequential_outputs === true,
    ...authorFor(row, caller),
    projectIds: row.projectIds,
    isCollaborative: row.isCollaborative,
    createdAt: new Date(row.createdAt).toISOString(),
    updatedAt: new Date(row.updatedAt).toISOString(),
  };
}

/** What a user the agent is shared with, who may not edit it, sees: never its instructions. */
export function toPublicAgent(row: AgentRow, caller: AgentCaller): PublicAgent {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    avatar: row.avatar,
    provider: row.provider,
    model: row.model,
    tools: row.tools,
    conversation_starters: row.conversation_starters ?? [],
    hide_sequential_outputs: row.hide_sequential_outputs === true,
    ...authorFor(row, caller),
    projectIds: row.projectIds,
    isCollaborative: row.isCollaborative,
  };
}

export function toAgentListItem(row: AgentListRow, caller: AgentCaller): AgentListItem {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    avatar: row.avatar,
    provider: row.provider,
    model: row.model,
    conversation_starters: row.conversation_starters,
    ...authorFor(row, caller),
    projectIds: row.projectIds,
    isCollaborative: row.isCollaborative,
  };
}
