import { z } from 'zod';
import { checkedUrl, isPlainObject, nonNegativeInt, stringList, stringMap } from './schema-common';

/** `mcpServers`: Model Context Protocol servers, by name. */

const isWebSocketProtocol = (protocol: string) => protocol === 'ws:' || protocol === 'wss:';

const mcpBaseSchema = z.object({
  iconPath: z.string().optional(),
  /** Milliseconds per tool call. */
  timeout: nonNegativeInt().optional(),
  /** Milliseconds to wait for the server's initialisation. */
  initTimeout: nonNegativeInt().optional(),
  /** Whether the server is offered in the chat's MCP menu. */
  chatMenu: z.boolean().optional(),
  serverInstructions: z.union([z.boolean(), z.string()]).optional(),
  customUserVars: z.record(z.string(), z.object({ title: z.string(), description: z.string() })).optional(),
});

export const mcpStdioServerSchema = mcpBaseSchema.extend({
  type: z.literal('stdio'),
  command: z.string().min(1),
  args: stringList().default(() => []),
  // Values may be `${ENV_VAR}` references; kept as written.
  env: stringMap().optional(),
});

export const mcpWebSocketServerSchema = mcpBaseSchema.extend({
  type: z.literal('websocket'),
  url: checkedUrl(isWebSocketProtocol, 'WebSocket URL must start with ws:// or wss://'),
});

export const mcpSseServerSchema = mcpBaseSchema.extend({
  type: z.literal('sse'),
  url: checkedUrl((protocol) => !isWebSocketProtocol(protocol), 'SSE URL must not start with ws:// or wss://'),
  headers: stringMap().optional(),
});

export const mcpStreamableHttpServerSchema = mcpBaseSchema.extend({
  type: z.literal('streamable-http'),
  url: checkedUrl(
    (protocol) => !isWebSocketProtocol(protocol),
    'Streamable HTTP URL must not start with ws:// or wss://',
  ),
  headers: stringMap().optional(),
});

export const MCP_SERVER_TYPES = ['stdio', 'websocket', 'sse', 'streamable-http'] as const;

/**
 * LibreChat lets `type` be left out and picks the first transport whose schema fits: `command`
 * means stdio, a ws(s) URL websocket, any other URL sse. That choice is made explicit here so
 * the union below can be discriminated, which reports one server's real problems instead of
 * "no union member matched". `http` is LibreChat's later alias of `streamable-http`.
 */
function withTransportType(value: unknown): unknown {
  if (!isPlainObject(value)) return value;
  if (value.type === 'http') return { ...value, type: 'streamable-http' };
  if (value.type !== undefined) return value;
  if ('command' in value) return { ...value, type: 'stdio' };
  if (typeof value.url === 'string') {
    return { ...value, type: /^\s*wss?:/i.test(value.url) ? 'websocket' : 'sse' };
  }
  return { ...value, type: 'stdio' };
}

export const mcpServerSchema = z.preprocess(
  withTransportType,
  z.discriminatedUnion(
    'type',
    [mcpStdioServerSchema, mcpWebSocketServerSchema, mcpSseServerSchema, mcpStreamableHttpServerSchema],
    {
      // Only the "no such transport" case gets this message; a non-mapping keeps zod's own.
      error: (issue) =>
        issue.code === 'invalid_union' ? `type must be one of ${MCP_SERVER_TYPES.join(', ')}` : undefined,
    },
  ),
);

export const mcpServersSchema = z.record(z.string(), mcpServerSchema);
