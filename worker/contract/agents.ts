import { z } from 'zod';

/**
 * Agents: `GET/POST /api/agents`, `GET/PATCH/DELETE /api/agents/{id}`,
 * `POST /api/agents/{id}/duplicate`. Bodies list the fields a client may write; anything
 * else (`id`, `author`, `_id`, `createdAt`, …) is dropped, so a body cannot claim another
 * author or overwrite an id.
 */

/**
 * The one project the app has: prompts and agents shared with everyone carry its id (the
 * startup config's `instanceProjectId`).
 */
export const INSTANCE_PROJECT_ID = 'instance';

export const AGENT_LIMITS = {
  nameMax: 256,
  descriptionMax: 2_048,
  /** Long system prompts are common; this keeps a row far below D1's 2 MB. */
  instructionsMax: 200_000,
  providerMax: 128,
  modelMax: 256,
  toolsMax: 64,
  toolKeyMax: 256,
  conversationStartersMax: 4,
  conversationStarterMax: 1_024,
  chainedAgentsMax: 10,
  modelParametersMax: 32,
  /** A stored `recursion_limit` is also checked against the config's `maxRecursionLimit`. */
  recursionLimitMax: 1_000,
  /** LibreChat's `maxRecursionLimit` when the config sets none. */
  defaultMaxRecursionLimit: 100,
  pageMax: 100,
  pageDefault: 25,
  searchMax: 256,
} as const;

export const AGENT_NOT_FOUND_MESSAGE = 'Agent not found';
/** LibreChat's refusal when a role lacks a permission (the answer of `requirePermission`). */
export const INSUFFICIENT_PERMISSIONS_MESSAGE = 'Forbidden: Insufficient permissions';
export const NOT_EDITOR_MESSAGE = 'You do not have permission to modify this non-collaborative agent';
export const NOT_DELETER_MESSAGE = 'Only the author or an admin can delete this agent';

/** Ours are `agent_` + 21 nanoid characters; LibreChat imports may differ in length, never in alphabet. */
export const agentIdSchema = z.string().regex(/^agent_[A-Za-z0-9_-]{1,64}$/, 'Not an agent id');

const text = (max: number, field: string) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? `${field} is required` : `${field} must be text`) })
    .trim()
    .max(max, `${field} must be at most ${max} characters`);

/** A tool by its key: a built-in (`calculator`), an action (`op_action_domain`) or an MCP tool (`tool_mcp_server`). */
const toolKeySchema = z
  .string()
  .min(1)
  .max(AGENT_LIMITS.toolKeyMax)
  .regex(/^[A-Za-z0-9_.:-]+$/, 'A tool is named by its key: letters, digits, _ . : -');

const modelParameterValue = z.union([
  z.number().finite(),
  z.boolean(),
  z.null(),
  z.string().max(4_096),
  z.array(z.string().max(256)).max(16),
]);

const modelParametersSchema = z
  .record(z.string().min(1).max(64), modelParameterValue)
  .refine((value) => Object.keys(value).length <= AGENT_LIMITS.modelParametersMax, {
    message: `model_parameters may hold at most ${AGENT_LIMITS.modelParametersMax} settings`,
  });

const agentFields = {
  name: text(AGENT_LIMITS.nameMax, 'name').nullable(),
  description: text(AGENT_LIMITS.descriptionMax, 'description').nullable(),
  instructions: z
    .string()
    .max(AGENT_LIMITS.instructionsMax, `instructions must be at most ${AGENT_LIMITS.instructionsMax} characters`)
    .nullable(),
  provider: text(AGENT_LIMITS.providerMax, 'provider').min(1, 'provider is required'),
  model: text(AGENT_LIMITS.modelMax, 'model').min(1, 'model is required'),
  model_parameters: modelParametersSchema.nullable(),
  tools: z
    .array(toolKeySchema)
    .max(AGENT_LIMITS.toolsMax, `An agent may have at most ${AGENT_LIMITS.toolsMax} tools`)
    .transform((keys) => [...new Set(keys)]),
  artifacts: z.enum(['', 'default', 'shadcnui', 'custom']).nullable(),
  recursion_limit: z.number().int().min(1).max(AGENT_LIMITS.recursionLimitMax).nullable(),
  conversation_starters: z
    .array(text(AGENT_LIMITS.conversationStarterMax, 'A conversation starter'))
    .max(
      AGENT_LIMITS.conversationStartersMax,
      `An agent may have at most ${AGENT_LIMITS.conversationStartersMax} conversation starters`,
    )
    .transform((starters) => starters.filter((starter) => starter.length > 0)),
  agent_ids: z.array(agentIdSchema).max(AGENT_LIMITS.chainedAgentsMax),
  end_after_tools: z.boolean(),
  hide_sequential_outputs: z.boolean(),
};

