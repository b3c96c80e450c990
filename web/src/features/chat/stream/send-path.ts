import type { ChatSetup, SendRequest } from '@/shared/conversation/types';

/**
 * Where a send is posted (LibreChat's paths). Built-in endpoints are named in the
 * path; custom endpoints share `/custom` and name themselves in the body. Edits and continues
 * post to `/edit/…` instead of `/ask/…`; a regenerate is an ask with `overrideParentMessageId`.
 * A chat on another endpoint with MCP servers or web search turned on posts to `/api/agents/chat/{endpoint}`.
 * Aborting posts to the same path plus `/abort`.
 */

/** What a send without a usable endpoint throws (LibreChat's words). */
export const UNKNOWN_ENDPOINT = 'Unknown endpoint or undefined endpoint';

/** Endpoints served at `/api/{ask|edit}/{name}`. */
const NAMED_IN_PATH = new Set(['openAI', 'azureOpenAI', 'google', 'anthropic', 'gptPlugins', 'chatGPTBrowser']);

/** Endpoints with a path of their own (the mode travels in the body); assistants edit at `…/modify`. */
const OWN_PATHS = new Map<string, { send: string; edit: string }>([
  ['bedrock', { send: '/api/bedrock/chat', edit: '/api/bedrock/chat' }],
  ['agents', { send: '/api/agents/chat', edit: '/api/agents/chat' }],
  ['assistants', { send: '/api/assistants/v2/chat', edit: '/api/assistants/v2/chat/modify' }],
  ['azureAssistants', { send: '/api/assistants/v1/chat', edit: '/api/assistants/v1/chat/modify' }],
]);

/** Whether a send rewrites an existing turn (edit, continue), which LibreChat posts to `/edit/`. */
export const isEditLike = (mode: SendRequest['mode']): boolean => mode === 'edit' || mode === 'continue';

/**
 * Whether the setup names a custom endpoint: by its type, or by a name that is no built-in one
 * (custom endpoints may not reuse built-in names, so the name alone decides).
 */
export function isCustomEndpoint(setup: Pick<ChatSetup, 'endpoint' | 'endpointType'>): boolean {
  if (setup.endpointType === 'custom' || setup.endpoint === 'custom') return true;
  return !!setup.endpoint && !NAMED_IN_PATH.has(setup.endpoint) && !OWN_PATHS.has(setup.endpoint);
}

/** Whether a send on an endpoint other than agents carries tools, which only the agents endpoint runs. */
export const usesEphemeralAgent = (req: Pick<SendRequest, 'setup' | 'ephemeralAgent'>): boolean =>
  req.setup.endpoint !== 'agents' &&
  ((req.ephemeralAgent?.mcp.length ?? 0) > 0 || req.ephemeralAgent?.web_search === true);

/** The path a send posts to. Throws {@link UNKNOWN_ENDPOINT} when the setup names no endpoint. */
export function sendPath(req: Pick<SendRequest, 'mode' | 'setup' | 'ephemeralAgent'>): string {
  const { endpoint } = req.setup;
  if (!endpoint) throw new Error(UNKNOWN_ENDPOINT);
  // The endpoint keeps its model and settings; the agents endpoint runs the tools with them.
  if (usesEphemeralAgent(req)) return `/api/agents/chat/${encodeURIComponent(endpoint)}`;
  const edit = isEditLike(req.mode);
  const own = OWN_PATHS.get(endpoint);
  if (own) return edit ? own.edit : own.send;
  const action = edit ? 'edit' : 'ask';
  return isCustomEndpoint(req.setup) ? `/api/${action}/custom` : `/api/${action}/${endpoint}`;
}

/** `POST {send path}/abort`. */
export const abortPath = (pathOfRun: string): string => `${pathOfRun}/abort`;

/**
 * `GET /api/ask/stream/{conversationId}`: re-attach to the conversation's live run (README);
 * `?added=1` for the second reply of a turn (the `+` command).
 */
export const resumePath = (conversationId: string, lane: RunLane = 'main'): string =>
  `/api/ask/stream/${encodeURIComponent(conversationId)}${lane === 'added' ? '?added=1' : ''}`;

/** Which of a conversation's runs: its own, or the second reply of a turn (the `+` command). */
export type RunLane = 'main' | 'added';
