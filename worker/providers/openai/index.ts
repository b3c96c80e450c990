/** The OpenAI-family provider: OpenAI Chat Completions, Azure OpenAI and custom OpenAI-compatible endpoints. */
export { fetchModelIds } from './model-list';
export { chatCompletionsUrl, requestHeaders, streamOpenAIChat, type OpenAITarget } from './stream';
