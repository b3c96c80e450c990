import type { AgentListItem } from '@contract/agents';
import { useAgent } from './api/get-agent';

/** What the chat shows of an agent: picker rows, the landing, the composer, reply labels. */
export interface AgentSummary {
  id: string;
  name: string;
  description: string;
  avatarUrl: string | undefined;
  starters: string[];
}

type AgentLike = Pick<AgentListItem, 'id' | 'name' | 'description' | 'avatar' | 'conversation_starters'>;

/** The agent's avatar as a link on this origin (or the uploaded URL), if it has one. */
export const agentAvatarUrl = (avatar: AgentLike['avatar']): string | undefined => avatar?.filepath || undefined;

export function summarizeAgent(agent: AgentLike): AgentSummary {
  return {
    id: agent.id,
    // An agent saved without a name still needs something to be called by.
    name: agent.name?.trim() || agent.id,
    description: agent.description?.trim() ?? '',
    avatarUrl: agentAvatarUrl(agent.avatar),
    starters: agent.conversation_starters.filter((starter) => starter.trim() !== '').slice(0, 4),
  };
}

/** The agent `id` names, once loaded; undefined without an id or while it loads (or when it is gone). */
export function useAgentSummary(id: string | null | undefined): AgentSummary | undefined {
  const { data } = useAgent(id);
  return data ? summarizeAgent(data) : undefined;
}
