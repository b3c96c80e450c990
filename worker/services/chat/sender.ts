/**
 * The reply's `sender` (the name shown above it), as LibreChat's getResponseSender derives it:
 * the conversation's label when set, else a name from the endpoint and model.
 */
import type { ChatEndpoint } from './endpoint';

export interface SenderOptions {
  modelLabel?: string | null | undefined;
  chatGptLabel?: string | null | undefined;
}

/** gpt-4o-mini → GPT-4o, gpt-3.5-turbo → GPT-3.5, o3-mini → O3. */
function openAIModelName(model: string): string | undefined {
  const gpt = /gpt-(\d+(?:\.\d+)?)(o)?/i.exec(model);
  if (gpt) return `GPT-${gpt[1] ?? ''}${gpt[2] ?? ''}`;
  const omni = /(?:^|[^a-z0-9])(o\d)(?![a-z0-9])/i.exec(model);
  if (omni?.[1]) return omni[1].toUpperCase();
  if (/mistral/i.test(model)) return 'Mistral';
  return undefined;
}

export function responseSender(endpoint: ChatEndpoint, model: string, options: SenderOptions): string {
  const label = options.modelLabel?.trim() || options.chatGptLabel?.trim();
  if (label) return label;
  switch (endpoint.kind) {
    case 'openAI':
    case 'azureOpenAI':
      return openAIModelName(model) ?? 'ChatGPT';
    case 'custom':
      return openAIModelName(model) ?? endpoint.custom?.modelDisplayLabel ?? 'AI';
    case 'anthropic':
      return 'Claude';
    case 'google':
      if (/gemini|learnlm/i.test(model)) return 'Gemini';
      return /gemma/i.test(model) ? 'Gemma' : 'PaLM2';
    case 'bedrock':
      return 'AWS Bedrock';
  }
}
