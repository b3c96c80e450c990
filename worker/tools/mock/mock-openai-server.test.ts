import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseDirectives, splitIntoChunks } from './behaviour';
import { startMockOpenAI, type MockOpenAI, type MockOpenAIOptions } from './mock-openai-server';

let mock: MockOpenAI;

async function start(options: MockOpenAIOptions = {}): Promise<MockOpenAI> {
  mock = await startMockOpenAI(options);
  return mock;
}

afterEach(async () => {
  await mock.close();
});

function chat(body: Record<string, unknown>, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${mock.baseURL}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ model: 'mock-fast', ...body }),
  });
}

const user = (content: string) => [{ role: 'user', content }];

/** The `data:` payloads of an SSE body, parsed (except the final [DONE] marker). */
function dataLines(text: string): string[] {
  return text
    .split('\n\n')
    .filter((event) => event.length > 0)
    .map((event) => {
      expect(event.startsWith('data: ')).toBe(true);
      return event.slice('data: '.length);
    });
}

interface Chunk {
  id: string;
  object: string;
  created: number;
  model: string;
  choices: Array<{ index: number; delta: Record<string, unknown>; finish_reason: string | null }>;
  usage?: { prompt_tokens: number; completion_tokens: number; total_tokens: number } | null;
}

function parseChunks(text: string): { chunks: Chunk[]; done: boolean } {
  const lines = dataLines(text);
  const done = lines.at(-1) === '[DONE]';
  return { chunks: lines.filter((line) => line !== '[DONE]').map((line) => JSON.parse(line) as Chunk), done };
}

function contentOf(chunks: Chunk[]): string {
  return chunks.map((chunk) => chunk.choices[0]?.delta.content ?? '').join('');
}

describe('GET /v1/models', () => {
  it('lists the configured models in OpenAI list shape', async () => {
    await start({ models: ['a', 'b'] });
    const res = await fetch(`${mock.baseURL}/models`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      object: 'list',
      data: [
        { id: 'a', object: 'model', created: expect.any(Number), owned_by: 'mock' },
        { id: 'b', object: 'model', created: expect.any(Number), owned_by: 'mock' },
      ],
    });
  });

  it('lists mock-fast and mock-slow by default and binds loopback only', async () => {
    await start();
    expect(mock.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(mock.port).toBeGreaterThan(0);
    const body = (await (await fetch(`${mock.baseURL}/models`)).json()) as { data: Array<{ id: string }> };
    expect(body.data.map((model) => model.id)).toEqual(['mock-fast', 'mock-slow']);
  });
});

describe('POST /v1/chat/completions, streaming', () => {
  it('streams OpenAI chunks: a role chunk, content deltas, a stop chunk, then [DONE]', async () => {
    await start();
    const res = await chat({ stream: true, messages: user('hello there') });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    const { chunks, done } = parseChunks(await res.text());
    expect(done).toBe(true);

    const [first, ...rest] = chunks;
    expect(first).toMatchObject({
      id: expect.stringMatching(/^chatcmpl-[A-Za-z0-9]{29}$/),
      object: 'chat.completion.chunk',
      created: expect.any(Number),
      model: 'mock-fast',
      choices: [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }],
    });
    expect(new Set(chunks.map((chunk) => chunk.id)).size).toBe(1);
    expect(chunks.every((chunk) => !('usage' in chunk))).toBe(true);
    const last = rest.at(-1);
    expect(last?.choices).toEqual([{ index: 0, delta: {}, logprobs: null, finish_reason: 'stop' }]);
    expect(rest.slice(0, -1).every((chunk) => chunk.choices[0]?.finish_reason === null)).toBe(true);
    expect(contentOf(chunks)).toBe('You said: hello there');
  });

  it('sends usage: null on every chunk and a final usage chunk when stream_options.include_usage is set', async () => {
    await start({ text: 'abcdefgh' });
    const res = await chat({ stream: true, stream_options: { include_usage: true }, messages: user('x') });
    const { chunks, done } = parseChunks(await res.text());
    expect(done).toBe(true);
    const usageChunk = chunks.at(-1);
    expect(usageChunk?.choices).toEqual([]);
    expect(usageChunk?.usage).toMatchObject({ prompt_tokens: 1, completion_tokens: 2, total_tokens: 3 });
    expect(chunks.slice(0, -1).every((chunk) => chunk.usage === null)).toBe(true);
  });

  it('splits the reply into the number of chunks asked for', async () => {
    await start({ text: 'one two three four', chunks: 3 });
    const { chunks } = parseChunks(await (await chat({ stream: true, messages: user('x') })).text());
    const contentChunks = chunks.filter(
      (chunk) => typeof chunk.choices[0]?.delta.content === 'string' && chunk.choices[0].delta.content !== '',
    );
    expect(contentChunks).toHaveLength(3);
    expect(contentOf(chunks)).toBe('one two three four');
  });

  it('sends reasoning_content deltas before the content when reasoning is set', async () => {
    await start();
    const res = await chat({ stream: true, messages: user('[mock:reasoning=Let me think.][mock:text=Done.] go') });
    const { chunks } = parseChunks(await res.text());
    const deltas = chunks.map((chunk) => chunk.choices[0]?.delta ?? {});
    const firstContent = deltas.findIndex((delta) => typeof delta.content === 'string' && delta.content !== '');
    const reasoning = deltas.filter((delta) => typeof delta.reasoning_content === 'string');
    expect(reasoning.map((delta) => delta.reasoning_content).join('')).toBe('Let me think.');
    expect(reasoning.every((delta) => delta.content === null)).toBe(true);
    expect(deltas.findIndex((delta) => 'reasoning_content' in delta)).toBeLessThan(firstContent);
    expect(contentOf(chunks)).toBe('Done.');
  });

  it('waits delayMs between chunks', async () => {
    await start({ text: 'abcd', chunkSize: 1, delayMs: 40 });
    const started = Date.now();
    await (await chat({ stream: true, messages: user('x') })).text();
    // 4 content chunks + the stop chunk, each after a pause.
    expect(Date.now() - started).toBeGreaterThanOrEqual(5 * 40 - 10);
  });

  it('drops the connection mid-stream after N content chunks', async () => {
    await start({ text: 'abcdefghijkl', chunkSize: 2 });
    const res = await chat({ stream: true, messages: user('[mock:drop-after=2] hi') });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let received = '';
    const failure = await (async () => {
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) return undefined;
          received += decoder.decode(value, { stream: true });
        }
      } catch (error) {
        return error;
      }
    })();
    expect(failure).toBeInstanceOf(Error);
    expect(received).not.toContain('[DONE]');
    const { chunks } = parseChunks(received);
    expect(contentOf(chunks)).toBe('abcd');
  });
});

