/**
 * Builds a Gemini `streamGenerateContent` request body from a ChatRequest: `contents` with the
 * roles user/model, the system prompt as `systemInstruction`, sampling in `generationConfig`,
 * and thought summaries asked for on models that think.
 */
import { parseDataUrl, plainTurns } from '../turns';
import { ProviderError, type ChatContentPart, type ChatRequest } from '../types';

export type GeminiPart = { text: string } | { inlineData: { mimeType: string; data: string } };

export interface GeminiGenerationConfig {
  temperature?: number;
  topP?: number;
  topK?: number;
  maxOutputTokens?: number;
  stopSequences?: string[];
  thinkingConfig?: { includeThoughts: true };
}

export interface GeminiRequestBody {
  contents: Array<{ role: 'user' | 'model'; parts: GeminiPart[] }>;
  systemInstruction?: { parts: Array<{ text: string }> };
  generationConfig?: GeminiGenerationConfig;
}

/** Gemini 2.5 and later think by default; 2.0 "thinking" previews did too. */
export function isThinkingModel(model: string): boolean {
  return /gemini-(?:2\.5|[3-9])|thinking/.test(model);
}

export function buildGeminiRequest(request: ChatRequest): GeminiRequestBody {
  const { parameters } = request;
  const contents = plainTurns(request, 'Google').map((turn) => ({
    role: turn.role === 'assistant' ? ('model' as const) : ('user' as const),
    parts: turn.parts.map(toPart),
  }));
  if (contents.length === 0) throw new ProviderError('invalid_request_error', 'There is no user message to send.');

  const body: GeminiRequestBody = { contents };
  if (request.system?.trim()) body.systemInstruction = { parts: [{ text: request.system }] };

  const config: GeminiGenerationConfig = {};
  if (parameters.temperature !== undefined) config.temperature = parameters.temperature;
  if (parameters.topP !== undefined) config.topP = parameters.topP;
  if (parameters.topK !== undefined) config.topK = parameters.topK;
  if (parameters.maxOutputTokens !== undefined) config.maxOutputTokens = parameters.maxOutputTokens;
  if (parameters.stop?.length) config.stopSequences = parameters.stop;
  // Without includeThoughts the model still thinks but the thinking section stays empty.
  if (isThinkingModel(request.model) && parameters.thinking !== false)
    config.thinkingConfig = { includeThoughts: true };
  if (Object.keys(config).length > 0) body.generationConfig = config;
  return body;
}

function toPart(part: ChatContentPart): GeminiPart {
  if (part.type === 'text') return { text: part.text };
  const inline = parseDataUrl(part.url);
  // fileData URIs must come from Google's Files API; stored files are inlined by the caller.
  if (!inline)
    throw new ProviderError('invalid_request_error', 'Google accepts images only as inline data (data: URLs).');
  return { inlineData: { mimeType: inline.mimeType, data: inline.data } };
}
