/**
 * The MCP connections of one run: each server is connected on its first call and reused for the
 * run's later calls, then closed when the run ends. A server that fails to start is not retried
 * within the run, so a down server costs its `initTimeout` once, not once per call; one whose
 * connection breaks after it started is connected afresh on the next call.
 */
import type { FetchLike } from '../../providers/types';
import { McpClient } from './client';
import { errorResult } from './result';
import { raceAbort } from './transport';
import { McpError, type McpCallResult, type McpServerTarget, type McpTool } from './types';

export interface McpSessionsOptions {
  fetch: FetchLike;
  /** The run's signal: stopping the run stops connections being opened. */
  signal?: AbortSignal;
}

export class McpSessions {
  /** By server name; a settled failure stays, so the run does not wait on that server again. */
  private readonly clients = new Map<string, Promise<McpClient>>();

  constructor(private readonly options: McpSessionsOptions) {}

  /** Calls a tool on the server, connecting first if needed. Never throws (see McpClient.callTool). */
  async callTool(
    target: McpServerTarget,
    name: string,
    args: Record<string, unknown>,
    signal?: AbortSignal,
  ): Promise<McpCallResult> {
    let client: McpClient;
    const connecting = this.client(target);
    try {
      client = await (signal ? raceAbort(connecting, signal) : connecting);
    } catch (error) {
      if (error instanceof McpError) return errorResult(error);
      return errorResult(new McpError('cancelled', `MCP server "${target.name}": "${name}" was cancelled`));
    }
    const result = await client.callTool(name, args, signal);
    // A connection that broke (a restarted server forgets its sessions) is opened afresh next time.
    if (result.errorKind === 'unavailable' && this.clients.get(target.name) === connecting) {
      this.clients.delete(target.name);
      await client.close();
    }
    return result;
  }

  /** Closes every connection that was opened; never throws. */
  async closeAll(): Promise<void> {
    const clients = [...this.clients.values()];
    this.clients.clear();
    await Promise.all(clients.map((client) => client.then((open) => open.close()).catch(() => undefined)));
  }

  private client(target: McpServerTarget): Promise<McpClient> {
    let client = this.clients.get(target.name);
    if (!client) {
      client = McpClient.connect(target, this.options);
      // Failures are read by each caller; this keeps one that nobody awaits from being unhandled.
      client.catch(() => undefined);
      this.clients.set(target.name, client);
    }
    return client;
  }
}

/**
 * A server's tools for a listing (the agent builder, the chat's MCP menu): connect, list, close.
 * A server that cannot be used gives its error instead, for the caller to show as unavailable.
 */
export async function listServerTools(
  target: McpServerTarget,
  options: { fetch: FetchLike; signal?: AbortSignal },
): Promise<{ tools: McpTool[] } | { error: McpError }> {
  let client: McpClient | undefined;
  try {
    client = await McpClient.connect(target, options);
    return { tools: await client.listTools(options.signal) };
  } catch (error) {
    return { error: error instanceof McpError ? error : new McpError('unavailable', String(error)) };
  } finally {
    await client?.close();
  }
}