describe('POST /v1/chat/completions, not streaming', () => {
  it('answers a chat.completion with usage', async () => {
    await start();
    const res = await chat({ messages: [{ role: 'system', content: 'Be brief.' }, ...user('ping')] });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      id: expect.stringMatching(/^chatcmpl-/),
      object: 'chat.completion',
      model: 'mock-fast',
      choices: [{ index: 0, message: { role: 'assistant', content: 'You said: ping' }, finish_reason: 'stop' }],
      usage: { prompt_tokens: expect.any(Number), completion_tokens: 4, total_tokens: expect.any(Number) },
    });
  });

  it('reads the text parts of a content array', async () => {
    await start();
    const res = await chat({
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'from parts' },
            { type: 'image_url', image_url: { url: 'x' } },
          ],
        },
      ],
    });
    const body = (await res.json()) as { choices: Array<{ message: { content: string } }> };
    expect(body.choices[0]?.message.content).toBe('Images received: 1 (url 0 bytes). You said: from parts');
  });

  it('describes the images of the last user message: count, media type, bytes', async () => {
    await start();
    const image = (bytes: number, type: string) => ({
      type: 'image_url',
      image_url: { url: `data:${type};base64,${Buffer.alloc(bytes, 7).toString('base64')}`, detail: 'low' },
    });
    const res = await chat({
      messages: [
        { role: 'user', content: [{ type: 'text', text: 'old' }, image(5, 'image/gif')] },
        { role: 'assistant', content: 'ok' },
        { role: 'user', content: [{ type: 'text', text: 'these' }, image(68, 'image/png'), image(1000, 'image/jpeg')] },
      ],
    });
    const body = (await res.json()) as { choices: Array<{ message: { content: string } }> };
    expect(body.choices[0]?.message.content).toBe(
      'Images received: 2 (image/png 68 bytes, image/jpeg 1000 bytes). You said: these',
    );
  });

  it('acts as a model without vision when told: a prompt with images is refused', async () => {
    await start();
    const withImage = (text: string) => [
      {
        role: 'user',
        content: [
          { type: 'text', text },
          { type: 'image_url', image_url: { url: 'data:image/png;base64,AA==' } },
        ],
      },
    ];
    const refused = await chat({ messages: withImage('[mock:vision=off] look') });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ error: { type: 'invalid_request_error' } });
    mock.setOptions({ vision: false });
    expect((await chat({ messages: withImage('look') })).status).toBe(400);
    expect((await chat({ messages: user('text only is fine') })).status).toBe(200);
  });

  it('answers 400 when the request has no messages', async () => {
    await start();
    const res = await chat({ messages: [] });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { type: 'invalid_request_error' } });
  });
});

