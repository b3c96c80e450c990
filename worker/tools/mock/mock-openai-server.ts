/**
 * A local, OpenAI-compatible provider for the demo and the end-to-end tests. It speaks the
 * Chat Completions wire format exactly (SSE chunks, usage, errors) and can be steered per
 * server (options, setOptions, POST /__mock/options) or per request (directives at the start of
 * the last user message, see ./behaviour.ts). It listens on 127.0.0.1 only.
 *
 *   GET  /v1/models             the configured models, OpenAI's list shape
 *   POST /v1/chat/completions   streaming (SSE) or not
 *   GET  /__mock/requests       what it received (for tests in another process); DELETE clears
 *   POST /__mock/options        merge options into the server's behaviour
 *
 * The same server also speaks Anthropic (POST /v1/messages), Google Gemini
 * (POST /v1beta/models/{model}:streamGenerateContent?alt=sse) and Bedrock ConverseStream
 * (POST /model/{modelId}/converse-stream), each in its own wire format: see ./provider-formats.ts,
 * and the speech APIs of OpenAI, Azure OpenAI, ElevenLabs and LocalAI: see ./speech-wire.ts.
 * All four stream tool calls when the user's message scripts them: see ./tool-script.ts.
 *
 * Standalone: `npx tsx worker/tools/mock/mock-openai-server.ts --port 0 [--api-key k]`.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { describeImages, NO_VISION_ERROR } from './images';
import { defaultReply } from './title-reply';
import { parseDirectives, splitIntoChunks, type MockBehaviour } from './behaviour';
import {
  flattenHeaders,
  isRecord,
  parseJson,
  readBody,
  readChatRequest,
  readOptionsPatch,
  sendJson,
  type ChatRequest,
} from './http';
import { streamToolCalls } from './openai-tool-stream';
import { matchSpeechRoute, serveSpeech } from './speech-wire';
import { matchProviderRoute, serveProviderFormat } from './provider-formats';
import { readToolConversation } from './tool-conversation';
import { planToolTurn, splitToolDirectives } from './tool-script';
import {
  completionId,
  completionOf,
  errorBody,
  missingKeyBody,
  redactKey,
  sseData,
  SYSTEM_FINGERPRINT,
  usageOf,
  type CompletionChunk,
  type Delta,
  type OpenAIError,
} from './openai-wire';

export type { MockBehaviour } from './behaviour';

export interface MockOpenAIOptions extends MockBehaviour {
  /** Port on 127.0.0.1; 0 (the default) lets the OS choose. */
  port?: number;
  /** When set, every /v1 request must carry `Authorization: Bearer <apiKey>`. */
  apiKey?: string;
  /** What GET /v1/models lists. */
  models?: string[];
}

export interface RecordedRequest {
  method: string;
  /** Path and query, e.g. /v1/chat/completions */
  path: string;
  /** Lower-cased header names. */
  headers: Record<string, string>;
  /** The parsed JSON body, or null when there was none (or it was not JSON). */
  body: unknown;
  receivedAt: number;
  /** When the answer's last byte was handed to the connection (unset while it streams). */
  answeredAt?: number;
}

export interface MockOpenAI {
  /** The server's origin, e.g. http://127.0.0.1:41234 */
  url: string;
  /** What an OpenAI client takes as its base URL: `${url}/v1` */
  baseURL: string;
  port: number;
  /** Every /v1 request received, oldest first (a live array). */
  readonly requests: RecordedRequest[];
  /** Merges `patch` into the server's options; a key set to undefined goes back to its default. */
  setOptions(patch: Partial<Omit<MockOpenAIOptions, 'port'>>): void;
  clearRequests(): void;
  close(): Promise<void>;
}

export const DEFAULT_MODELS = ['mock-fast', 'mock-slow'];
/** A fixed creation time for the model list, so answers are stable. */
const MODELS_CREATED_S = 1_700_000_000;

