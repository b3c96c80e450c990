import { z } from 'zod';

/**
 * Agent actions: `GET /api/agents/actions`, `POST /api/agents/actions/{agent_id}`,
 * `DELETE /api/agents/actions/{agent_id}/{action_id}`. An action is an OpenAPI document whose
 * operations become the agent's tools (`<operation>_action_<encoded domain>`). The server
 * derives the operations from `metadata.raw_spec` itself: functions a client sends are only
 * checked for being there, as LibreChat's builder always sends them.
 */

export const ACTION_MESSAGES = {
  noFunctions: 'No functions provided',
  noDomain: 'No domain provided',
  domainNotAllowed: 'Domain not allowed',
  agentNotFoundForAdd: 'Agent not found for adding action',
  agentNotFoundForDelete: 'Agent not found for deleting action',
  actionNotFound: 'Action not found',
  deleted: 'Action deleted successfully',
  invalidSpec: 'The OpenAPI document has problems',
} as const;

/** LibreChat's separator between a function's name and its action's encoded domain. */
export const ACTION_DELIMITER = '_action_';

/** The metadata fields holding secrets: sealed at rest, never in an answer. */
export const ACTION_SECRET_FIELDS = ['api_key', 'oauth_client_id', 'oauth_client_secret'] as const;
export type ActionSecretField = (typeof ACTION_SECRET_FIELDS)[number];

export const ACTION_LIMITS = {
  /** The document travels in a JSON body of at most 1 MB. */
  rawSpecMax: 1_000_000,
  domainMax: 253,
  secretMax: 8_192,
  urlMax: 2_048,
  functionsMax: 200,
} as const;

/** Ours are nanoid-like; the id is also part of the sealing context of the action's secrets. */
export const actionIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'Not an action id');

const optionalText = (max: number) => z.string().max(max).nullish();

const actionAuthSchema = z.object({
  type: z.enum(['none', 'service_http', 'oauth']).nullish(),
  authorization_type: z.enum(['bearer', 'basic', 'custom']).nullish(),
  custom_auth_header: optionalText(256),
  authorization_content_type: optionalText(256),
  authorization_url: optionalText(ACTION_LIMITS.urlMax),
  client_url: optionalText(ACTION_LIMITS.urlMax),
  scope: optionalText(ACTION_LIMITS.urlMax),
  token_exchange_method: z.enum(['default_post', 'basic_auth_header']).nullish(),
});
export type ActionAuthSettings = z.infer<typeof actionAuthSchema>;

const actionMetadataSchema = z.object({
  domain: optionalText(ACTION_LIMITS.domainMax),
  raw_spec: optionalText(ACTION_LIMITS.rawSpecMax),
  privacy_policy_url: optionalText(ACTION_LIMITS.urlMax),
  api_key: optionalText(ACTION_LIMITS.secretMax),
  oauth_client_id: optionalText(ACTION_LIMITS.secretMax),
  oauth_client_secret: optionalText(ACTION_LIMITS.secretMax),
  auth: actionAuthSchema.nullish(),
});

/** `POST /api/agents/actions/{agent_id}`: a new action, or a change of `action_id`'s. */
export const saveActionBodySchema = z.object({
  functions: z.array(z.unknown()).max(ACTION_LIMITS.functionsMax).nullish(),
  action_id: actionIdSchema.nullish(),
  metadata: actionMetadataSchema,
});
export type SaveActionBody = z.output<typeof saveActionBodySchema>;

/** An action as answered: its settings without any secret. */
export interface ApiAction {
  action_id: string;
  agent_id: string | null;
  type: string;
  /** The user who created it. */
  user: string;
  metadata: {
    domain: string;
    raw_spec?: string;
    privacy_policy_url?: string;
    auth?: ActionAuthSettings;
  };
  createdAt: string;
  updatedAt: string;
}
