/** The OpenAI-family provider: OpenAI Chat Completions, Azure OpenAI and custom OpenAI-compatible endpoints. */
export { azureGroupModels, deploymentFromModel, resolveAzureTarget } from './azure';
export { acceptsReasoningEffort, isReasoningModel, rejectsInstructions } from './model-family';
export { buildChatBody, toOpenAIMessages, type OpenAIMessage } from './request-body';
export { chatCompletionsUrl, requestHeaders, streamOpenAIChat, type OpenAITarget } from './stream';
export {
  chooseApiKey,
  chooseBaseURL,
  OPENAI_DEFAULT_BASE_URL,
  resolveCustomTarget,
  resolveOpenAITarget,
  resolveOperatorHeaders,
  stringVars,
  type HeaderUser,
  type ProviderEnv,
  type UserCredentials,
} from './targets';
