/**
 * The tools of the mock MCP server: `echo`, `add`, `slow` (waits, stops when cancelled), `fail`
 * (an error result or a JSON-RPC error), `media` (an image and resources), and `hangup` (the
 * server drops the connection instead of answering).
 */

export type ToolOutcome =
  { result: Record<string, unknown> } | { error: { code: number; message: string } } | { hangup: true };

const TOOLS = [
  {
    name: 'echo',
    description: 'Answers with the text it is given.',
    inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
  },
  {
    name: 'add',
    description: 'Adds two numbers.',
    inputSchema: {
      type: 'object',
      properties: { a: { type: 'number' }, b: { type: 'number' } },
      required: ['a', 'b'],
    },
  },
  {
    name: 'slow',
    description: 'Waits before answering (ms, or the server default); stops early when cancelled.',
    inputSchema: { type: 'object', properties: { ms: { type: 'number' } } },
  },
  {
    name: 'fail',
    description: 'Fails: as an error result, or as a JSON-RPC error when mode is "rpc".',
    inputSchema: { type: 'object', properties: { mode: { type: 'string', enum: ['result', 'rpc'] } } },
  },
  {
    name: 'media',
    description: 'Answers with text, an image, an embedded text resource and a resource link.',
    inputSchema: { type: 'object', properties: {} },
  },
  {
    name: 'hangup',
    description: 'Drops the connection instead of answering.',
    inputSchema: { type: 'object', properties: {} },
  },
] as const;

export const MOCK_MCP_TOOL_NAMES = TOOLS.map((tool) => tool.name);

/** A one-pixel PNG, base64. */
const PIXEL_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

/** A page of the tool list; the cursor is the index of the first tool. */
export function listTools(cursor: unknown, pageSize: number | undefined): Record<string, unknown> {
  const start = typeof cursor === 'string' ? Number(cursor) : 0;
  const end = pageSize === undefined ? TOOLS.length : start + pageSize;
  const page = TOOLS.slice(start, end);
  return end < TOOLS.length ? { tools: page, nextCursor: String(end) } : { tools: page };
}

function text(value: string, isError = false): ToolOutcome {
  return { result: { content: [{ type: 'text', text: value }], ...(isError ? { isError: true } : {}) } };
}

function wait(ms: number, signal: AbortSignal): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(true), ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve(false);
    });
  });
}

export async function callTool(
  name: unknown,
  args: Record<string, unknown>,
  slowMs: number,
  signal: AbortSignal,
): Promise<ToolOutcome> {
  switch (name) {
    case 'echo':
      return text(String(args.text ?? ''));
    case 'add':
      return text(String(Number(args.a) + Number(args.b)));
    case 'slow': {
      const ms = typeof args.ms === 'number' ? args.ms : slowMs;
      return (await wait(ms, signal)) ? text(`done after ${ms} ms`) : text('cancelled', true);
    }
    case 'fail':
      return args.mode === 'rpc'
        ? { error: { code: -32603, message: 'the mock tool broke' } }
        : text('the mock tool failed on purpose', true);
    case 'media':
      return {
        result: {
          content: [
            { type: 'text', text: 'a picture follows' },
            { type: 'image', data: PIXEL_PNG, mimeType: 'image/png' },
            { type: 'resource', resource: { uri: 'mock://notes/1', mimeType: 'text/plain', text: 'note one' } },
            { type: 'resource_link', uri: 'mock://files/2', name: 'file two' },
          ],
        },
      };
    case 'hangup':
      return { hangup: true };
    default:
      return { error: { code: -32602, message: `Unknown tool: ${String(name)}` } };
  }
}
