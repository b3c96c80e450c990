/**
 * A saved agent's chain (`agent_ids`): the agents that answer after it in the same reply. Each is
 * resolved here, before the run starts, exactly as the first agent is (visible to the sender, its
 * provider offered and allowed, its model allowed, the sender's key when the endpoint needs one,
 * its own tools with the sender's tool keys), so the Durable Object reads no agent itself. One
 * that cannot run becomes an unusable link: the chain stops there with an error the user sees,
 * after what the agents before it said.
 */
import type { NetworkPolicy } from '../../agent-tools/types';
import { findVisibleAgents } from '../../db/agents';
import type { AgentRunSpec, ChainLink } from '../../engine/agent-spec';
import { errorText } from '../../engine/error-text';
import { ChatRefusal } from '../../engine/refusal';
import type { Env } from '../../env';
import { normaliseParameters } from '../../providers/parameters';
import { ProviderError } from '../../providers/types';
import type { AppConfig } from '../config/schema';
import { DEFAULT_AGENT_CAPABILITIES } from '../config/schema-endpoints';
import { allowedModels, identifyEndpoint } from '../chat/endpoint';
import { credentialNeeds, resolveProviderTarget } from '../chat/targets';
import { loadUserCredentials } from '../chat/user-credentials';
import type { HeaderUser } from '../targets/openai';
import { resolveActionTools } from './actions/resolve';
import type { AgentSend } from './agent-send';
import { agentRunSpec } from './agent-run-spec';
import { mcpTargets } from './mcp-targets';
import { agentRecursionLimit } from './recursion-limit';
import { resolveAgentTools } from './resolve-tools';
import { toolOutbound } from './tool-network';
import { loadUserToolValues } from './tools/user-tools';

/** Shown where a chained agent was deleted or is no longer shared with the sender (its id is not told). */
export const CHAINED_AGENT_GONE =
  'The next agent of this chain is not available to you any more, so the chain ends here.';

/** A chained agent as the send plans it: like the first agent's plan, or why it cannot run. */
export type ChainPlan = { kind: 'plan'; send: AgentSend } | { kind: 'unusable'; id: string; error: string };

interface ChainInput {
  env: Env;
  config: AppConfig;
  userId: string;
  network: NetworkPolicy;
  ids: readonly string[];
  /** Where OAuth sign-ins come back to (DOMAIN_SERVER, else the request's origin). */
  serverOrigin: string;
  /** The config's allowed providers check of the first agent (agent-send.ts), refusing with ChatRefusal. */
  assertAllowedProvider(provider: string): void;
}

/** The chain's agents in order, read together; their tools start resolving at once. */
export async function planChain(input: ChainInput): Promise<ChainPlan[]> {
  const { env, config, userId, network } = input;
  const capabilities = config.endpoints?.agents?.capabilities ?? DEFAULT_AGENT_CAPABILITIES;
  const found = new Map((await findVisibleAgents(env.DB, userId, input.ids)).map((row) => [row.id, row]));
  return input.ids.map((id): ChainPlan => {
    const row = found.get(id);
    if (!row) return { kind: 'unusable', id, error: CHAINED_AGENT_GONE };
    const refused = (info: string): ChainPlan => ({
      kind: 'unusable',
      id,
      error: errorText(new ChatRefusal({ type: 'invalid_agent_provider', info }), 'system'),
    });
    const endpoint = identifyEndpoint(row.provider, row.provider, config, env);
    if (!endpoint) return refused(row.provider);
    try {
      input.assertAllowedProvider(row.provider);
    } catch {
      return refused(row.provider);
    }
    const context = { targets: mcpTargets(config, env, userId), policy: network, outbound: toolOutbound(network) };
    const tools = resolveAgentTools(context, row.tools ?? [], {
      env,
      resolveActions: (keys) =>
        resolveActionTools(env, env.DB, row.id, keys, {
          userId,
          serverOrigin: input.serverOrigin,
          network,
          outbound: context.outbound,
        }),
      userToolValues: () => loadUserToolValues(env, userId),
    });
    tools.catch(() => undefined);
    return {
      kind: 'plan',
      send: {
        endpoint,
        model: row.model,
        saved: { id: row.id, name: row.name?.trim() || 'Agent', iconURL: row.avatar?.filepath ?? null },
        system: row.instructions?.trim() || null,
        parameters: row.model_parameters ?? {},
        recursionLimit: agentRecursionLimit(row.recursion_limit, config),
        endAfterTools: capabilities.includes('end_after_tools') && row.end_after_tools === true,
        network,
        tools,
      },
    };
  });
}

interface ResolveInput {
  env: Env;
  config: AppConfig;
  userId: string;
  headerUser: HeaderUser;
  now: number;
}

/** Each planned agent with its provider, credentials, parameters and tools; a refusal makes it unusable. */
async function resolveChain(plans: readonly ChainPlan[], input: ResolveInput): Promise<ChainLink[]> {
  return Promise.all(plans.map((plan) => resolveLink(plan, input)));
}

async function resolveLink(plan: ChainPlan, input: ResolveInput): Promise<ChainLink> {
  if (plan.kind === 'unusable') return plan;
  const { env, config, userId } = input;
  const { send } = plan;
  const { endpoint } = send;
  const model = send.model ?? '';
  const needs = credentialNeeds(endpoint, model, env, config);
  const keySource = needs.key ? 'user' : 'system';
  const id = send.saved?.id ?? '';
  try {
    const allowed = allowedModels(endpoint, config, env);
    if (model === '' || (allowed && !allowed.includes(model))) throw new ChatRefusal({ type: 'illegal_model_request' });
    const user = needs.key || needs.url ? await loadUserCredentials(env, userId, endpoint.name, needs, input.now) : {};
    const provider = resolveProviderTarget({ endpoint, model, env, config, user, headerUser: input.headerUser });
    const agent = agentRunSpec(send, model, await send.tools);
    return {
      kind: 'run',
      agent: { ...agent, model },
      provider,
      parameters: normaliseParameters(endpoint.kind, model, send.parameters ?? {}),
      system: send.system,
      keySource,
    };
  } catch (error) {
    if (!(error instanceof ChatRefusal || error instanceof ProviderError)) throw error;
    return { kind: 'unusable', id, error: errorText(error, keySource) };
  }
}

/** The first agent's run spec with its chain resolved (unchanged without one). */
export async function withChain(run: AgentRunSpec, send: AgentSend, input: ResolveInput): Promise<AgentRunSpec> {
  if (!send.chain) return run;
  const chain = await resolveChain(await send.chain, input);
  if (chain.length === 0) return run;
  return { ...run, chain };
}
