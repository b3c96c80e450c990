/**
 * Builds a Gemini `streamGenerateContent` request body from a ChatRequest: `contents` with the
 * roles user/model, the system prompt as `systemInstruction`, sampling in `generationConfig`,
 * thought summaries asked for on models that think, and tools as function declarations.
 */
import { argsObject, inCallOrder, isLocalCallId } from '../tool-rounds';
import { geminiSchema } from '../tool-schema';
import { parseDataUrl, toAlternatingTurns, type TurnPart } from '../turns';
import { ProviderError, type ChatRequest } from '../types';

export type GeminiPart =
  | { text: string }
  | { inlineData: { mimeType: string; data: string } }
  | {
      functionCall: { name: string; args: Record<string, unknown>; id?: string };
      thoughtSignature?: string;
    }
  | {
      functionResponse: { name: string; id?: string; response: { output: string } | { error: string } };
    };

interface GeminiFunctionDeclaration {
  name: string;
  description?: string;
  parameters: Record<string, unknown>;
}

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
  tools?: Array<{ functionDeclarations: GeminiFunctionDeclaration[] }>;
  toolConfig?: { functionCallingConfig: { mode: 'AUTO' } };
}

/** Gemini 2.5 and later think by default; 2.0 "thinking" previews did too. */
export function isThinkingModel(model: string): boolean {
  return /gemini-(?:2\.5|[3-9])|thinking/.test(model);
}

export function buildGeminiRequest(request: ChatRequest): GeminiRequestBody {
  const { parameters } = request;
  const contents = toAlternatingTurns(inCallOrder(request.messages))
    .map((turn) => ({
      role: turn.role === 'assistant' ? ('model' as const) : ('user' as const),
      parts: turn.parts.flatMap(toParts),
    }))
    .filter((content) => content.parts.length > 0);
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
  if (request.tools?.length) {
    body.tools = [
      {
        functionDeclarations: request.tools.map(({ name, description, parameters }) => ({
          name,
          ...(description ? { description } : {}),
          parameters: geminiSchema(parameters),
        })),
      },
    ];
    body.toolConfig = { functionCallingConfig: { mode: 'AUTO' } };
  }
  return body;
}

/**
 * One part as Gemini parts. A model turn of a tool loop is echoed as it came: its text and its
 * calls, each call with the thoughtSignature its part carried (Gemini 3 refuses a call turn
 * that lost one). Thought summaries are not sent back: Gemini keeps its thinking in the
 * signatures. Results answer by name (and by id when Gemini gave the call one); `response` must
 * be an object, so the text goes under `output`, or `error` for a failed call.
 */
function toParts(part: TurnPart): GeminiPart[] {
  switch (part.type) {
    case 'text':
      return [{ text: part.text }];
    case 'image':
      return [imagePart(part.url)];
    case 'reasoning':
    case 'redacted_reasoning':
      return [];
    case 'tool_call': {
      const id = isLocalCallId(part.id) ? {} : { id: part.id };
      return [
        {
          functionCall: { name: part.name, args: argsObject(part.args), ...id },
          ...(part.signature ? { thoughtSignature: part.signature } : {}),
        },
      ];
    }
    case 'tool_result': {
      const id = isLocalCallId(part.callId) ? {} : { id: part.callId };
      const response = part.isError ? { error: part.output } : { output: part.output };
      return [{ functionResponse: { name: part.name, ...id, response } }];
    }
  }
}

function imagePart(url: string): GeminiPart {
  const inline = parseDataUrl(url);
  // fileData URIs must come from Google's Files API; stored files are inlined by the caller.
  if (!inline)
    throw new ProviderError('invalid_request_error', 'Google accepts images only as inline data (data: URLs).');
  return { inlineData: { mimeType: inline.mimeType, data: inline.data } };
}
