/**
 * Builds the body of a Bedrock Converse / ConverseStream call from a ChatRequest. Converse is
 * model-neutral; what only Anthropic models take (top_k, thinking) goes in
 * `additionalModelRequestFields`, exactly as Anthropic's own API would receive it.
 */
import { defaultMaxTokens, samplingFor, thinkingBudget } from '../anthropic/models';
import { parseDataUrl, plainTurns } from '../turns';
import { ProviderError, type ChatContentPart, type ChatRequest } from '../types';

type ImageFormat = 'png' | 'jpeg' | 'gif' | 'webp';

export type ConverseContentBlock = { text: string } | { image: { format: ImageFormat; source: { bytes: string } } };

export interface ConverseRequestBody {
  messages: Array<{ role: 'user' | 'assistant'; content: ConverseContentBlock[] }>;
  system?: Array<{ text: string }>;
  inferenceConfig?: { maxTokens?: number; temperature?: number; topP?: number; stopSequences?: string[] };
  additionalModelRequestFields?: { top_k?: number; thinking?: { type: 'enabled'; budget_tokens: number } };
}

const FORMATS: Record<string, ImageFormat> = {
  'image/png': 'png',
  'image/jpeg': 'jpeg',
  'image/jpg': 'jpeg',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

/** Anthropic models on Bedrock: `anthropic.claude-…`, or a cross-region profile `us.anthropic.claude-…`. */
export function isAnthropicModel(modelId: string): boolean {
  return /(?:^|\.)anthropic\.claude/.test(modelId);
}

export function buildConverseRequest(request: ChatRequest): ConverseRequestBody {
  const { model, parameters } = request;
  const messages = plainTurns(request, 'Bedrock').map((turn) => ({
    role: turn.role,
    content: turn.parts.map(toBlock),
  }));
  if (messages.length === 0) throw new ProviderError('invalid_request_error', 'There is no user message to send.');

  const body: ConverseRequestBody = { messages };
  if (request.system?.trim()) body.system = [{ text: request.system }];

  const anthropic = isAnthropicModel(model);
  // Converse has no default output cap of its own for Claude; Anthropic requires one.
  const maxTokens = parameters.maxOutputTokens ?? (anthropic ? defaultMaxTokens(model) : undefined);
  const budget = anthropic && maxTokens !== undefined ? thinkingBudget(model, parameters, maxTokens) : undefined;
  const sampling: { temperature?: number; topP?: number; topK?: number } = anthropic
    ? samplingFor(model, parameters, budget !== undefined)
    : { temperature: parameters.temperature, topP: parameters.topP };

  const inference: NonNullable<ConverseRequestBody['inferenceConfig']> = {};
  if (maxTokens !== undefined) inference.maxTokens = maxTokens;
  if (sampling.temperature !== undefined) inference.temperature = sampling.temperature;
  if (sampling.topP !== undefined) inference.topP = sampling.topP;
  if (parameters.stop?.length) inference.stopSequences = parameters.stop;
  if (Object.keys(inference).length > 0) body.inferenceConfig = inference;

  const extra: NonNullable<ConverseRequestBody['additionalModelRequestFields']> = {};
  if (sampling.topK !== undefined) extra.top_k = sampling.topK;
  if (budget !== undefined) extra.thinking = { type: 'enabled', budget_tokens: budget };
  if (Object.keys(extra).length > 0) body.additionalModelRequestFields = extra;
  return body;
}

function toBlock(part: ChatContentPart): ConverseContentBlock {
  if (part.type === 'text') return { text: part.text };
  const image = parseDataUrl(part.url);
  // Converse takes image bytes only; the caller inlines stored files as data URLs first.
  if (!image)
    throw new ProviderError('invalid_request_error', 'Bedrock accepts images only as inline data (data: URLs).');
  const format = FORMATS[image.mimeType] ?? (part.mimeType ? FORMATS[part.mimeType.toLowerCase()] : undefined);
  if (!format)
    throw new ProviderError(
      'invalid_request_error',
      `Bedrock does not accept images of type ${image.mimeType}; use PNG, JPEG, GIF or WebP.`,
    );
  return { image: { format, source: { bytes: image.data } } };
}