/** `POST /api/agents`: `provider` and `model` are required, the rest optional. */
export const createAgentBodySchema = z
  .object(agentFields)
  .partial()
  .extend({ provider: agentFields.provider, model: agentFields.model });
export type CreateAgentBody = z.output<typeof createAgentBodySchema>;

const projectIdsSchema = z
  .array(z.literal(INSTANCE_PROJECT_ID, { error: `Agents can only be shared with the instance project` }))
  .max(1);

/**
 * `PATCH /api/agents/{id}`: only the fields sent change; `null` clears an optional one.
 * `projectIds: ['instance']` shares the agent with everyone, `removeProjectIds` stops sharing
 * it; those and `isCollaborative` are the sharing fields, which need AGENTS SHARED_GLOBAL.
 */
export const updateAgentBodySchema = z.object(agentFields).partial().extend({
  projectIds: projectIdsSchema.optional(),
  removeProjectIds: projectIdsSchema.optional(),
  isCollaborative: z.boolean().optional(),
});
export type UpdateAgentBody = z.output<typeof updateAgentBodySchema>;

/** `GET /api/agents?limit&after&search`: `after` is the `last_id` of the previous page. */
export const listAgentsQuerySchema = z.object({
  limit: z
    .string()
    .regex(/^\s*\d+\s*$/, 'limit must be a whole number')
    .transform((value) => Math.min(AGENT_LIMITS.pageMax, Math.max(1, Number(value))))
    .optional(),
  after: agentIdSchema.optional(),
  search: z
    .string()
    .max(AGENT_LIMITS.searchMax, 'search is too long')
    .transform((value) => value.trim() || undefined)
    .optional(),
});

const avatarSchema = z.object({ filepath: z.string(), source: z.string() }).nullable();

/** An agent as its editors see it (author, admin, or everyone when shared collaboratively). */
export const agentSchema = z.object({
  id: z.string(),
  name: z.string().nullable(),
  description: z.string().nullable(),
  instructions: z.string().nullable(),
  avatar: avatarSchema,
  provider: z.string(),
  model: z.string(),
  model_parameters: z.record(z.string(), z.unknown()),
  tools: z.array(z.string()),
  artifacts: z.string().nullable(),
  recursion_limit: z.number().nullable(),
  conversation_starters: z.array(z.string()),
  agent_ids: z.array(z.string()),
  end_after_tools: z.boolean(),
  hide_sequential_outputs: z.boolean(),
  /** The author's user id: only in answers to the author. */
  author: z.string().optional(),
  projectIds: z.array(z.string()),
  isCollaborative: z.boolean(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Agent = z.infer<typeof agentSchema>;

/** What everyone else an agent is shared with sees: never its instructions. */
export const publicAgentSchema = agentSchema.pick({
  id: true,
  name: true,
  description: true,
  avatar: true,
  provider: true,
  model: true,
  tools: true,
  conversation_starters: true,
  /** How a reply of its chain is shown: everyone who chats with it needs this. */
  hide_sequential_outputs: true,
  author: true,
  projectIds: true,
  isCollaborative: true,
});
export type PublicAgent = z.infer<typeof publicAgentSchema>;

/** One entry of the list (the public fields: the list never carries instructions). */
export const agentListItemSchema = publicAgentSchema.omit({ tools: true, hide_sequential_outputs: true });
export type AgentListItem = z.infer<typeof agentListItemSchema>;

export const agentListSchema = z.object({
  object: z.literal('list'),
  data: z.array(agentListItemSchema),
  first_id: z.string().nullable(),
  last_id: z.string().nullable(),
  has_more: z.boolean(),
});
export type AgentList = z.infer<typeof agentListSchema>;

export const duplicateAgentResultSchema = z.object({ agent: agentSchema, actions: z.array(z.unknown()) });
export type DuplicateAgentResult = z.infer<typeof duplicateAgentResultSchema>;