export async function startMockOpenAI(options: MockOpenAIOptions = {}): Promise<MockOpenAI> {
  let current: Omit<MockOpenAIOptions, 'port'> = withoutPort(options);
  const requests: RecordedRequest[] = [];

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) sendJson(res, 500, errorBody(500));
      else res.destroy();
      console.error('[mock-openai]', error);
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const target = req.url ?? '/';
    const pathname = target.split('?')[0] ?? '/';
    const speech = matchSpeechRoute(pathname);
    if (speech) return serveSpeech(speech, req, res, current, (body) => recordRequest(req, res, target, body));
    const raw = await readBody(req);
    if (raw === undefined)
      return sendJson(res, 413, {
        error: { message: 'Request too large.', type: 'invalid_request_error', param: null, code: null },
      });
    const body = parseJson(raw);

    if (pathname.startsWith('/__mock/')) return handleControl(req.method ?? 'GET', pathname, body, res);

    recordRequest(req, res, target, body);
    // Anthropic, Google and Bedrock routes check their own kind of credential, so they go first.
    const providerRoute = matchProviderRoute(pathname);
    if (providerRoute) return serveProviderFormat(providerRoute, req, res, body, current);
    const route = pathname.replace(/^\/v1(?=\/)/, '');

    const authProblem = checkAuth(req.headers.authorization, current.apiKey);
    if (authProblem) return sendJson(res, 401, authProblem);

    if (route === '/models' && req.method === 'GET') {
      if (current.fail !== undefined) return sendJson(res, current.fail, errorBody(current.fail, presentedKey(req)));
      const models = current.models ?? DEFAULT_MODELS;
      return sendJson(res, 200, {
        object: 'list',
        data: models.map((id) => ({ id, object: 'model', created: MODELS_CREATED_S, owned_by: 'mock' })),
      });
    }
    if (route === '/chat/completions') {
      if (req.method !== 'POST')
        return sendJson(res, 405, errorBody(404, `Method ${req.method ?? ''} not allowed on ${pathname}; use POST.`));
      const chat = readChatRequest(body);
      if (typeof chat === 'string')
        return sendJson(res, 400, { error: { message: chat, type: 'invalid_request_error', param: null, code: null } });
      const { script, rest } = splitToolDirectives(chat.lastUserText);
      const directives = parseDirectives(rest);
      const behaviour: MockBehaviour = { ...current, ...directives.behaviour };
      const tools = readToolConversation('openai', isRecord(body) ? body : {});
      const plan = script && planToolTurn(script, tools.declared, tools.roundsDone, tools.outputs);
      if (plan?.kind === 'calls' && chat.stream) return streamToolCalls(res, chat, behaviour, plan.calls);
      if (behaviour.fail !== undefined) {
        if (behaviour.delayMs) await sleep(behaviour.delayMs);
        return sendJson(res, behaviour.fail, errorBody(behaviour.fail, presentedKey(req)));
      }
      if (chat.lastUserImages.length > 0 && behaviour.vision === false) return sendJson(res, 400, NO_VISION_ERROR);
      const reply =
        plan?.kind === 'answer'
          ? plan.text
          : (behaviour.text ?? describeImages(chat.lastUserImages) + defaultReply(directives.rest));
      if (chat.stream) return stream(res, chat, behaviour, reply);
      if (behaviour.delayMs) await sleep(behaviour.delayMs);
      return sendJson(res, 200, completionOf(chat.model, chat.promptText, reply, behaviour.reasoning));
    }
    return sendJson(res, 404, errorBody(404, `Invalid URL (${req.method ?? 'GET'} ${pathname})`));
  }

  function recordRequest(req: IncomingMessage, res: ServerResponse, target: string, body: unknown): void {
    const record: RecordedRequest = {
      method: req.method ?? 'GET',
      path: target,
      headers: flattenHeaders(req),
      body,
      receivedAt: Date.now(),
    };
    requests.push(record);
    res.once('finish', () => {
      record.answeredAt = Date.now();
    });
  }

  function handleControl(method: string, pathname: string, body: unknown, res: ServerResponse): void {
    if (pathname === '/__mock/requests' && method === 'GET') return sendJson(res, 200, { requests });
    if (pathname === '/__mock/requests' && method === 'DELETE') {
      requests.length = 0;
      return sendJson(res, 200, { ok: true });
    }
    if (pathname === '/__mock/options' && method === 'POST') {
      const patch = readOptionsPatch(body);
      if (typeof patch === 'string')
        return sendJson(res, 400, {
          error: { message: patch, type: 'invalid_request_error', param: null, code: null },
        });
      mock.setOptions(patch);
      return sendJson(res, 200, { ok: true });
    }
    return sendJson(res, 404, errorBody(404, `Invalid URL (${method} ${pathname})`));
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ host: '127.0.0.1', port: options.port ?? 0 }, () => resolve());
  });
  const address = server.address();
  if (address === null || typeof address === 'string')
    throw new Error('The mock provider is not listening on a TCP port.');
  const { port } = address;
  const url = `http://127.0.0.1:${port}`;

  const mock: MockOpenAI = {
    url,
    baseURL: `${url}/v1`,
    port,
    requests,
    setOptions(patch) {
      const next: Record<string, unknown> = { ...current };
      for (const [key, value] of Object.entries(patch)) {
        if (key === 'port') continue;
        if (value === undefined) delete next[key];
        else next[key] = value;
      }
      current = next;
    },
    clearRequests() {
      requests.length = 0;
    },
    close() {
      return new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
  return mock;
}

async function stream(res: ServerResponse, chat: ChatRequest, behaviour: MockBehaviour, reply: string): Promise<void> {
  const id = completionId();
  const created = Math.floor(Date.now() / 1000);
  const chunk = (delta: Delta, finish: 'stop' | null = null): CompletionChunk => ({
    id,
    object: 'chat.completion.chunk',
    created,
    model: chat.model,
    service_tier: 'default',
    system_fingerprint: SYSTEM_FINGERPRINT,
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
    ...(chat.includeUsage ? { usage: null } : {}),
  });
  let clientGone = false;
  res.once('close', () => {
    clientGone = !res.writableFinished;
  });
  const pause = async (): Promise<void> => {
    if (behaviour.delayMs) await sleep(behaviour.delayMs);
  };
  let flushed: Promise<void> = Promise.resolve();
  const send = (data: string): void => {
    flushed = new Promise((resolve) => res.write(data, () => resolve()));
  };
  /** Mid-stream failure: once what was sent has left, the connection goes away mid-body. */
  const drop = async (): Promise<void> => {
    await flushed;
    res.socket?.destroy();
  };

  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
    'x-request-id': `req_${id.slice(9)}`,
  });
  send(sseData(chunk({ role: 'assistant', content: '', refusal: null })));

  if (behaviour.reasoning) {
    for (const piece of splitIntoChunks(behaviour.reasoning, behaviour)) {
      await pause();
      if (clientGone) return;
      send(sseData(chunk({ content: null, reasoning_content: piece })));
    }
  }
  let sent = 0;
  for (const piece of splitIntoChunks(reply, behaviour)) {
    await pause();
    if (clientGone) return;
    if (behaviour.dropAfter !== undefined && sent >= behaviour.dropAfter) return drop();
    send(sseData(chunk({ content: piece })));
    sent += 1;
  }
  if (behaviour.dropAfter !== undefined && sent >= behaviour.dropAfter) {
    await pause();
    return drop();
  }
  await pause();
  if (clientGone) return;
  send(sseData(chunk({}, 'stop')));
  if (chat.includeUsage) {
    send(
      sseData({
        id,
        object: 'chat.completion.chunk',
        created,
        model: chat.model,
        service_tier: 'default',
        system_fingerprint: SYSTEM_FINGERPRINT,
        choices: [],
        usage: usageOf(chat.promptText, reply, behaviour.reasoning),
      }),
    );
  }
  send(sseData('[DONE]'));
  res.end();
}

