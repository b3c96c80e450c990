import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseConfigOrThrow } from '../chat/testing/config';
import { mcpTargets } from './mcp-targets';
import { agentRecursionLimit } from './recursion-limit';
import { toolNetworkPolicy } from './tool-network';

afterEach(() => {
  vi.restoreAllMocks();
});

const config = (yaml: string) => parseConfigOrThrow(`version: 1.2.5\n${yaml}`);

describe('agentRecursionLimit', () => {
  it("takes the agent's, else endpoints.agents.recursionLimit, else 25, capped by maxRecursionLimit", () => {
    expect(agentRecursionLimit(null, config(''))).toBe(25);
    expect(agentRecursionLimit(null, config('endpoints:\n  agents:\n    recursionLimit: 40\n'))).toBe(40);
    expect(agentRecursionLimit(7, config('endpoints:\n  agents:\n    recursionLimit: 40\n'))).toBe(7);
    const capped = config('endpoints:\n  agents:\n    recursionLimit: 40\n    maxRecursionLimit: 30\n');
    expect(agentRecursionLimit(null, capped)).toBe(30);
    expect(agentRecursionLimit(500, capped)).toBe(30);
    expect(agentRecursionLimit(0, config(''))).toBe(1);
  });
});

describe('toolNetworkPolicy', () => {
  it('names no private host unless TOOLS_PRIVATE_HOSTS does, and reads the resolver and allowed domains', () => {
    expect(toolNetworkPolicy({}, config(''))).toEqual({ allowedDomains: null, privateHosts: [], dnsResolver: null });
    expect(
      toolNetworkPolicy(
        { TOOLS_PRIVATE_HOSTS: ' 127.0.0.1:8931, LocalHost:80 ', TOOLS_DNS_RESOLVER_URL: 'https://doh.example/q' },
        config('actions:\n  allowedDomains: [api.example.com]\n'),
      ),
    ).toEqual({
      allowedDomains: ['api.example.com'],
      privateHosts: ['127.0.0.1:8931', 'localhost:80'],
      dnsResolver: 'https://doh.example/q',
    });
  });
});

describe('mcpTargets', () => {
  const servers = config(`
mcpServers:
  remote:
    type: streamable-http
    url: https://mcp.example.com/mcp
    timeout: 5000
    headers:
      Authorization: \${MCP_TOKEN}
      X-User: "{{LIBRECHAT_USER_ID}}"
      X-Missing: \${NOT_SET}
  legacy:
    url: https://sse.example.com/sse
  local:
    command: npx
    args: [server]
`);

  it('expands ${ENV} headers and the user id, and leaves out servers a Worker cannot run, with a log line', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const targets = mcpTargets(servers, { MCP_TOKEN: 'Bearer t0k' } as never, 'user-1');
    expect([...targets.keys()]).toEqual(['remote', 'legacy']);
    expect(targets.get('remote')).toEqual({
      name: 'remote',
      transport: 'streamable-http',
      url: 'https://mcp.example.com/mcp',
      headers: { Authorization: 'Bearer t0k', 'X-User': 'user-1' },
      timeoutMs: 5000,
    });
    expect(targets.get('legacy')).toMatchObject({ transport: 'sse', headers: {} });
    expect(warn.mock.calls.join('\n')).toContain('mcp_server_unavailable');
  });

  it('keeps only the servers asked for', () => {
    expect([...mcpTargets(servers, {}, 'u', new Set(['legacy', 'nope'])).keys()]).toEqual(['legacy']);
  });
});