describe('failure modes', () => {
  it.each([
    [401, 'invalid_request_error', 'invalid_api_key'],
    [429, 'insufficient_quota', 'insufficient_quota'],
    [400, 'invalid_request_error', 'context_length_exceeded'],
    [500, 'server_error', null],
  ] as const)('[mock:fail=%i] answers with OpenAI error JSON of type %s', async (status, type, code) => {
    await start();
    const res = await chat({ stream: true, messages: user(`[mock:fail=${status}] hi`) });
    expect(res.status).toBe(status);
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(await res.json()).toEqual({
      error: { message: expect.any(String), type, param: status === 400 ? 'messages' : null, code },
    });
  });

  it('fails every request while a server-level failure is set, until it is cleared', async () => {
    await start();
    mock.setOptions({ fail: 429 });
    expect((await chat({ messages: user('hi') })).status).toBe(429);
    mock.setOptions({ fail: undefined });
    expect((await chat({ messages: user('hi') })).status).toBe(200);
  });
});

describe('API key check', () => {
  beforeEach(async () => {
    await start({ apiKey: 'sk-right-key-1234' });
  });

  it('accepts the expected bearer key', async () => {
    const res = await chat({ messages: user('hi') }, { authorization: 'Bearer sk-right-key-1234' });
    expect(res.status).toBe(200);
  });

  it('answers 401 invalid_api_key for a wrong key, without echoing the key', async () => {
    const res = await chat({ messages: user('hi') }, { authorization: 'Bearer sk-wrong-key-9999' });
    expect(res.status).toBe(401);
    const body = (await res.json()) as { error: { message: string; code: string } };
    expect(body.error.code).toBe('invalid_api_key');
    expect(body.error.message).not.toContain('sk-wrong-key-9999');
  });

  it('answers 401 when no key is sent, also for the model list', async () => {
    expect((await chat({ messages: user('hi') })).status).toBe(401);
    expect((await fetch(`${mock.baseURL}/models`)).status).toBe(401);
  });
});

describe('request recording and control endpoints', () => {
  it('records what it received, including headers and the parsed body', async () => {
    await start();
    await chat({ messages: user('recorded') }, { authorization: 'Bearer k' });
    expect(mock.requests).toHaveLength(1);
    expect(mock.requests[0]).toMatchObject({
      method: 'POST',
      path: '/v1/chat/completions',
      headers: { authorization: 'Bearer k' },
      body: { model: 'mock-fast', messages: user('recorded') },
    });
    const remote = (await (await fetch(`${mock.url}/__mock/requests`)).json()) as { requests: unknown[] };
    expect(remote.requests).toHaveLength(1);
    await fetch(`${mock.url}/__mock/requests`, { method: 'DELETE' });
    expect(mock.requests).toHaveLength(0);
  });

  it('takes options over HTTP for tests running in another process', async () => {
    await start();
    const set = await fetch(`${mock.url}/__mock/options`, {
      method: 'POST',
      body: JSON.stringify({ text: 'Steered.' }),
    });
    expect(set.status).toBe(200);
    const body = (await (await chat({ messages: user('hi') })).json()) as {
      choices: Array<{ message: { content: string } }>;
    };
    expect(body.choices[0]?.message.content).toBe('Steered.');
    const bad = await fetch(`${mock.url}/__mock/options`, { method: 'POST', body: JSON.stringify({ fail: 418 }) });
    expect(bad.status).toBe(400);
  });

  it('answers unknown paths with 404 in OpenAI error shape', async () => {
    await start();
    const res = await fetch(`${mock.baseURL}/embeddings`, { method: 'POST', body: '{}' });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: { message: 'Invalid URL (POST /v1/embeddings)' } });
  });
});

describe('directives', () => {
  it('reads several leading directives and leaves the rest of the message', () => {
    expect(parseDirectives('[mock:delay=50] [mock:drop-after=3][mock:text=Hi there] question')).toEqual({
      behaviour: { delayMs: 50, dropAfter: 3, text: 'Hi there' },
      rest: 'question',
      unknown: [],
    });
  });

  it('ignores directives that are not at the start, and reports unknown ones', () => {
    expect(parseDirectives('ask [mock:fail=401]').behaviour).toEqual({});
    expect(parseDirectives('[mock:fail=418][mock:colour=red] x')).toEqual({
      behaviour: {},
      rest: 'x',
      unknown: ['fail=418', 'colour=red'],
    });
  });

  it('splits text into exactly N chunks, or fixed-size chunks', () => {
    expect(splitIntoChunks('abcdefghij', { chunks: 3 })).toEqual(['abc', 'defg', 'hij']);
    expect(splitIntoChunks('abcdefghij', { chunkSize: 4 })).toEqual(['abcd', 'efgh', 'ij']);
    expect(splitIntoChunks('ab', { chunks: 5 })).toEqual(['a', 'b']);
    expect(splitIntoChunks('', {})).toEqual(['']);
  });
});
