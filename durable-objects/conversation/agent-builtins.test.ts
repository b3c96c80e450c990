import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { builtinToolSpec } from '../../worker/agent-tools/builtins/manifest';
import type { AgentToolSpec } from '../../worker/engine/agent-spec';
import { authHeader, createTestUser } from '../../worker/test/auth-helpers';
import { agentRunSpec, agentSpec, openAIToolTurn, stubAgentNetwork } from '../../worker/test/chat/agent-fixtures';
import { openAIStream, sseResponse } from '../../worker/test/chat/provider-replies';
import { conversationStubFor, savedMessages, startRunRequest } from '../../worker/test/chat/run-fixtures';
import { finalFrame, parseSse, readAll } from '../../worker/test/chat/sse';
import { callApp } from '../../worker/test/helpers';
import {
  IMAGES_BASEURL,
  IMAGES_ORIGIN,
  IMAGES_PRIVATE_HOST,
  imagesHandler,
  TINY_PNG_BASE64,
} from '../../worker/test/mock-tools/image-handler';
import { SEARCH_PRIVATE_HOSTS, TAVILY_ORIGIN, tavilyHandler } from '../../worker/test/mock-tools/search-handlers';
import { withToolOutputs } from './orphan';

afterEach(() => {
  vi.restoreAllMocks();
});

function builtin(key: string, values: Record<string, string>): AgentToolSpec {
  const spec = builtinToolSpec(key, { env: values });
  if (!spec) throw new Error(`${key} cannot run`);
  return { ...spec, wireName: key };
}

const network = {
  allowedDomains: null,
  privateHosts: [IMAGES_PRIVATE_HOST, ...SEARCH_PRIVATE_HOSTS],
  dnsResolver: null,
};

async function savedContent(conversationId: string): Promise<Record<string, unknown>[]> {
  const saved = await savedMessages(conversationId);
  return JSON.parse(saved[1]?.content ?? 'null') as Record<string, unknown>[];
}

describe('ConversationDO: built-in tools', () => {
  it('stores a generated image (R2 and a files row) and shows it as an image_file part after its call', async () => {
    const user = await createTestUser();
    const tool = builtin('image_gen_oai', { IMAGE_GEN_OAI_API_KEY: 'sk-img', IMAGE_GEN_OAI_BASEURL: IMAGES_BASEURL });
    const spec = agentRunSpec(user, agentSpec([tool], { network }));
    const { conversationId } = spec.conversation;
    const net = stubAgentNetwork(
      [
        () => sseResponse(openAIToolTurn('', [{ id: 'call_img', name: 'image_gen_oai', args: '{"prompt":"a fox"}' }])),
        () => sseResponse(openAIStream(['Here is your fox.'])),
      ],
      { [IMAGES_ORIGIN]: imagesHandler('sk-img') },
    );
    const frames = parseSse(await readAll((await conversationStubFor(spec).fetch(...startRunRequest(spec))).body));

    const attachments = frames.filter((frame) => frame.event === 'attachment').map((frame) => frame.data);
    expect(attachments).toHaveLength(1);
    const file = attachments[0] as { file_id: string; filepath: string; filename: string };
    expect(file).toEqual({
      file_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      filename: expect.stringMatching(/^image-[0-9a-f]{8}\.png$/),
      filepath: `/api/files/${user.id}/${file.file_id}`,
      type: 'image/png',
      width: 3,
      height: 2,
      messageId: spec.responseMessageId,
      toolCallId: 'call_img',
      conversationId,
    });

    const imagePart = {
      type: 'image_file',
      image_file: { file_id: file.file_id, filename: file.filename, filepath: file.filepath, width: 3, height: 2 },
    };
    const content = await savedContent(conversationId);
    expect(content.map((part) => part.type)).toEqual(['tool_call', 'image_file', 'text']);
    expect(content[1]).toEqual(imagePart);
    const call = (content[0] as { tool_call: { output: string } }).tool_call;
    expect(call.output).toMatch(/^The image was generated and is shown to the user/);
    expect(finalFrame(frames)).toMatchObject({
      responseMessage: { content: [{ type: 'tool_call' }, imagePart, { type: 'text', text: 'Here is your fox.' }] },
    });
    // The model reads the short text, never the bytes.
    expect(JSON.stringify(net.providerBodies[1])).not.toContain(TINY_PNG_BASE64.slice(0, 24));

    const object = await env.FILES.get(`users/${user.id}/${file.file_id}`);
    expect(new Uint8Array((await object?.arrayBuffer()) ?? new ArrayBuffer(0)).length).toBe(
      atob(TINY_PNG_BASE64).length,
    );
    const row = await env.DB.prepare(
      'SELECT userId, conversationId, context, source, type, width, height FROM files WHERE file_id = ?',
    )
      .bind(file.file_id)
      .first();
    expect(row).toEqual({
      userId: user.id,
      conversationId,
      context: 'image_generation',
      source: 'local',
      type: 'image/png',
      width: 3,
      height: 2,
    });
    // Served to its owner like an upload.
    const served = await callApp(file.filepath, { headers: await authHeader(user) });
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toMatch(/^image\/png/);
  });

  it('carries a search call’s sources on its tool call, streamed and stored', async () => {
    const user = await createTestUser();
    const tool = builtin('tavily_search_results_json', { TAVILY_API_KEY: 'tvly-good' });
    const spec = agentRunSpec(user, agentSpec([tool], { network }));
    stubAgentNetwork(
      [
        () =>
          sseResponse(
            openAIToolTurn('', [
              { id: 'call_s', name: 'tavily_search_results_json', args: '{"query":"workers","max_results":2}' },
            ]),
          ),
        () => sseResponse(openAIStream(['Workers run at the edge [1][2].'])),
      ],
      { [TAVILY_ORIGIN]: tavilyHandler('tvly-good') },
    );
    const frames = parseSse(await readAll((await conversationStubFor(spec).fetch(...startRunRequest(spec))).body));

    const sources = [
      {
        index: 1,
        title: 'workers: an overview',
        url: 'https://en.example.org/wiki/Topic',
        snippet: 'All about workers.',
      },
      {
        index: 2,
        title: 'Latest news',
        url: 'https://news.example.com/story?id=7',
        snippet: 'workers was in the news today.',
      },
    ];
    const completed = frames.find((frame) => frame.data.event === 'on_run_step_completed')?.data.data as {
      result: { tool_call: { sources: unknown } };
    };
    expect(completed.result.tool_call.sources).toEqual(sources);
    const content = await savedContent(spec.conversation.conversationId);
    expect(content[0]).toMatchObject({ type: 'tool_call', tool_call: { progress: 1, sources } });
    expect(content[1]).toEqual({ type: 'text', text: 'Workers run at the edge [1][2].' });
  });

  it('puts journalled sources back on their call when an evicted run is finalised', () => {
    const sources = [{ index: 1, title: 'T', url: 'https://t.example/' }];
    const snapshot = {
      text: '',
      content: [{ type: 'tool_call', tool_call: { id: 'c1', name: 'web_search', args: '{}', type: 'tool_call' } }],
      receivedTextChars: 0,
      promptTokens: 0,
    };
    const step = { seq: 1, kind: 'result' as const, callId: 'c1', partIndex: 0 };
    const data = JSON.stringify({ key: 'web_search', output: '[1] T', isError: false, durationMs: 5, sources });
    expect(withToolOutputs(snapshot, [{ ...step, data }]).content?.[0]).toEqual({
      type: 'tool_call',
      tool_call: { id: 'c1', name: 'web_search', args: '{}', type: 'tool_call', output: '[1] T', progress: 1, sources },
    });
  });
});
