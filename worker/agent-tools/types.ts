/**
 * The vocabulary of the tools an agent calls. The worker resolves every tool before a run
 * (credentials, action auth, MCP target, limits) into plain values, so the Durable Object that
 * runs the tool loop needs no config, database or secret store: a `ToolSpec` says what the model
 * sees and how the tool runs, a `ToolContext` what one call may use, a `ToolResult` what goes
 * back to the model and the user. Nothing calls these tools from the send path yet.
 */
import type { ActionAuth } from './actions/auth';
import type { OAuthActionConfig } from './actions/oauth';
import type { ActionOperation } from './openapi/operation';

/** A JSON schema whose root is an object: what every provider accepts as a tool's parameters. */
export interface JsonSchemaObject {
  type: 'object';
  properties: Record<string, unknown>;
  required?: string[];
  description?: string;
  [keyword: string]: unknown;
}

/** How a tool runs: code in the worker, an OpenAPI operation, or a tool of an MCP server. */
export type ToolExec =
  | {
      kind: 'builtin';
      /** LibreChat's manifest key of the built-in tool, e.g. `calculator`. */
      name: string;
      /** The user's or operator's credentials for it (API keys), already decrypted. */
      credentials: Record<string, string>;
    }
  | { kind: 'action'; actionId: string; operation: ActionOperation; auth: ActionAuth }
  | {
      kind: 'mcp';
      /** The server's name in librechat.yaml `mcpServers`. */
      serverName: string;
      /** The tool's name on that server. */
      toolName: string;
    };

export interface ToolSpec {
  /** The tool's key as LibreChat names it (`calculator`, `<fn>_action_<domain>`, `<tool>_mcp_<server>`). */
  key: string;
  /** What the model reads to decide when and how to call the tool. */
  description: string;
  parameters: JsonSchemaObject;
  /** A call still running after this long is aborted and answers an error result. */
  timeoutMs: number;
  exec: ToolExec;
}

/**
 * Where a tool may send requests: every tool URL goes through the guarded fetch with this policy.
 * `privateHosts` are exact `host:port` pairs allowed past the address checks (loopback mocks in
 * tests, an operator's LAN service); it is never defaulted. `allowedDomains` (librechat.yaml
 * `actions.allowedDomains`), when set, holds exact hosts or `*.suffix` patterns.
 */
export interface NetworkPolicy {
  allowedDomains: readonly string[] | null;
  privateHosts: readonly string[];
  /** A DNS-over-HTTPS resolver speaking the JSON API; null means Cloudflare's public one. */
  dnsResolver: string | null;
}

/** What one tool call may use. */
export interface ToolContext {
  /** Fires when the run is stopped or the tool's timeout passes; every request the tool makes observes it. */
  signal: AbortSignal;
  userId: string;
  conversationId: string;
  network: NetworkPolicy;
  /**
   * Stores an image a tool made (R2 and a `files` row, as an upload) and answers the file; the
   * Durable Object provides it. Absent where nothing can be stored: a tool that needs it fails.
   */
  storeImage?: (image: GeneratedImage) => Promise<ToolAttachment>;
  /**
   * Signs the user in to an OAuth action: shows the authorization link on this call and waits
   * until the user's confirmation hands over an access token; null when the wait ends first.
   * The Durable Object provides it per call; without it, an action with no token fails at once.
   */
  signIn?: (actionId: string, config: OAuthActionConfig, signal: AbortSignal) => Promise<string | null>;
}

/** An image a tool made, before it is stored. */
export interface GeneratedImage {
  bytes: Uint8Array;
  /** Its MIME type, e.g. `image/png`. */
  type: string;
  filename: string;
  width: number | null;
  height: number | null;
}

/** A web page a search found: the model cites it by its number, the user sees it as a link. */
export interface ToolSource {
  /** 1-based: what `[n]` in the reply refers to. */
  index: number;
  title: string;
  url: string;
  snippet?: string;
}

/** A file a tool produced, already stored (R2 + files row) by the Durable Object. */
export interface ToolAttachment {
  fileId: string;
  filename: string;
  /** Where the SPA loads it from. */
  filepath: string;
  /** Its MIME type. */
  type: string;
  width?: number;
  height?: number;
}

export interface ToolResult {
  /** The text the model reads next, and the user sees under the call. */
  output: string;
  /** A failed call: the model is told, and the call is shown as failed. */
  isError: boolean;
  attachments?: ToolAttachment[];
  /** The pages a search call found, numbered as the model was told to cite them. */
  sources?: ToolSource[];
}
