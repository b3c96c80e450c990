/**
 * `gptPlugins` (LibreChat's legacy plugins endpoint) runs as an ephemeral agent: the OpenAI
 * endpoint with the model and settings the body gives, and the built-in tools the body's `tools`
 * names (plugin keys, or `{pluginKey}` objects as LibreChat's client sends them). The conversation
 * stays a `gptPlugins` one, so it reopens as it was imported or saved.
 *
 * A key this server cannot run (an MCP or action key, a plugin it has no built-in for, a tool
 * without its settings) is left out with a log line, so the chat still answers without it.
 */
import type { SendBody } from '../../contract/chat-request';
import { ERROR_CODES } from '../../contract/errors';
import type { Env } from '../../env';
import { HttpError } from '../../http-error';
import { log } from '../../logging/logger';
import type { AppConfig } from '../config/schema';
import { identifyEndpoint } from '../chat/endpoint';
import { startedEarly, type AgentSend } from './agent-send';
import { resolveBuiltinTools } from './builtin-tools';
import { agentRecursionLimit } from './recursion-limit';
import { toolKeyKind } from './tool-keys';
import { toolNetworkPolicy } from './tool-network';
import { loadUserToolValues } from './tools/user-tools';

/** The endpoint name the conversation and its messages are saved under. */
export const PLUGINS_ENDPOINT = 'gptPlugins';

/** The most tools one plugins send runs; more are left out (LibreChat's plugin menus offer far fewer). */
export const MAX_PLUGIN_TOOLS = 10;

/** The plugin keys of the body's `tools`, deduplicated, in order. */
export function pluginKeys(tools: SendBody['tools']): string[] {
  const keys = (tools ?? []).map((tool) => (typeof tool === 'string' ? tool : tool.pluginKey).trim());
  return [...new Set(keys.filter((key) => key !== ''))];
}

/** Throws HttpError 400 (as for any endpoint this server does not offer) when OpenAI is not configured. */
export function planPluginsSend(input: { env: Env; config: AppConfig; userId: string; body: SendBody }): AgentSend {
  const { env, config, userId, body } = input;
  const endpoint = identifyEndpoint('openAI', 'openAI', config, env);
  if (!endpoint) throw new HttpError(400, `Unknown endpoint: ${PLUGINS_ENDPOINT}`, ERROR_CODES.unknownEndpoint);
  const keys = pluginKeys(body.tools);
  const runnable: string[] = [];
  for (const key of keys) {
    if (toolKeyKind(key) !== 'builtin')
      log.warn('agent_tool_unavailable', { tool: key, reason: 'plugins run built-in tools only' });
    else if (runnable.length >= MAX_PLUGIN_TOOLS)
      log.warn('agent_tool_unavailable', { tool: key, reason: `more than ${MAX_PLUGIN_TOOLS} tools` });
    else runnable.push(key);
  }
  return {
    endpoint,
    model: null,
    saved: null,
    savedEndpoint: PLUGINS_ENDPOINT,
    system: null,
    parameters: null,
    recursionLimit: agentRecursionLimit(null, config),
    network: toolNetworkPolicy(env, config),
    // The sender's own tool keys (installed from the builder's tools dialog) count, as in an agent's chat.
    tools: startedEarly(
      (runnable.length > 0 ? loadUserToolValues(env, userId) : Promise.resolve(undefined)).then((user) => ({
        tools: resolveBuiltinTools(runnable, env, user),
        mcpServers: [],
      })),
    ),
  };
}
