/**
 * The built-in tools an agent names by manifest key (agent-tools/builtins/manifest.ts): the
 * calculator, web search and image generation, each when the operator's environment sets what it
 * needs. Any other key (code execution, file search…) or a tool without its settings is left out
 * of the run with a log line, so the agent still answers without it instead of failing the send.
 */
import { builtinToolSpec } from '../../agent-tools/builtins/manifest';
import type { ToolSpec } from '../../agent-tools/types';
import type { EnvVars } from '../../env';
import { log } from '../../logging/logger';
import { stringVars } from '../targets/openai';

export function resolveBuiltinTools(keys: readonly string[], env: EnvVars): ToolSpec[] {
  const values = { env: stringVars(env) };
  const tools: ToolSpec[] = [];
  for (const key of keys) {
    const spec = builtinToolSpec(key, values);
    if (spec) tools.push(spec);
    else log.warn('agent_tool_unavailable', { tool: key, reason: 'this server cannot run it, or lacks its settings' });
  }
  return tools;
}
