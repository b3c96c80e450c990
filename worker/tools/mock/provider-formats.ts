/**
 * The Anthropic, Google and Bedrock faces of the mock provider, served by the same process as
 * the OpenAI one and told apart by path:
 *
 *   POST /v1/messages                                        Anthropic Messages API (SSE, or JSON without stream)
 *   POST /v1beta/models/{model}:streamGenerateContent?alt=sse Gemini
 *   POST /model/{modelId}/converse-stream                    Bedrock ConverseStream (binary event stream)
 *
 * Each checks its provider's credential when the server has an `apiKey` (x-api-key;
 * x-goog-api-key or ?key=; the SigV4 access key id in Authorization), reads the directives of
 * the last user message, and plays the reply through its wire renderer: text, or a turn of tool
 * calls when the message scripts them (./tool-script.ts).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { errorDocument as anthropicErrorDocument, anthropicRenderer, messageId } from './anthropic-wire';
import { defaultReply } from './title-reply';
import { parseDirectives, type FailureStatus, type MockBehaviour } from './behaviour';
import { bedrockRenderer, errorFor as bedrockErrorFor, errorTypeHeader } from './bedrock-wire';
import { errorDocument as googleErrorDocument, googleRenderer } from './google-wire';
import { isRecord, sendJson } from './http';
import type { MockOpenAIOptions } from './mock-openai-server';
import { estimateTokens } from './openai-wire';
import { playReply, type WireRenderer } from './reply-player';
import { readToolConversation } from './tool-conversation';
import { planToolTurn, splitToolDirectives } from './tool-script';

export type ProviderFormat = 'anthropic' | 'google' | 'bedrock';

export interface ProviderRoute {
  format: ProviderFormat;
  /** From the path for Google and Bedrock; Anthropic names it in the body. */
  model?: string;
}

const GOOGLE_PATH = /^\/v1(?:beta)?\/models\/([^/:]+):streamGenerateContent$/;
const BEDROCK_PATH = /^\/model\/([^/]+)\/converse-stream$/;

/** Which provider format a request is for, or undefined for the OpenAI routes. */
export function matchProviderRoute(pathname: string): ProviderRoute | undefined {
  if (pathname === '/v1/messages') return { format: 'anthropic' };
  const google = GOOGLE_PATH.exec(pathname);
  if (google?.[1]) return { format: 'google', model: decodeURIComponent(google[1]) };
  const bedrock = BEDROCK_PATH.exec(pathname);
  if (bedrock?.[1]) return { format: 'bedrock', model: decodeURIComponent(bedrock[1]) };
  return undefined;
}

interface ParsedChat {
  model: string;
  stream: boolean;
  promptText: string;
  lastUserText: string;
  /** Gemini only sends thought parts when the request asks for them. */
  includeThoughts: boolean;
  /** Claude's extended thinking is on (Anthropic `thinking`, Bedrock's additional fields). */
  thinking: boolean;
}

export async function serveProviderFormat(
  route: ProviderRoute,
  req: IncomingMessage,
  res: ServerResponse,
  body: unknown,
  options: Omit<MockOpenAIOptions, 'port'>,
): Promise<void> {
  const fail = (status: FailureStatus | 404, detail?: string): void => sendFailure(res, route.format, status, detail);
  if (req.method !== 'POST') return fail(404, `Method ${req.method ?? ''} not allowed; use POST.`);
  if (options.apiKey !== undefined && !credentialMatches(route.format, req, options.apiKey)) return fail(401);

  const chat = parseChat(route, body);
  if (typeof chat === 'string') return fail(400, chat);
  const { script, rest } = splitToolDirectives(chat.lastUserText);
  const directives = parseDirectives(rest);
  const tools = readToolConversation(route.format, isRecord(body) ? body : {});
  if (tools.refusal !== undefined) return fail(400, tools.refusal);
  const plan = script && planToolTurn(script, tools.declared, tools.roundsDone, tools.outputs);
  const toolCalls = plan?.kind === 'calls' ? plan.calls : undefined;
  const behaviour: MockBehaviour = { ...options, ...directives.behaviour };
  // Claude thinking always thinks before it calls tools, and a follow-up must echo that thinking.
  if (toolCalls && chat.thinking) behaviour.reasoning ??= 'Choosing the tools to call.';
  const reply = plan?.kind === 'answer' ? plan.text : (behaviour.text ?? defaultReply(directives.rest));
  if (behaviour.fail !== undefined) {
    if (behaviour.delayMs) await sleep(behaviour.delayMs);
    return fail(behaviour.fail);
  }
  if (route.format === 'anthropic' && !chat.stream) return sendAnthropicMessage(res, chat, reply, behaviour);

  const renderer: WireRenderer =
    route.format === 'anthropic'
      ? anthropicRenderer(chat.model)
      : route.format === 'google'
        ? googleRenderer(chat.model, chat.includeThoughts)
        : bedrockRenderer();
  const extraHeaders: Record<string, string> =
    route.format === 'bedrock'
      ? { 'x-amzn-requestid': crypto.randomUUID() }
      : route.format === 'anthropic'
        ? { 'request-id': `req_${messageId().slice(6)}` }
        : {};
  return playReply(res, renderer, {
    behaviour,
    reply,
    promptText: chat.promptText,
    extraHeaders,
    ...(toolCalls ? { toolCalls } : {}),
  });
}

