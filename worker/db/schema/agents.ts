import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { bool, json, timestamps, type JsonObject } from './columns';
import { users } from './users';

/** An agent's avatar, as LibreChat stores it. */
export interface AgentAvatar {
  filepath: string;
  source: string;
}

/**
 * Agents. `userId` is the author; `projectIds` holds the instance project
 * id when shared globally (as for prompt groups); `isCollaborative` lets others edit.
 * `isShared` mirrors "projectIds holds the instance project" as an indexed 0/1, written in
 * the same statement as `projectIds` (db/agents.ts), so listing the shared agents is one
 * index range instead of a JSON scan of every agent.
 */
export const agents = sqliteTable(
  'agents',
  {
    id: text('id').primaryKey(),
    userId: text('userId')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    authorName: text('authorName'),
    name: text('name'),
    description: text('description'),
    instructions: text('instructions'),
    provider: text('provider').notNull(),
    model: text('model').notNull(),
    model_parameters: json<JsonObject>('model_parameters'),
    tools: json<string[]>('tools').notNull().default([]),
    tool_resources: json<JsonObject>('tool_resources'),
    artifacts: text('artifacts'),
    isCollaborative: bool('isCollaborative').notNull().default(false),
    recursion_limit: integer('recursion_limit'),
    /** Agents chained after this one (the "chain" capability). */
    agent_ids: json<string[]>('agent_ids'),
    conversation_starters: json<string[]>('conversation_starters'),
    end_after_tools: bool('end_after_tools'),
    hide_sequential_outputs: bool('hide_sequential_outputs'),
    projectIds: json<string[]>('projectIds').notNull().default([]),
    isShared: bool('isShared').notNull().default(false),
    avatar: json<AgentAvatar>('avatar'),
    ...timestamps(),
  },
  (t) => [
    index('agents_user_updated_idx').on(t.userId, t.updatedAt),
    // The list's two keyset ranges: the caller's own agents, and those shared with the instance.
    index('agents_user_created_idx').on(t.userId, t.createdAt, t.id),
    index('agents_shared_created_idx').on(t.isShared, t.createdAt, t.id),
  ],
);

/**
 * Actions (OpenAPI tools) of an agent or an assistant. Field names are LibreChat's
 * (`action_id`, `agent_id`, `assistant_id`) since the API returns them as they are.
 * `metadata` holds the spec, domain and auth settings; its secret fields (api_key,
 * oauth_client_id, oauth_client_secret) are stored encrypted with CREDS_KEY.
 * Assistants live at OpenAI, so `assistant_id` is not a foreign key.
 */
export const actions = sqliteTable(
  'actions',
  {
    id: text('id').primaryKey(),
    action_id: text('action_id').notNull(),
    userId: text('userId')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    agent_id: text('agent_id').references(() => agents.id, { onDelete: 'cascade' }),
    assistant_id: text('assistant_id'),
    type: text('type').notNull().default('action_prototype'),
    metadata: json<JsonObject>('metadata').notNull().default({}),
    ...timestamps(),
  },
  (t) => [
    index('actions_action_id_idx').on(t.action_id),
    index('actions_agent_idx').on(t.agent_id),
    index('actions_user_idx').on(t.userId, t.assistant_id),
  ],
);
