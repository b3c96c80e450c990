/**
 * Builds the body of a Bedrock Converse / ConverseStream call from a ChatRequest. Converse is
 * model-neutral; what only Anthropic models take (top_k, thinking) goes in
 * `additionalModelRequestFields`, exactly as Anthropic's own API would receive it. Tools go in
 * `toolConfig`, which every request of a tool loop must carry: Converse refuses a conversation
 * holding toolUse blocks without it. Some models on Bedrock other than Claude cannot stream tool
 * use; Bedrock refuses their first request, and that refusal is reported as it comes.
 */
import { defaultMaxTokens, samplingFor, thinkingBudget } from '../anthropic/models';
import { argsObject, inCallOrder } from '../tool-rounds';
import { parseDataUrl, toAlternatingTurns, type TurnPart } from '../turns';
import { ProviderError, type ChatRequest } from '../types';

type ImageFormat = 'png' | 'jpeg' | 'gif' | 'webp';

export type ConverseContentBlock =
  | { text: string }
  | { image: { format: ImageFormat; source: { bytes: string } } }
  | { reasoningContent: { reasoningText: { text: string; signature: string } } | { redactedContent: string } }
  | { toolUse: { toolUseId: string; name: string; input: Record<string, unknown> } }
  | { toolResult: { toolUseId: string; content: Array<{ text: string }>; status: 'success' | 'error' } };

interface ConverseToolConfig {
  tools: Array<{ toolSpec: { name: string; description?: string; inputSchema: { json: Record<string, unknown> } } }>;
  toolChoice: { auto: Record<string, never> };
}

export interface ConverseRequestBody {
  messages: Array<{ role: 'user' | 'assistant'; content: ConverseContentBlock[] }>;
  system?: Array<{ text: string }>;
  inferenceConfig?: { maxTokens?: number; temperature?: number; topP?: number; stopSequences?: string[] };
  additionalModelRequestFields?: { top_k?: number; thinking?: { type: 'enabled'; budget_tokens: number } };
  toolConfig?: ConverseToolConfig;
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
  const messages = toAlternatingTurns(inCallOrder(request.messages))
    .map((turn) => ({ role: turn.role, content: turn.parts.flatMap(toBlocks) }))
    .filter((message) => message.content.length > 0);
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
  if (request.tools?.length) {
    body.toolConfig = {
      tools: request.tools.map(({ name, description, parameters }) => ({
        toolSpec: { name, ...(description ? { description } : {}), inputSchema: { json: parameters } },
      })),
      toolChoice: { auto: {} },
    };
  }
  return body;
}

/**
 * One part as Converse blocks. An assistant turn of a tool loop is echoed exactly: reasoning with
 * its signature (Claude refuses a tool-using turn whose signed thinking is missing; unsigned
 * reasoning cannot be echoed and is left out), redacted reasoning, text, and each toolUse with
 * its parsed input. A result's text goes in one text block (none for an empty output: Converse
 * refuses blank text) with its status.
 */
function toBlocks(part: TurnPart): ConverseContentBlock[] {
  switch (part.type) {
    case 'text':
      return [{ text: part.text }];
    case 'image':
      return [imageBlock(part.url, part.mimeType)];
    case 'reasoning':
      return part.signature
        ? [{ reasoningContent: { reasoningText: { text: part.text, signature: part.signature } } }]
        : [];
    case 'redacted_reasoning':
      return [{ reasoningContent: { redactedContent: part.data } }];
    case 'tool_call':
      return [{ toolUse: { toolUseId: part.id, name: part.name, input: argsObject(part.args) } }];
    case 'tool_result':
      return [
        {
          toolResult: {
            toolUseId: part.callId,
            content: part.output === '' ? [] : [{ text: part.output }],
            status: part.isError ? 'error' : 'success',
          },
        },
      ];
  }
}

function imageBlock(url: string, mimeType: string | undefined): ConverseContentBlock {
  const image = parseDataUrl(url);
  // Converse takes image bytes only; the caller inlines stored files as data URLs first.
  if (!image)
    throw new ProviderError('invalid_request_error', 'Bedrock accepts images only as inline data (data: URLs).');
  const format = FORMATS[image.mimeType] ?? (mimeType ? FORMATS[mimeType.toLowerCase()] : undefined);
  if (!format)
    throw new ProviderError(
      'invalid_request_error',
      `Bedrock does not accept images of type ${image.mimeType}; use PNG, JPEG, GIF or WebP.`,
    );
  return { image: { format, source: { bytes: image.data } } };
}
