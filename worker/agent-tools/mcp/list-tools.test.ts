import { describe, expect, it } from 'vitest';
import { McpClient } from './client';
import { MAX_ANSWER_BYTES } from './transport';
import { McpError, type McpServerTarget } from './types';

const TARGET: McpServerTarget = {
  name: 'odd',
  transport: 'streamable-http',
  url: 'https://odd.example/mcp',
  headers: {},
};

/** A streamable HTTP server that initialises normally and answers every other request with `answer`. */
function oddServer(answer: (method: string, params: Record<string, unknown>) => unknown): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const body = (await request.json()) as { id?: number; method: string; params?: Record<string, unknown> };
    if (body.id === undefined) return new Response(null, { status: 202 });
    const result =
      body.method === 'initialize'
        ? { protocolVersion: '2025-06-18', capabilities: {} }
        : answer(body.method, body.params ?? {});
    return Response.json({ jsonrpc: '2.0', id: body.id, result });
  };
}

describe('listing tools from a server that misbehaves', () => {
  it('stops following a cursor that never ends', async () => {
    let pages = 0;
    const fetch = oddServer(() => {
      pages++;
      return { tools: [{ name: `tool${pages}` }], nextCursor: 'again' };
    });
    const client = await McpClient.connect(TARGET, { fetch });
    const tools = await client.listTools();
    expect(pages).toBe(50);
    expect(tools).toHaveLength(50);
    // A tool without description or schema still gets both, so the model can be given it.
    expect(tools[0]).toEqual({ name: 'tool1', description: '', inputSchema: { type: 'object', properties: {} } });
  });

  it('skips entries that are not tools, and refuses a list that is not one', async () => {
    const good = await McpClient.connect(TARGET, {
      fetch: oddServer(() => ({ tools: [{ name: 'ok' }, { nope: true }, 'junk'] })),
    });
    expect((await good.listTools()).map((tool) => tool.name)).toEqual(['ok']);
    const bad = await McpClient.connect(TARGET, { fetch: oddServer(() => ({ tools: 'none' })) });
    await expect(bad.listTools()).rejects.toThrow(
      new McpError('protocol', 'MCP server "odd" sent an unusable answer: its tool list is not a list'),
    );
  });

  it('refuses an answer larger than the limit instead of holding it in memory', async () => {
    const client = await McpClient.connect(TARGET, {
      fetch: oddServer(() => ({ content: [{ type: 'text', text: 'x'.repeat(MAX_ANSWER_BYTES) }] })),
    });
    const result = await client.callTool('huge', {});
    expect(result).toMatchObject({ isError: true, errorKind: 'protocol' });
    expect(result.text).toBe(
      `MCP server "odd" sent an unusable answer: the answer is larger than ${MAX_ANSWER_BYTES} bytes`,
    );
  });
});
