/**
 * `runTool`: one call of one tool, whatever kind it is (a built-in, an action's operation, an MCP
 * server's tool), with what every call gets alike: the tool's own timeout, the run's signal, the
 * output cap, and failures turned into results the model can read. A result that failed says so
 * with LibreChat's marker (`Error processing tool <key>: …`), which is also what the client keys
 * a failed call's look on. Only a stopped run throws (the signal's reason): the loop decides what
 * a stopped call leaves behind.
 */
import { executeAction } from './actions/execute';
import { oauthCallAuth } from './actions/oauth-call';
import { runBuiltin } from './builtins/run-builtin';
import { McpSessions } from './mcp/sessions';
import { raceAbort } from './mcp/transport';
import type { McpServerTarget } from './mcp/types';
import { createGuardedFetch, type OutboundDeps } from './net/guarded-fetch';
import { capToolOutput, TOOL_OUTPUT_MAX_BYTES } from './output-cap';
import type { NetworkPolicy, ToolContext, ToolResult, ToolSpec } from './types';

/** What the tools of one run share: the network, its MCP connections and their targets. */
export interface ToolRuntime {
  outbound: OutboundDeps;
  mcp: McpSessions;
  mcpServers: ReadonlyMap<string, McpServerTarget>;
  /** The most bytes of one output the model is given. */
  outputMaxBytes: number;
}

export interface ToolRuntimeOptions {
  network: NetworkPolicy;
  outbound: OutboundDeps;
  mcpServers: readonly McpServerTarget[];
  outputMaxBytes?: number;
  /** The run's signal: a stopped run opens no more MCP connections. */
  signal: AbortSignal;
}

/** One per run; close its MCP connections with `runtime.mcp.closeAll()` when the run ends. */
export function createToolRuntime(options: ToolRuntimeOptions): ToolRuntime {
  return {
    outbound: options.outbound,
    // MCP servers are the operator's: `actions.allowedDomains` binds actions only.
    mcp: new McpSessions({
      fetch: createGuardedFetch({ ...options.network, allowedDomains: null }, options.outbound),
      signal: options.signal,
    }),
    mcpServers: new Map(options.mcpServers.map((server) => [server.name, server])),
    outputMaxBytes: options.outputMaxBytes ?? TOOL_OUTPUT_MAX_BYTES,
  };
}

/** The text of a failed call, as the model and the user read it. */
export function toolErrorText(key: string, message: string): string {
  return `Error processing tool ${key}: ${message}`;
}

export async function runTool(
  spec: ToolSpec,
  args: Record<string, unknown>,
  context: ToolContext,
  runtime: ToolRuntime,
): Promise<ToolResult> {
  const timeout = new AbortController();
  const seconds = spec.timeoutMs / 1000;
  const timer = setTimeout(() => timeout.abort(new Error(`timed out after ${seconds} s`)), spec.timeoutMs);
  const signal = AbortSignal.any([context.signal, timeout.signal]);
  let result: ToolResult;
  try {
    // Raced, so a tool that ignores its signal cannot hold the run past a stop or its timeout.
    result = await raceAbort(execute(spec, args, { ...context, signal }, runtime), signal);
  } catch (error) {
    context.signal.throwIfAborted();
    const message = timeout.signal.aborted
      ? `timed out after ${seconds} s`
      : error instanceof Error
        ? error.message
        : String(error);
    result = { output: message, isError: true };
  } finally {
    clearTimeout(timer);
  }
  const output = result.isError ? toolErrorText(spec.key, result.output) : result.output;
  return { ...result, output: capToolOutput(output, runtime.outputMaxBytes) };
}

async function execute(
  spec: ToolSpec,
  args: Record<string, unknown>,
  context: ToolContext,
  runtime: ToolRuntime,
): Promise<ToolResult> {
  const { exec } = spec;
  switch (exec.kind) {
    case 'builtin':
      return runBuiltin(exec.name, exec.credentials, args, context, runtime.outbound);
    case 'action': {
      const auth = await oauthCallAuth(exec.actionId, exec.auth, context);
      if ('output' in auth) return auth;
      return executeAction(exec.operation, auth, args, context, runtime.outbound);
    }
    case 'mcp': {
      const target = runtime.mcpServers.get(exec.serverName);
      if (!target) return { output: `the MCP server "${exec.serverName}" is not configured`, isError: true };
      const answer = await runtime.mcp.callTool(target, exec.toolName, args, context.signal);
      context.signal.throwIfAborted();
      // Binary content (images, audio) is not stored from tools yet: the model is told it came.
      const extra = answer.attachments.map((file) => `[${file.kind} ${file.mimeType} not shown]`);
      return { output: [answer.text, ...extra].filter(Boolean).join('\n'), isError: answer.isError };
    }
  }
}
