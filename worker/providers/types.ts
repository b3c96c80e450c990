/**
 * The common language of every provider module. A provider turns a {@link ChatRequest} into
 * its own wire format, calls it, and yields {@link ProviderEvent}s as the reply streams in; the
 * ConversationDO turns those into the app's stream protocol. Provider modules know nothing of
 * conversations, users or storage.
 */

/** A part of a message sent to a model. Images are data URLs or https URLs. */
export type ChatContentPart =
  { type: 'text'; text: string } | { type: 'image'; url: string; detail?: 'low' | 'auto' | 'high'; mimeType?: string };

/**
 * What only an assistant turn of a tool loop carries, sent back exactly as the model produced it
 * on the next request of the same loop. `args` is the call's arguments as JSON text, as streamed.
 * Reasoning carries Anthropic's signature: a turn that called tools must echo its signed thinking.
 */
export type ReplyPart =
  | { type: 'reasoning'; text: string; signature?: string }
  /** Thinking the provider encrypted (Anthropic redacted_thinking): opaque, echoed as is. */
  | { type: 'redacted_reasoning'; data: string }
  /**
   * `signature`: Gemini's thoughtSignature on the call's part, which a follow-up must send back on
   * that same part (Gemini 3 refuses a function-call turn that lost it).
   */
  | { type: 'tool_call'; id: string; name: string; args: string; signature?: string };

/**
 * The result of one tool call, sent back to the model; `name` is the call's wire name. Only
 * Anthropic has a flag for a failed call (`is_error`); OpenAI's `tool` message has none, so the
 * output of a failed call must say itself what went wrong.
 */
export interface ToolResultPart {
  type: 'tool_result';
  callId: string;
  name: string;
  output: string;
  isError: boolean;
}

export interface UserMessage {
  role: 'user';
  content: string | ChatContentPart[];
}

export interface AssistantMessage {
  role: 'assistant';
  content: string | Array<ChatContentPart | ReplyPart>;
}

/** A message with content: the conversation's history and the turns of a tool loop. */
export type ChatMessage = UserMessage | AssistantMessage;

/**
 * The results of one round of tool calls: it follows the assistant message that made the calls
 * and answers each of them exactly once (providers send them in the calls' order). A message of
 * its own rather than parts of a user turn: OpenAI wants one `tool` message per result, the
 * others a user turn that opens with the results, and having no `content` keeps code that reads
 * content from mistaking results for text the user wrote.
 */
export interface ToolResultsMessage {
  role: 'tool';
  results: ToolResultPart[];
}

/** What a request sends: the conversation, and in a tool loop the loop's own turns after it. */
export type RequestMessage = ChatMessage | ToolResultsMessage;

/** A JSON Schema whose root describes an object, as every provider requires of tool parameters. */
export interface JsonSchemaObject {
  type: 'object';
  properties?: Record<string, unknown>;
  required?: string[];
  [keyword: string]: unknown;
}

/** A tool the model may call. `name` is its wire name (providers/tool-names.ts). */
export interface ToolDefinition {
  name: string;
  description: string;
  parameters: JsonSchemaObject;
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
  messages: RequestMessage[];
  parameters: ModelParameters;
  /**
   * Tools the model may call; absent or empty sends no tool fields at all. Nothing in the product
   * sends tools yet: every provider module speaks them, for the agent loop to come.
   */
  tools?: ToolDefinition[];
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
  /** The signature of the reasoning block just streamed (Anthropic, Bedrock), needed to echo it in a tool loop. */
  | { type: 'reasoning_signature'; signature: string }
  | { type: 'redacted_reasoning'; data: string }
  /**
   * A tool call: a start, its arguments as pieces of JSON text, an end. `index` is the call's
   * position in this reply (0, 1, …); calls may interleave. By the end the pieces join into JSON
   * text that is never empty (a call without arguments gets `{}`). A stream that breaks
   * mid-call throws without the end.
   */
  | { type: 'tool_call_start'; index: number; id: string; name: string; signature?: string }
  | { type: 'tool_call_args'; index: number; chunk: string }
  | { type: 'tool_call_end'; index: number }
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
