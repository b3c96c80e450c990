/** Reading and answering HTTP for the mock provider: request validation, bodies, JSON replies. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { BLOCK_KINDS, FAILURE_STATUSES } from './behaviour';
import { receivedImage, type ReceivedImage } from './images';
import type { MockOpenAIOptions } from './mock-openai-server';

/** Requests bigger than this are refused (the app never sends anything near it). */
export const MAX_BODY_BYTES = 10 * 1024 * 1024;

export interface ChatRequest {
  model: string;
  stream: boolean;
  includeUsage: boolean;
  /** Every message's text, for the usage estimate. */
  promptText: string;
  lastUserText: string;
  /** The images of the last user message: data URLs' media type and decoded size, or `url` for links. */
  lastUserImages: ReceivedImage[];
}

/** Validates the parts of a Chat Completions request the mock uses; a string is the problem. */
export function readChatRequest(body: unknown): ChatRequest | string {
  if (!isRecord(body)) return 'We could not parse the JSON body of your request.';
  const { model, messages, stream, stream_options: streamOptions } = body;
  if (typeof model !== 'string' || model === '') return 'you must provide a model parameter';
  if (!Array.isArray(messages) || messages.length === 0) return "Missing required parameter: 'messages'.";
  const texts = messages.map((message) =>
    isRecord(message) ? { role: message.role, text: contentText(message.content) } : { role: undefined, text: '' },
  );
  const lastUser = [...texts].reverse().find((message) => message.role === 'user');
  const lastUserMessage = [...messages].reverse().find((message) => isRecord(message) && message.role === 'user');
  const lastUserParts =
    isRecord(lastUserMessage) && Array.isArray(lastUserMessage.content) ? lastUserMessage.content : [];
  return {
    model,
    stream: stream === true,
    includeUsage: isRecord(streamOptions) && streamOptions.include_usage === true,
    promptText: texts.map((message) => message.text).join('\n'),
    lastUserText: lastUser?.text ?? '',
    lastUserImages: lastUserParts.flatMap((part) => receivedImage(part) ?? []),
  };
}

/** A message's text: a string, or the text parts of a content array. */
function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((part) => (isRecord(part) && part.type === 'text' && typeof part.text === 'string' ? part.text : ''))
    .filter(Boolean)
    .join('\n');
}

const OPTION_KEYS = [
  'text',
  'reasoning',
  'apiKey',
  'chunks',
  'chunkSize',
  'delayMs',
  'dropAfter',
  'errorAfter',
  'block',
  'fail',
  'models',
  'vision',
] as const;

/** Validates a POST /__mock/options body; null resets an option. A string is the problem. */
export function readOptionsPatch(body: unknown): Partial<MockOpenAIOptions> | string {
  if (!isRecord(body)) return 'Expected a JSON object of options.';
  const patch: Partial<MockOpenAIOptions> = {};
  for (const [name, value] of Object.entries(body)) {
    const key = OPTION_KEYS.find((candidate) => candidate === name);
    if (key === undefined) return `Unknown option: ${name}. Known: ${OPTION_KEYS.join(', ')}.`;
    if (value === null) {
      patch[key] = undefined;
      continue;
    }
    switch (key) {
      case 'text':
      case 'reasoning':
      case 'apiKey':
        if (typeof value !== 'string') return `${key} must be a string.`;
        patch[key] = value;
        break;
      case 'chunks':
      case 'chunkSize':
      case 'delayMs':
      case 'dropAfter':
      case 'errorAfter':
        if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) return `${key} must be a whole number.`;
        patch[key] = value;
        break;
      case 'fail': {
        const status = FAILURE_STATUSES.find((candidate) => candidate === value);
        if (status === undefined) return `fail must be one of ${FAILURE_STATUSES.join(', ')}.`;
        patch.fail = status;
        break;
      }
      case 'block': {
        const kind = BLOCK_KINDS.find((candidate) => candidate === value);
        if (kind === undefined) return `block must be one of ${BLOCK_KINDS.join(', ')}.`;
        patch.block = kind;
        break;
      }
      case 'vision':
        if (typeof value !== 'boolean') return 'vision must be true or false.';
        patch.vision = value;
        break;
      case 'models':
        if (!Array.isArray(value) || !value.every((id): id is string => typeof id === 'string'))
          return 'models must be a list of strings.';
        patch.models = value;
        break;
    }
  }
  return patch;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function parseJson(raw: string): unknown {
  if (raw === '') return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
}

export function flattenHeaders(req: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return headers;
}

/** The body as text, or undefined when it is larger than MAX_BODY_BYTES. */
export async function readBody(req: IncomingMessage): Promise<string | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += buffer.length;
    if (size > MAX_BODY_BYTES) return undefined;
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}
