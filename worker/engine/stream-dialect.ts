/**
 * The wire dialect a reply streams in. Google replies keep LibreChat's legacy full-text frames,
 * but those frames carry text only: a Gemini model asked for its thought summaries (the ones
 * buildGeminiRequest asks) streams in content parts instead, so its thinking fills the think
 * section live, the way Anthropic's and Bedrock's does.
 */
import type { StreamDialect } from '../contract/stream';
import type { ParameterEndpointKind } from '../providers/parameters';
import { isThinkingModel } from '../providers/google/request';

export function streamDialect(kind: ParameterEndpointKind, model: string): StreamDialect {
  return kind === 'google' && !isThinkingModel(model) ? 'legacy' : 'parts';
}
