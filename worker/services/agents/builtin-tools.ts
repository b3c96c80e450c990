/**
 * The built-in tools an agent names by manifest key (agent-tools/builtins/manifest.ts): the
 * calculator, web search and image generation, each when the sender's own installed values or
 * else the operator's environment set what it needs. The values are the sender's, never the
 * agent author's: sharing an agent never lends its author's keys. Any other key (code execution, file search…) or a tool without its settings is left out
 * of the run with a log line, so the agent still answers without it instead of failing the send.
 */
import { builtinToolSpec } from '../../agent-tools/builtins/manifest';
import type { ToolSpec } from '../../agent-tools/types';
import type { EnvVars } from '../../env';
import { log } from '../../logging/logger';
import { stringVars } from '../targets/openai';
import type { UserToolValues } from './tools/user-tools';

export function resolveBuiltinTools(
  keys: readonly string[],
  env: EnvVars,
  user: UserToolValues = new Map(),
): ToolSpec[] {
  const vars = stringVars(env);
  const tools: ToolSpec[] = [];
  for (const key of keys) {
    const spec = builtinToolSpec(key, { env: vars, user: user.get(key) });
    if (spec) tools.push(spec);
    else log.warn('agent_tool_unavailable', { tool: key, reason: 'this server cannot run it, or lacks its settings' });
  }
  return tools;
}
