/**
 * The common language of every provider module. A provider turns a {@link ChatRequest} into
 * its own wire format, calls it, and yields {@link ProviderEvent}s as the reply streams in; the
 * ConversationDO turns those into the app's stream protocol. Provider modules know nothing of
 * conversations, users or storage.
 */

/** A part of a message sent to a model. Images are data URLs or https URLs. */
export type ChatContentPart =
  { type: 'text'; text: string } | { type: 'image'; url: string; detail?: 'low' | 'auto' | 'high'; mimeType?: string };

export interface ChatMessage {
  role: 'user' | 'assistant';
  content: string | ChatContentPart[];
}

/**
 * Model parameters after validation and clamping (providers/parameters.ts). Each provider reads
 * the ones it understands and ignores the rest.
 */
export interface ModelParameters {
  temperature?: number;
  topP?: number;
  topK?: number;
  presencePenalty?: number;
  frequencyPenalty?: number;
  maxOutputTokens?: number;
  stop?: string[];
  reasoningEffort?: 'low' | 'medium' | 'high';
  /** Anthropic extended thinking. */
  thinking?: boolean;
  thinkingBudget?: number;
  /** Anthropic prompt caching. */
  promptCache?: boolean;
  /** OpenAI-style image inputs: the default `detail` of image parts that do not set their own. */
  imageDetail?: 'low' | 'auto' | 'high';
}

export interface ChatRequest {
  model: string;
  /** System instructions (promptPrefix, agent instructions), sent the way the provider wants. */
  system?: string;
  messages: ChatMessage[];
  parameters: ModelParameters;
  signal?: AbortSignal;
}

export type FinishReason = 'stop' | 'length' | 'content_filter' | 'tool_calls' | 'error' | (string & {});

export type ProviderEvent =
  | { type: 'text'; text: string }
  /** Reasoning / thinking text, shown in the collapsible thinking section. */
  | { type: 'reasoning'; text: string }
  | {
      type: 'usage';
      promptTokens: number;
      completionTokens: number;
      cacheReadTokens?: number;
      cacheWriteTokens?: number;
    }
  | { type: 'finish'; reason: FinishReason };

/**
 * Error type codes the client understands (it picks its message by them); the message text of a failed reply is
 * the JSON `{"type": code, "info"?: …}`.
 */
export type ProviderErrorCode =
  | 'invalid_api_key'
  | 'invalid_user_key'
  | 'insufficient_quota'
  | 'INPUT_LENGTH'
  | 'invalid_request_error'
  | 'google_error'
  | 'rate_limit'
  | 'provider_error'
  | 'network_error'
  /** Target resolution: the endpoint wants the user's own key / base URL and none was given. */
  | 'no_user_key'
  | 'no_base_url';

/** A provider call that failed, mapped to the catalogue. `status` is the provider's HTTP status. */
export class ProviderError extends Error {
  constructor(
    readonly code: ProviderErrorCode,
    message: string,
    readonly status?: number,
    // Optional, so every existing call stays valid; keeps the low-level error for logs.
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'ProviderError';
  }
}

/** Injected so tests replay fixtures instead of calling the network. */
export type FetchLike = (input: Request | string | URL, init?: RequestInit) => Promise<Response>;
