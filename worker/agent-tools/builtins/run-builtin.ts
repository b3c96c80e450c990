/** Runs one call of a built-in tool by its key, with the credentials the worker resolved for it. */
import type { OutboundDeps } from '../net/guarded-fetch';
import type { ToolContext, ToolResult } from '../types';
import { CALCULATOR_KEY, runCalculator } from './calculator';
import { IMAGE_GEN_OAI_KEY, runImageGen } from './image-gen-oai';
import { runTavily, TAVILY_KEY } from './tavily';
import { runWebSearch, WEB_SEARCH_KEY } from './web-search';

export function runBuiltin(
  name: string,
  credentials: Record<string, string>,
  args: Record<string, unknown>,
  context: ToolContext,
  deps: OutboundDeps,
): Promise<ToolResult> | ToolResult {
  switch (name) {
    case CALCULATOR_KEY:
      return runCalculator(args);
    case TAVILY_KEY:
      return runTavily(credentials, args, context, deps);
    case WEB_SEARCH_KEY:
      return runWebSearch(credentials, args, context, deps);
    case IMAGE_GEN_OAI_KEY:
      return runImageGen(credentials, args, context, deps);
    default:
      return { output: `the tool "${name}" is not available on this server`, isError: true };
  }
}
