/**
 * Agent runs for the ConversationDO's tool-loop tests: a RunSpec whose agent has the calculator
 * and actions on the mock pets server, OpenAI streams that call tools, and one stubbed network
 * (provider, DNS-over-HTTPS, pets server) routed by origin.
 */
import { vi } from 'vitest';
import type { UserRow } from '../../db/users';
import { calculatorSpec } from '../../agent-tools/builtins/calculator';
import type { ActionOperation } from '../../agent-tools/openapi/operation';
import { parseActionSpec } from '../../agent-tools/openapi/parse';
import { TOOL_OUTPUT_MAX_BYTES } from '../../agent-tools/output-cap';
import { DEFAULT_RECURSION_LIMIT, type AgentRunSpec, type AgentToolSpec } from '../../engine/agent-spec';
import type { RunSpec } from '../../engine/run-spec';
import { PETS_ORIGIN, petsHandler } from '../mock-tools/action-handler';
import { dohHandler, MOCK_DOH_ORIGIN, MOCK_DOH_URL } from '../mock-tools/doh-handler';
import { handlerFetch, type Handler } from '../mock-tools/handler-fetch';
import { PETS_DOMAIN, petsDocument } from '../mock-tools/pets-openapi';
import { newConversationSpec } from './run-fixtures';

function chunk(delta: Record<string, unknown>, finishReason: string | null = null): string {
  const body = { id: 'chatcmpl-agent', object: 'chat.completion.chunk', created: 1753100000, model: 'm' };
  return `data: ${JSON.stringify({ ...body, choices: [{ index: 0, delta, finish_reason: finishReason }] })}\n\n`;
}

/** A turn: optional text, then the calls (each started, then its arguments in two pieces). */
export function openAIToolTurn(text: string, calls: { id: string; name: string; args: string }[]): string {
  let body = text ? chunk({ content: text }) : '';
  calls.forEach((call, index) => {
    body += chunk({
      tool_calls: [{ index, id: call.id, type: 'function', function: { name: call.name, arguments: '' } }],
    });
    const middle = Math.floor(call.args.length / 2);
    for (const piece of [call.args.slice(0, middle), call.args.slice(middle)])
      body += chunk({ tool_calls: [{ index, function: { arguments: piece } }] });
  });
  return `${body}${chunk({}, 'tool_calls')}data: [DONE]\n\n`;
}

const parsed = parseActionSpec(JSON.stringify(petsDocument()), PETS_DOMAIN);
if (!parsed.ok) throw new Error('the pets document does not parse');
const listPets = parsed.operations.find((operation) => operation.name === 'listPets');
if (!listPets) throw new Error('no listPets');

/** An action tool doing GET `path` on the pets server (`/slow` never answers, `/huge` is large). */
export function petsTool(path: string, timeoutMs = 30_000): AgentToolSpec {
  const operation: ActionOperation = { ...listPets!, name: path.slice(1), path, params: [] };
  const key = `${path.slice(1)}_action_${PETS_DOMAIN}`;
  return {
    key,
    wireName: key.replaceAll('.', '_'),
    description: `GET ${path}`,
    parameters: { type: 'object', properties: {} },
    timeoutMs,
    exec: { kind: 'action', actionId: 'action-1', operation, auth: { type: 'none' } },
  };
}

export function agentSpec(tools: AgentToolSpec[], overrides: Partial<AgentRunSpec> = {}): AgentRunSpec {
  return {
    id: 'agent_test',
    name: 'Tester',
    recursionLimit: DEFAULT_RECURSION_LIMIT,
    tools: [{ ...calculatorSpec(), wireName: 'calculator' }, ...tools],
    limits: { outputMaxBytes: TOOL_OUTPUT_MAX_BYTES, callsPerTurn: 16 },
    network: { allowedDomains: null, privateHosts: [], dnsResolver: MOCK_DOH_URL },
    mcpServers: [],
    ...overrides,
  };
}

export function agentRunSpec(user: UserRow, agent: AgentRunSpec): RunSpec {
  return newConversationSpec(user, 'Compute things', { agent });
}

/** Provider requests as JSON bodies, in order. */
export interface AgentNetwork {
  providerBodies: Record<string, unknown>[];
  /** Requests that reached the pets server. */
  petsRequests: () => string[];
}

/** A provider that answers `turns` in order (the last repeats), keeping each request's JSON body. */
export function scriptedProvider(turns: ((call: number) => Response)[]): {
  provider: Handler;
  providerBodies: Record<string, unknown>[];
} {
  const providerBodies: Record<string, unknown>[] = [];
  const provider: Handler = async (request) => {
    providerBodies.push((await request.json()) as Record<string, unknown>);
    const turn = turns[Math.min(providerBodies.length - 1, turns.length - 1)];
    if (!turn) throw new Error('no provider turn');
    return turn(providerBodies.length);
  };
  return { provider, providerBodies };
}

/**
 * Stubs the global fetch: provider turns answered in order (the last repeats), DoH, pets server,
 * and any `more` handlers by origin (a built-in tool's API).
 */
export function stubAgentNetwork(
  turns: ((call: number) => Response)[],
  more: Record<string, Handler> = {},
): AgentNetwork {
  const { provider, providerBodies } = scriptedProvider(turns);
  const net = handlerFetch({
    'https://llm.test': provider,
    [MOCK_DOH_ORIGIN]: dohHandler({ [PETS_DOMAIN]: ['93.184.215.20'] }),
    [PETS_ORIGIN]: petsHandler(),
    ...more,
  });
  vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => net.fetch(input, init));
  return { providerBodies, petsRequests: () => net.requests.filter((line) => line.includes(PETS_ORIGIN)) };
}
