import type { ChatSetup } from '@/shared/conversation/types';
import { isCustomEndpoint } from './send-path';

/**
 * The name a streaming reply is shown under before `final` brings the saved one. It follows
 * the rule the server saves replies with (worker/services/chat/sender.ts, LibreChat's
 * getResponseSender), so the name does not change when the reply finishes: the conversation's
 * label when set, else a name from the endpoint and model.
 */
export function replySender(
  setup: Pick<ChatSetup, 'endpoint' | 'endpointType' | 'model' | 'modelLabel' | 'chatGptLabel'>,
  /** A custom endpoint's modelDisplayLabel. */
  displayLabel?: string,
): string {
  const label = setup.modelLabel?.trim() || setup.chatGptLabel?.trim();
  if (label) return label;
  const model = setup.model ?? '';
  if (isCustomEndpoint(setup)) return openAIModelName(model) ?? (displayLabel?.trim() || 'AI');
  switch (setup.endpoint) {
    case 'openAI':
    case 'azureOpenAI':
      return openAIModelName(model) ?? 'ChatGPT';
    case 'anthropic':
      return 'Claude';
    case 'google':
      if (/gemini|learnlm/i.test(model)) return 'Gemini';
      return /gemma/i.test(model) ? 'Gemma' : 'PaLM2';
    case 'bedrock':
      return 'AWS Bedrock';
    default:
      return setup.endpoint ?? '';
  }
}

/** gpt-4o-mini → GPT-4o, gpt-3.5-turbo → GPT-3.5, o3-mini → O3, mistral-large → Mistral. */
function openAIModelName(model: string): string | undefined {
  const gpt = /gpt-(\d+(?:\.\d+)?)(o)?/i.exec(model);
  if (gpt) return `GPT-${gpt[1] ?? ''}${gpt[2] ?? ''}`;
  const omni = /(?:^|[^a-z0-9])(o\d)(?![a-z0-9])/i.exec(model);
  if (omni?.[1]) return omni[1].toUpperCase();
  return /mistral/i.test(model) ? 'Mistral' : undefined;
}