function checkAuth(header: string | undefined, expected: string | undefined): OpenAIError | undefined {
  if (expected === undefined) return undefined;
  if (!header) return missingKeyBody();
  const presented = /^Bearer\s+(.+)$/i.exec(header)?.[1]?.trim() ?? '';
  return presented === expected ? undefined : errorBody(401, redactKey(presented));
}

function presentedKey(req: IncomingMessage): string {
  return redactKey(/^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? '')?.[1]?.trim() ?? 'sk-mock');
}

function withoutPort(options: MockOpenAIOptions): Omit<MockOpenAIOptions, 'port'> {
  const { port: _port, ...rest } = options;
  return rest;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '0' },
      'api-key': { type: 'string' },
      models: { type: 'string' },
      text: { type: 'string' },
      delay: { type: 'string' },
      chunks: { type: 'string' },
      reasoning: { type: 'string' },
    },
  });
  const number = (name: string, text: string | undefined): number | undefined => {
    if (text === undefined) return undefined;
    const value = Number(text);
    if (!Number.isInteger(value) || value < 0) throw new Error(`--${name} must be a whole number, got ${text}`);
    return value;
  };
  const delayMs = number('delay', values.delay);
  const chunks = number('chunks', values.chunks);
  const mock = await startMockOpenAI({
    port: number('port', values.port) ?? 0,
    ...(values['api-key'] === undefined ? {} : { apiKey: values['api-key'] }),
    ...(values.models === undefined
      ? {}
      : {
          models: values.models
            .split(',')
            .map((id) => id.trim())
            .filter(Boolean),
        }),
    ...(values.text === undefined ? {} : { text: values.text }),
    ...(values.reasoning === undefined ? {} : { reasoning: values.reasoning }),
    ...(delayMs === undefined ? {} : { delayMs }),
    ...(chunks === undefined ? {} : { chunks }),
  });
  console.log(`Mock OpenAI-compatible provider listening on ${mock.baseURL}  (Ctrl-C to stop)`);
  console.log(
    `  also Anthropic (base URL ${mock.url}), Google (base URL ${mock.url}) and Bedrock (endpoint ${mock.url})`,
  );
  const stop = (): void => {
    void mock.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

const script = process.argv[1];
if (
  script !== undefined &&
  path.resolve(script).replace(/\.[cm]?[jt]s$/, '') === fileURLToPath(import.meta.url).replace(/\.[cm]?[jt]s$/, '')
) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  });
}
