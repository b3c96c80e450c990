/**
 * `image_gen_oai` (LibreChat's manifest key): makes an image with OpenAI's images API
 * (`POST {base}/images/generations`, the image as `b64_json`), has the Durable Object store it
 * (R2 and a `files` row, as an upload) through the context's `storeImage`, and answers the model
 * a short text while the user sees the image as an `image_file` part under the call.
 * Configured as in LibreChat: IMAGE_GEN_OAI_API_KEY, IMAGE_GEN_OAI_BASEURL (an OpenAI-compatible
 * server), IMAGE_GEN_OAI_MODEL (default gpt-image-1).
 */
import { createGuardedFetch, type OutboundDeps, OutboundRefusedError } from '../net/guarded-fetch';
import { readCappedBody } from '../net/read-capped';
import type { JsonSchemaObject, ToolContext, ToolResult, ToolSpec } from '../types';
import { decodeBase64, sniffImage } from './image-bytes';

export const IMAGE_GEN_OAI_KEY = 'image_gen_oai';
export const IMAGE_GEN_OAI_API_KEY = 'IMAGE_GEN_OAI_API_KEY';
export const IMAGE_GEN_OAI_BASEURL = 'IMAGE_GEN_OAI_BASEURL';
export const IMAGE_GEN_OAI_MODEL = 'IMAGE_GEN_OAI_MODEL';
export const DEFAULT_IMAGE_BASEURL = 'https://api.openai.com/v1';
export const DEFAULT_IMAGE_MODEL = 'gpt-image-1';
/** Image models take a while, the large sizes most. */
export const IMAGE_GEN_TIMEOUT_MS = 180_000;
/** The most of the API's answer read: a large PNG is a few MB, and base64 adds a third. */
export const IMAGE_ANSWER_MAX_BYTES = 32 * 1024 * 1024;

const SIZES = ['auto', '1024x1024', '1536x1024', '1024x1536'] as const;
const QUALITIES = ['auto', 'high', 'medium', 'low'] as const;
const BACKGROUNDS = ['auto', 'transparent', 'opaque'] as const;

const DESCRIPTION =
  'Generates an image from a text description and shows it to the user. Use it when the user asks for a ' +
  'picture, illustration, logo, diagram-like drawing or any other image. The image appears under the call; ' +
  'you only get a confirmation, not the image itself.';

const PARAMETERS: JsonSchemaObject = {
  type: 'object',
  properties: {
    prompt: {
      type: 'string',
      description:
        'A detailed description of the image: subject, composition, style, colours, lighting, and any text it must contain.',
    },
    size: { type: 'string', enum: [...SIZES], description: 'Square, landscape or portrait (default "auto").' },
    quality: { type: 'string', enum: [...QUALITIES], description: 'Higher is slower (default "auto").' },
    background: {
      type: 'string',
      enum: [...BACKGROUNDS],
      description: '"transparent" for a cut-out image such as a logo (default "auto").',
    },
  },
  required: ['prompt'],
};

export function imageGenSpec(credentials: Record<string, string>): ToolSpec {
  return {
    key: IMAGE_GEN_OAI_KEY,
    description: DESCRIPTION,
    parameters: PARAMETERS,
    timeoutMs: IMAGE_GEN_TIMEOUT_MS,
    exec: { kind: 'builtin', name: IMAGE_GEN_OAI_KEY, credentials },
  };
}

const oneOf = <T extends string>(value: unknown, allowed: readonly T[]): T =>
  allowed.find((candidate) => candidate === value) ?? (allowed[0] as T);

/** The request body: gpt-image models always answer base64; older models (dall-e-*) must be asked to. */
function requestBody(model: string, prompt: string, args: Record<string, unknown>): Record<string, unknown> {
  if (!model.startsWith('gpt-image')) return { model, prompt, n: 1, response_format: 'b64_json' };
  return {
    model,
    prompt,
    n: 1,
    size: oneOf(args.size, SIZES),
    quality: oneOf(args.quality, QUALITIES),
    background: oneOf(args.background, BACKGROUNDS),
  };
}

export async function runImageGen(
  credentials: Record<string, string>,
  args: Record<string, unknown>,
  context: ToolContext,
  deps: OutboundDeps,
): Promise<ToolResult> {
  const apiKey = credentials[IMAGE_GEN_OAI_API_KEY];
  if (!apiKey) return { output: `Image generation is not set up: ${IMAGE_GEN_OAI_API_KEY} is missing.`, isError: true };
  const { storeImage } = context;
  if (!storeImage) return { output: 'Images cannot be stored here.', isError: true };
  const prompt = typeof args.prompt === 'string' ? args.prompt.trim() : '';
  if (prompt === '') return { output: 'The image needs a non-empty "prompt" (a string).', isError: true };
  const model = credentials[IMAGE_GEN_OAI_MODEL] || DEFAULT_IMAGE_MODEL;
  const base = (credentials[IMAGE_GEN_OAI_BASEURL] || DEFAULT_IMAGE_BASEURL).replace(/\/+$/, '');
  const fetch = createGuardedFetch(context.network, deps);
  let answer: { status: number; text: string };
  try {
    const response = await fetch(`${base}/images/generations`, {
      method: 'POST',
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(requestBody(model, prompt.slice(0, 32_000), args)),
      signal: context.signal,
    });
    const { bytes, truncated } = await readCappedBody(response, IMAGE_ANSWER_MAX_BYTES);
    if (truncated) return { output: 'The image API answered more than this server reads.', isError: true };
    answer = { status: response.status, text: new TextDecoder().decode(bytes) };
  } catch (error) {
    context.signal.throwIfAborted();
    if (error instanceof OutboundRefusedError) return { output: error.message, isError: true };
    const why = error instanceof Error ? error.message : String(error);
    return { output: `The request to the image API failed: ${why}`, isError: true };
  }
  const json = parseJson(answer.text);
  if (answer.status < 200 || answer.status > 299)
    return { output: `The image API answered HTTP ${answer.status}: ${apiError(json, answer.text)}`, isError: true };
  const first = isObject(json) && Array.isArray(json.data) && isObject(json.data[0]) ? json.data[0] : null;
  const b64 = first && typeof first.b64_json === 'string' ? first.b64_json : null;
  const bytes = b64 === null ? null : decodeBase64(b64);
  const info = bytes ? sniffImage(bytes) : null;
  if (!bytes || !info) return { output: 'The image API answered no image.', isError: true };
  const id = crypto.randomUUID().slice(0, 8);
  const stored = await storeImage({
    bytes,
    type: info.type,
    filename: `image-${id}.${info.extension}`,
    width: info.width,
    height: info.height,
  });
  context.signal.throwIfAborted();
  const revised =
    typeof first?.revised_prompt === 'string' ? `\nThe prompt as the model used it: ${first.revised_prompt}` : '';
  return {
    output:
      'The image was generated and is shown to the user under this call. Do not repeat it, link to it or ' +
      `describe it in detail; mention it briefly if helpful.${revised}`,
    isError: false,
    attachments: [stored],
  };
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** OpenAI's `{error: {message}}`, or the start of whatever else came. */
function apiError(json: unknown, text: string): string {
  const error = isObject(json) ? json.error : undefined;
  if (isObject(error) && typeof error.message === 'string') return error.message;
  return text.slice(0, 300) || 'no details';
}
