import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { bool, createdAt, json, timestamps, type JsonObject } from './columns';
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

/** Where a user's sign-in to an OAuth action stands: opened by a run, code received, used. */
export type ActionOAuthFlowStatus = 'pending' | 'received' | 'done';

/**
 * Sign-ins to OAuth actions in progress. A run opens one when a call needs the user's token;
 * the provider's redirect records the code on it (`received`); only the user who opened it, from
 * the browser the provider sent back, turns it into tokens (`done`). Each step is one
 * conditional UPDATE on `status` and `expiresAt`, so a flow is used once even under races.
 * `stateHash` is the SHA-256 of the state (the state itself is never stored); `verifier` (the
 * PKCE verifier) and `code` are sealed with CREDS_KEY; `browserHash` is the SHA-256 of the
 * nonce the callback set as a cookie in the browser that carried the code.
 */
export const actionOAuthFlows = sqliteTable(
  'action_oauth_flows',
  {
    stateHash: text('stateHash').primaryKey(),
    userId: text('userId')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    actionId: text('actionId').notNull(),
    conversationId: text('conversationId').notNull(),
    redirectUri: text('redirectUri').notNull(),
    verifier: text('verifier').notNull(),
    code: text('code'),
    browserHash: text('browserHash'),
    status: text('status').$type<ActionOAuthFlowStatus>().notNull().default('pending'),
    expiresAt: integer('expiresAt').notNull(),
    createdAt: createdAt(),
  },
  // A user's expired flows are swept when they open a new one.
  (t) => [index('action_oauth_flows_user_expires_idx').on(t.userId, t.expiresAt)],
);
