/**
 * OpenAI Chat Completions wire shapes, field for field as api.openai.com sends them (and as
 * DeepSeek-style providers add `reasoning_content`), so the app's OpenAI client is exercised
 * against the real format.
 */
import { randomBytes } from 'node:crypto';
import type { FailureStatus } from './behaviour';

export const SYSTEM_FINGERPRINT = 'fp_mock0000';

export interface Usage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
  prompt_tokens_details: { cached_tokens: number; audio_tokens: number };
  completion_tokens_details: {
    reasoning_tokens: number;
    audio_tokens: number;
    accepted_prediction_tokens: number;
    rejected_prediction_tokens: number;
  };
}

export type Delta =
  | { role: 'assistant'; content: string; refusal: null }
  | { content: null; reasoning_content: string }
  | { content: string }
  | Record<string, never>;

export interface ChunkChoice {
  index: 0;
  delta: Delta;
  logprobs: null;
  finish_reason: 'stop' | null;
}

export interface CompletionChunk {
  id: string;
  object: 'chat.completion.chunk';
  created: number;
  model: string;
  service_tier: 'default';
  system_fingerprint: string;
  choices: ChunkChoice[];
  /** Present (null until the last chunk) only when `stream_options.include_usage` is true. */
  usage?: Usage | null;
}

export interface Completion {
  id: string;
  object: 'chat.completion';
  created: number;
  model: string;
  choices: Array<{
    index: 0;
    message: { role: 'assistant'; content: string; refusal: null; annotations: []; reasoning_content?: string };
    logprobs: null;
    finish_reason: 'stop';
  }>;
  usage: Usage;
  service_tier: 'default';
  system_fingerprint: string;
}

export interface OpenAIError {
  error: { message: string; type: string; param: string | null; code: string | null };
}

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** `chatcmpl-` followed by 29 random letters and digits, like OpenAI's ids. */
export function completionId(): string {
  return `chatcmpl-${Array.from(randomBytes(29), (byte) => ID_ALPHABET[byte % ID_ALPHABET.length]).join('')}`;
}

/** A rough token count (about 4 characters per token), enough for usage accounting tests. */
export function estimateTokens(text: string): number {
  return text.length === 0 ? 0 : Math.ceil(text.length / 4);
}

export function usageOf(promptText: string, replyText: string, reasoningText = ''): Usage {
  const prompt = estimateTokens(promptText);
  const reasoning = estimateTokens(reasoningText);
  const completion = estimateTokens(replyText) + reasoning;
  return {
    prompt_tokens: prompt,
    completion_tokens: completion,
    total_tokens: prompt + completion,
    prompt_tokens_details: { cached_tokens: 0, audio_tokens: 0 },
    completion_tokens_details: {
      reasoning_tokens: reasoning,
      audio_tokens: 0,
      accepted_prediction_tokens: 0,
      rejected_prediction_tokens: 0,
    },
  };
}

/** A whole (non-streamed) answer. */
export function completionOf(model: string, promptText: string, reply: string, reasoning?: string): Completion {
  return {
    id: completionId(),
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content: reply,
          refusal: null,
          annotations: [],
          ...(reasoning ? { reasoning_content: reasoning } : {}),
        },
        logprobs: null,
        finish_reason: 'stop',
      },
    ],
    usage: usageOf(promptText, reply, reasoning),
    service_tier: 'default',
    system_fingerprint: SYSTEM_FINGERPRINT,
  };
}

/** One `data:` line of a stream, with the blank line that ends the event. */
export function sseData(payload: CompletionChunk | '[DONE]'): string {
  return `data: ${typeof payload === 'string' ? payload : JSON.stringify(payload)}\n\n`;
}

/** The errors OpenAI answers with, by status. */
export function errorBody(status: FailureStatus | 404, detail?: string): OpenAIError {
  switch (status) {
    case 401:
      return {
        error: {
          message: `Incorrect API key provided: ${detail ?? 'sk-mock'}. You can find your API key at https://platform.openai.com/account/api-keys.`,
          type: 'invalid_request_error',
          param: null,
          code: 'invalid_api_key',
        },
      };
    case 429:
      return {
        error: {
          message:
            'You exceeded your current quota, please check your plan and billing details. For more information on this error, read the docs: https://platform.openai.com/docs/guides/error-codes/api-errors.',
          type: 'insufficient_quota',
          param: null,
          code: 'insufficient_quota',
        },
      };
    case 400:
      return {
        error: {
          message: `This model's maximum context length is 128000 tokens. However, your messages resulted in ${detail ?? '130000'} tokens. Please reduce the length of the messages.`,
          type: 'invalid_request_error',
          param: 'messages',
          code: 'context_length_exceeded',
        },
      };
    case 500:
      return {
        error: {
          message: 'The server had an error while processing your request. Sorry about that!',
          type: 'server_error',
          param: null,
          code: null,
        },
      };
    case 404:
      return { error: { message: detail ?? 'Not found.', type: 'invalid_request_error', param: null, code: null } };
  }
}

/** OpenAI's answer to a request without an Authorization header. */
export function missingKeyBody(): OpenAIError {
  return {
    error: {
      message:
        "You didn't provide an API key. You need to provide your API key in an Authorization header using Bearer auth (i.e. Authorization: Bearer YOUR_KEY).",
      type: 'invalid_request_error',
      param: null,
      code: null,
    },
  };
}

/** Shows a key the way OpenAI does in its 401 message: first and last characters only. */
export function redactKey(key: string): string {
  return key.length <= 8
    ? '*'.repeat(key.length)
    : `${key.slice(0, 3)}${'*'.repeat(Math.min(key.length - 7, 20))}${key.slice(-4)}`;
}
