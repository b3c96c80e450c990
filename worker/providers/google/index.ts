/** Google Gemini (Generative Language API) provider. */
export { streamGoogleChat, type GoogleTarget } from './stream';
