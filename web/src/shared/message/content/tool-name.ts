/**
 * A tool's key as a person reads it. Agents call tools by key: an MCP server's tool is
 * `<tool>_mcp_<server>`, an action's operation is `<operation>_action_<encoded domain>`, where a
 * short domain is written with `---` for each dot (a long one is a hash and cannot be read back).
 * Built-in tools (`calculator`) keep their key.
 */
export type ToolName =
  | { kind: 'mcp'; name: string; server: string }
  | { kind: 'action'; name: string; domain: string | null }
  | { kind: 'plain'; name: string };

const MCP_DELIMITER = '_mcp_';
const ACTION_DELIMITER = '_action_';
const DOMAIN_DOT = '---';

function decodeDomain(encoded: string): string | null {
  if (!encoded.includes(DOMAIN_DOT)) return null;
  const domain = encoded.split(DOMAIN_DOT).join('.');
  return /^[A-Za-z0-9.-]+$/.test(domain) ? domain : null;
}

export function parseToolName(key: string): ToolName {
  const mcpAt = key.indexOf(MCP_DELIMITER);
  if (mcpAt > 0 && mcpAt + MCP_DELIMITER.length < key.length) {
    return { kind: 'mcp', name: key.slice(0, mcpAt), server: key.slice(mcpAt + MCP_DELIMITER.length) };
  }
  const actionAt = key.indexOf(ACTION_DELIMITER);
  if (actionAt > 0 && actionAt + ACTION_DELIMITER.length < key.length) {
    return {
      kind: 'action',
      name: key.slice(0, actionAt),
      domain: decodeDomain(key.slice(actionAt + ACTION_DELIMITER.length)),
    };
  }
  return { kind: 'plain', name: key };
}
