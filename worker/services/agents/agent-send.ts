/**
 * What a send to an agent adds to an ordinary send (services/chat/send.ts runs both):
 *
 * - `POST /api/agents/chat` (a saved agent, `agent_id` in the body): the agent must be visible
 *   to the caller (own or shared; anything else is 404 like the agents routes); its provider
 *   must be an endpoint this server offers and, when `endpoints.agents.allowedProviders` is set,
 *   one of those (else an `invalid_agent_provider` refusal). The agent's model and parameters
 *   are used, its instructions are the system message, and the reply is labelled with the
 *   agent (model = its id, sender = its name, its avatar).
 * - `POST /api/agents/chat/{endpoint}` (an ephemeral agent): the endpoint and model as
 *   `/api/ask` takes them, with every tool of the MCP servers named in `ephemeralAgent.mcp`,
 *   and with `ephemeralAgent.web_search` the operator's search tool (a 400 when there is none).
 *
 * The tools are listed while the send's other reads run (`tools` is a promise that never
 * rejects).
 */
import { AGENT_NOT_FOUND_MESSAGE, agentIdSchema } from '../../contract/agents';
import type { SendBody } from '../../contract/chat-request';
import { ERROR_CODES } from '../../contract/errors';
import { findVisibleAgent, type AgentRow } from '../../db/agents';
import { ChatRefusal } from '../../engine/refusal';
import type { Env } from '../../env';
import { HttpError } from '../../http-error';
import type { RawModelOptions } from '../../providers/parameters';
import type { AppConfig } from '../config/schema';
import { DEFAULT_AGENT_CAPABILITIES } from '../config/schema-endpoints';
import { identifyEndpoint, type ChatEndpoint } from '../chat/endpoint';
import { planChain, type ChainPlan } from './chain-send';
import { resolveBuiltinTools } from './builtin-tools';
import { ephemeralWebSearchKey, WEB_SEARCH_UNAVAILABLE_MESSAGE } from './ephemeral-web-search';
import { mcpTargets } from './mcp-targets';
import { agentRecursionLimit } from './recursion-limit';
import { resolveActionTools } from './actions/resolve';
import { resolveAgentTools, resolveEphemeralTools, type ResolvedTools } from './resolve-tools';
import { toolNetworkPolicy, toolOutbound } from './tool-network';
import { loadUserToolValues } from './tools/user-tools';
import type { NetworkPolicy, ToolSpec } from '../../agent-tools/types';

/**
 * Which agent route a send came in on; `plugins` is `/api/{ask,edit}/gptPlugins` (plugins-send.ts).
 * `origin`: the request's, where an OAuth action's sign-in comes back to when DOMAIN_SERVER is unset.
 */
export type AgentRoute = { kind: 'saved'; origin?: string } | { kind: 'ephemeral' } | { kind: 'plugins' };

/** A saved agent as its reply is labelled. */
export interface SavedAgentLabel {
  id: string;
  name: string;
  iconURL: string | null;
}

export interface AgentSend {
  /** The endpoint that runs the model: the saved agent's provider, or the route's endpoint. */
  endpoint: ChatEndpoint;
  /** A saved agent's model (null: the body's, as for /api/ask). */
  model: string | null;
  /** Set for a saved agent. */
  saved: SavedAgentLabel | null;
  /** The endpoint the conversation is saved under when it is not the one that runs the model (`gptPlugins`). */
  savedEndpoint?: string;
  /** A saved agent's instructions (null: the conversation's own, as for /api/ask). */
  system: string | null;
  /** A saved agent's model parameters (null: the body's). */
  parameters: RawModelOptions | null;
  recursionLimit: number;
  /** A saved agent's `end_after_tools`, when the operator offers that capability: its answer is its tools' results. */
  endAfterTools?: boolean;
  network: NetworkPolicy;
  tools: Promise<ResolvedTools>;
  /** A saved agent's chain (`agent_ids`), read while the send's other reads run. */
  chain?: Promise<ChainPlan[]>;
}

export interface AgentSendInput {
  env: Env;
  config: AppConfig;
  userId: string;
  routeEndpoint: string;
  body: SendBody;
  route: AgentRoute;
}