function credentialMatches(format: ProviderFormat, req: IncomingMessage, apiKey: string): boolean {
  const header = (name: string): string => {
    const value = req.headers[name];
    return Array.isArray(value) ? (value[0] ?? '') : (value ?? '');
  };
  switch (format) {
    case 'anthropic':
      return header('x-api-key') === apiKey;
    case 'google':
      return (
        header('x-goog-api-key') === apiKey || new URL(req.url ?? '/', 'http://mock').searchParams.get('key') === apiKey
      );
    case 'bedrock':
      // The access key id is checked; the signature itself is the client library's business.
      return new RegExp(`^AWS4-HMAC-SHA256 Credential=${apiKey.replace(/[^A-Za-z0-9]/g, '\\$&')}/`).test(
        header('authorization'),
      );
  }
}

/** The provider's own validation message, as a string, when the body is not a usable request. */
function parseChat(route: ProviderRoute, body: unknown): ParsedChat | string {
  if (!isRecord(body)) return 'The request body is not valid JSON.';
  const list = route.format === 'google' ? body.contents : body.messages;
  const field = route.format === 'google' ? 'contents' : 'messages';
  if (!Array.isArray(list) || list.length === 0) return `${field}: at least one message is required`;
  const messages = list.map((message) =>
    isRecord(message)
      ? { role: message.role, text: textOf(route.format === 'google' ? message.parts : message.content) }
      : { role: undefined, text: '' },
  );
  const model = route.model ?? body.model;
  if (typeof model !== 'string' || model === '') return 'model: Field required';
  if (route.format === 'anthropic' && typeof body.max_tokens !== 'number') return 'max_tokens: Field required';
  const system =
    route.format === 'google'
      ? isRecord(body.systemInstruction)
        ? textOf(body.systemInstruction.parts)
        : ''
      : textOf(body.system);
  const config = isRecord(body.generationConfig) ? body.generationConfig : {};
  const extra = isRecord(body.additionalModelRequestFields) ? body.additionalModelRequestFields : {};
  const thinking = route.format === 'anthropic' ? body.thinking : extra.thinking;
  return {
    model,
    stream: route.format !== 'anthropic' || body.stream === true,
    promptText: [system, ...messages.map((message) => message.text)].filter(Boolean).join('\n'),
    // A user turn of tool results has no text: the directives are in the message the user wrote.
    lastUserText: [...messages].reverse().find((message) => message.role === 'user' && message.text !== '')?.text ?? '',
    includeThoughts: isRecord(config.thinkingConfig) && config.thinkingConfig.includeThoughts === true,
    thinking: isRecord(thinking) && thinking.type === 'enabled',
  };
}

/** The text of a string, or of the text items of a content list (Anthropic blocks, Gemini parts, Converse blocks). */
function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((item) =>
      isRecord(item) && typeof item.text === 'string' && (item.type === undefined || item.type === 'text')
        ? item.text
        : '',
    )
    .filter(Boolean)
    .join('\n');
}

function sendFailure(res: ServerResponse, format: ProviderFormat, status: FailureStatus | 404, detail?: string): void {
  if (format === 'anthropic') return sendJson(res, status, anthropicErrorDocument(status, detail));
  if (format === 'google') {
    const answer = googleErrorDocument(status, detail);
    return sendJson(res, answer.status, answer.body);
  }
  const error = bedrockErrorFor(status);
  const text = JSON.stringify({ message: status === 400 && detail ? detail : error.message });
  res.writeHead(error.status, {
    'content-type': 'application/json',
    'x-amzn-errortype': errorTypeHeader(error.type),
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}

/** Anthropic without `stream: true` (title generation, for instance): one Message document. */
async function sendAnthropicMessage(
  res: ServerResponse,
  chat: ParsedChat,
  reply: string,
  behaviour: MockBehaviour,
): Promise<void> {
  if (behaviour.delayMs) await sleep(behaviour.delayMs);
  const thinking = behaviour.reasoning
    ? [{ type: 'thinking', thinking: behaviour.reasoning, signature: 'mock-signature' }]
    : [];
  sendJson(res, 200, {
    id: messageId(),
    type: 'message',
    role: 'assistant',
    model: chat.model,
    content: [...thinking, { type: 'text', text: reply }],
    stop_reason: 'end_turn',
    stop_sequence: null,
    usage: {
      input_tokens: estimateTokens(chat.promptText),
      cache_creation_input_tokens: 0,
      cache_read_input_tokens: 0,
      output_tokens: estimateTokens(reply) + estimateTokens(behaviour.reasoning ?? ''),
    },
  });
}
