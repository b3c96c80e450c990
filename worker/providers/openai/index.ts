/** The OpenAI-family provider: OpenAI Chat Completions, Azure OpenAI and custom OpenAI-compatible endpoints. */
export { resolveAzureTarget } from './azure';
export { streamOpenAIChat, type OpenAITarget } from './stream';
export {
  chooseApiKey,
  chooseBaseURL,
  resolveCustomTarget,
  resolveOpenAITarget,
  stringVars,
  type HeaderUser,
} from './targets';
