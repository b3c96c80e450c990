/**
 * The kinds of tool key an agent stores, as LibreChat names them: MCP tools
 * `<tool>_mcp_<server>`, action operations `<operation>_action_<encoded domain>`, and built-in
 * tools by their manifest key (`calculator`).
 */
export const MCP_DELIMITER = '_mcp_';
export const ACTION_DELIMITER = '_action_';

export type ToolKeyKind = 'mcp' | 'action' | 'builtin';

export function toolKeyKind(key: string): ToolKeyKind {
  if (key.includes(MCP_DELIMITER)) return 'mcp';
  if (key.includes(ACTION_DELIMITER)) return 'action';
  return 'builtin';
}

/** The key of an MCP server's tool. */
export function mcpToolKey(toolName: string, serverName: string): string {
  return `${toolName}${MCP_DELIMITER}${serverName}`;
}

/** An MCP key's tool and server names (split at the first delimiter, as LibreChat does). */
export function parseMcpToolKey(key: string): { toolName: string; serverName: string } | null {
  const at = key.indexOf(MCP_DELIMITER);
  if (at <= 0) return null;
  const serverName = key.slice(at + MCP_DELIMITER.length);
  return serverName ? { toolName: key.slice(0, at), serverName } : null;
}
