/** Google Gemini (Generative Language API) provider. */
export { GOOGLE_BASE_URL, streamGenerateContentUrl, streamGoogleChat, type GoogleTarget } from './stream';
export { buildGeminiRequest, isThinkingModel, type GeminiRequestBody } from './request';
