/** Anthropic Messages API provider. */
export { streamAnthropicChat, type AnthropicTarget } from './stream';
