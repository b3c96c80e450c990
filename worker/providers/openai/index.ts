/** The OpenAI-family provider: OpenAI Chat Completions, Azure OpenAI and custom OpenAI-compatible endpoints. */
export { acceptsReasoningEffort, isReasoningModel, rejectsInstructions } from './model-family';
export { fetchModelIds } from './model-list';
export { buildChatBody, toOpenAIMessages, type OpenAIMessage } from './request-body';
export { chatCompletionsUrl, requestHeaders, streamOpenAIChat, type OpenAITarget } from './stream';
