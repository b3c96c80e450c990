/**
 * The built-in tools an agent names by manifest key. Only the calculator runs on this server;
 * any other key (web search, image generation, code execution, file search…) is left out of the
 * run with a log line, so the agent still answers without it instead of failing the send.
 */
import { CALCULATOR_KEY, calculatorSpec } from '../../agent-tools/builtins/calculator';
import type { ToolSpec } from '../../agent-tools/types';
import { log } from '../../logging/logger';

const BUILTINS: Readonly<Record<string, () => ToolSpec>> = { [CALCULATOR_KEY]: calculatorSpec };

export function resolveBuiltinTools(keys: readonly string[]): ToolSpec[] {
  const tools: ToolSpec[] = [];
  for (const key of keys) {
    const make = Object.prototype.hasOwnProperty.call(BUILTINS, key) ? BUILTINS[key] : undefined;
    if (make) tools.push(make());
    else log.warn('agent_tool_unavailable', { tool: key, reason: 'this server cannot run it' });
  }
  return tools;
}
