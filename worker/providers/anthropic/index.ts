/** Anthropic Messages API provider. */
export { ANTHROPIC_BASE_URL, ANTHROPIC_VERSION, messagesUrl, streamAnthropicChat, type AnthropicTarget } from './stream';
export { buildAnthropicRequest, type AnthropicMessagesBody, type AnthropicRequest } from './request';
export { defaultMaxTokens, supportsThinking, supportsPromptCache } from './models';
