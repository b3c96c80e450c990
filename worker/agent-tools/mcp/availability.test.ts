import { describe, expect, it } from 'vitest';
import { mcpServerAvailability, STDIO_UNAVAILABLE } from './availability';

describe('which configured MCP servers can be used', () => {
  it('reports stdio servers unavailable with the reason, and keeps the others', () => {
    const report = mcpServerAvailability({
      files: { type: 'stdio' },
      live: { type: 'websocket', url: 'wss://ws.example/mcp' },
      docs: {
        type: 'streamable-http',
        url: 'https://docs.example/mcp',
        headers: { authorization: 'Bearer resolved' },
        timeout: 5_000,
        initTimeout: 2_000,
      },
      legacy: { type: 'sse', url: 'https://old.example/sse' },
    });
    expect(report).toEqual([
      { name: 'files', available: false, reason: 'stdio servers cannot run on Cloudflare Workers' },
      {
        name: 'live',
        available: true,
        target: { name: 'live', transport: 'websocket', url: 'wss://ws.example/mcp', headers: {} },
      },
      {
        name: 'docs',
        available: true,
        target: {
          name: 'docs',
          transport: 'streamable-http',
          url: 'https://docs.example/mcp',
          headers: { authorization: 'Bearer resolved' },
          timeoutMs: 5_000,
          initTimeoutMs: 2_000,
        },
      },
      {
        name: 'legacy',
        available: true,
        target: { name: 'legacy', transport: 'sse', url: 'https://old.example/sse', headers: {} },
      },
    ]);
    expect(report[0]).toMatchObject({ reason: STDIO_UNAVAILABLE });
  });

  it('reads a zero timeout as unset, and a server without a url as unavailable', () => {
    const [zero, noUrl] = mcpServerAvailability({
      zero: { type: 'sse', url: 'https://a.example/sse', timeout: 0, initTimeout: 0 },
      noUrl: { type: 'streamable-http' },
    });
    expect(zero).toMatchObject({ available: true, target: { name: 'zero' } });
    expect(zero && 'target' in zero ? zero.target : undefined).not.toHaveProperty('timeoutMs');
    expect(noUrl).toEqual({ name: 'noUrl', available: false, reason: 'no url is configured' });
  });
});
