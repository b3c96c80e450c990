import type { Agent, AgentList, AgentListItem } from '@contract/agents';

/** An agent as its author sees it. */
export const agentFixture = (overrides: Partial<Agent> = {}): Agent => ({
  id: 'agent_helper000000000000001',
  name: 'Trip Planner',
  description: 'Plans trips on a budget',
  instructions: 'Be brief.',
  avatar: null,
  provider: 'openAI',
  model: 'gpt-4o-mini',
  model_parameters: {},
  tools: [],
  artifacts: null,
  recursion_limit: null,
  conversation_starters: ['Plan a weekend in Lisbon'],
  agent_ids: [],
  end_after_tools: false,
  hide_sequential_outputs: false,
  author: 'user-1',
  projectIds: [],
  isCollaborative: false,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
  ...overrides,
});

const listItem = (agent: Agent): AgentListItem => ({
  id: agent.id,
  name: agent.name,
  description: agent.description,
  avatar: agent.avatar,
  provider: agent.provider,
  model: agent.model,
  conversation_starters: agent.conversation_starters,
  projectIds: agent.projectIds,
  isCollaborative: agent.isCollaborative,
  ...(agent.author ? { author: agent.author } : {}),
});

/** GET /api/agents answering these agents on one page. */
export const agentListFixture = (agents: Agent[]): AgentList => ({
  object: 'list',
  data: agents.map(listItem),
  first_id: agents[0]?.id ?? null,
  last_id: agents.at(-1)?.id ?? null,
  has_more: false,
});
