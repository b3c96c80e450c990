/**
 * The provider registry: a resolved provider target — where to call, with which credentials —
 * as plain JSON, so the worker can resolve it (from config, above this layer) and hand it to the
 * ConversationDO, and one dispatch over the provider modules, which all speak the same
 * ProviderEvent stream.
 */
import { streamAnthropicChat, type AnthropicTarget } from './anthropic';
import { streamBedrockChat, type BedrockTarget } from './bedrock';
import { streamGoogleChat, type GoogleTarget } from './google';
import { streamOpenAIChat, type OpenAITarget } from './openai';
import type { ChatRequest, FetchLike, ProviderEvent } from './types';

export type ProviderTarget =
  | { provider: 'openai'; target: OpenAITarget }
  | { provider: 'anthropic'; target: AnthropicTarget }
  | { provider: 'google'; target: GoogleTarget }
  | { provider: 'bedrock'; target: BedrockTarget };

/**
 * Streams a reply. `fetch` is looked up at call time (not captured at import), so tests that
 * replace the global fetch reach the providers inside the Durable Object too.
 */
export function callProvider(target: ProviderTarget, request: ChatRequest): AsyncGenerator<ProviderEvent> {
  const fetchFn: FetchLike = (input, init) => fetch(input, init);
  switch (target.provider) {
    case 'openai':
      return streamOpenAIChat(target.target, request, fetchFn);
    case 'anthropic':
      return streamAnthropicChat(target.target, request, fetchFn);
    case 'google':
      return streamGoogleChat(target.target, request, fetchFn);
    case 'bedrock':
      return streamBedrockChat(target.target, request, fetchFn);
  }
}