/** Throws HttpError (no agent id, unknown agent or endpoint) or ChatRefusal (a provider not offered). */
export async function planAgentSend(input: AgentSendInput): Promise<AgentSend> {
  const { env, config, userId, body } = input;
  const network = toolNetworkPolicy(env, config);
  if (input.route.kind === 'ephemeral') {
    const endpoint = identifyEndpoint(input.routeEndpoint, body.endpoint, config, env);
    if (!endpoint) throw new HttpError(400, `Unknown endpoint: ${body.endpoint}`, 'unknown_endpoint');
    assertAllowedProvider(endpoint.name, config);
    const search = ephemeralSearchTools(body, config, env);
    const servers = body.ephemeralAgent?.mcp ?? [];
    // Servers kept out of the chat menu are not the user's to turn on.
    const offered = servers.filter((name) => config.mcpServers?.[name]?.chatMenu !== false);
    const context = {
      targets: mcpTargets(config, env, userId, new Set(offered)),
      policy: network,
      outbound: toolOutbound(network),
    };
    return {
      endpoint,
      model: null,
      saved: null,
      system: null,
      parameters: null,
      recursionLimit: agentRecursionLimit(null, config),
      network,
      tools: startedEarly(resolveEphemeralTools(context, offered, search)),
    };
  }
  const origin = input.route.kind === 'saved' ? input.route.origin : undefined;
  const agent = await visibleAgent(env, userId, body.agent_id);
  const endpoint = identifyEndpoint(agent.provider, agent.provider, config, env);
  if (!endpoint) throw new ChatRefusal({ type: 'invalid_agent_provider', info: agent.provider });
  assertAllowedProvider(agent.provider, config);
  const context = { targets: mcpTargets(config, env, userId), policy: network, outbound: toolOutbound(network) };
  // The operator turns chains off by leaving `chain` out of the agents' capabilities.
  const capabilities = config.endpoints?.agents?.capabilities ?? DEFAULT_AGENT_CAPABILITIES;
  const chainIds = capabilities.includes('chain') ? (agent.agent_ids ?? []) : [];
  const chain =
    chainIds.length > 0
      ? {
          chain: startedEarly(
            planChain({
              env,
              config,
              userId,
              network,
              ids: chainIds,
              serverOrigin: env.DOMAIN_SERVER || origin || '',
              assertAllowedProvider: (p) => assertAllowedProvider(p, config),
            }),
          ),
        }
      : {};
  return {
    ...chain,
    endpoint,
    model: agent.model,
    saved: { id: agent.id, name: agent.name?.trim() || 'Agent', iconURL: agent.avatar?.filepath ?? null },
    system: joinInstructions(agent.instructions, body.additional_instructions),
    parameters: agent.model_parameters ?? {},
    recursionLimit: agentRecursionLimit(agent.recursion_limit, config),
    endAfterTools: capabilities.includes('end_after_tools') && agent.end_after_tools === true,
    network,
    tools: startedEarly(
      resolveAgentTools(context, agent.tools ?? [], {
        env,
        resolveActions: (keys) =>
          resolveActionTools(env, env.DB, agent.id, keys, {
            userId,
            serverOrigin: env.DOMAIN_SERVER || origin || '',
            network,
            outbound: context.outbound,
          }),
        // The sender's values: a shared agent runs with its user's keys, never its author's.
        userToolValues: () => loadUserToolValues(env, userId),
      }),
    ),
  };
}

/**
 * The tools are resolved while the send's D1 reads run, and awaited only once those pass: a send
 * refused before then must not leave the resolution's failure unhandled. The awaiter still gets it.
 */
export function startedEarly<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => undefined);
  return promise;
}

/** The search tool a chat turned on, or none; a chat asking for one on a server without it is refused. */
function ephemeralSearchTools(body: SendBody, config: AppConfig, env: Env): ToolSpec[] {
  if (body.ephemeralAgent?.web_search !== true) return [];
  const key = ephemeralWebSearchKey(config, env);
  if (!key) throw new HttpError(400, WEB_SEARCH_UNAVAILABLE_MESSAGE, ERROR_CODES.validation);
  return resolveBuiltinTools([key], env);
}

async function visibleAgent(env: Env, userId: string, agentId: string | undefined): Promise<AgentRow> {
  if (agentId === undefined) throw new HttpError(400, 'agent_id is required', ERROR_CODES.validation);
  const id = agentIdSchema.safeParse(agentId);
  const row = id.success ? await findVisibleAgent(env.DB, userId, id.data) : null;
  if (!row) throw new HttpError(404, AGENT_NOT_FOUND_MESSAGE, ERROR_CODES.notFound);
  return row;
}

function assertAllowedProvider(provider: string, config: AppConfig): void {
  const allowed = config.endpoints?.agents?.allowedProviders;
  if (allowed && allowed.length > 0 && !allowed.includes(provider))
    throw new ChatRefusal({ type: 'invalid_agent_provider', info: provider });
}

function joinInstructions(instructions: string | null, additional: string | undefined): string | null {
  const parts = [instructions?.trim(), additional?.trim()].filter((part): part is string => !!part);
  return parts.length > 0 ? parts.join('\n\n') : null;
}
