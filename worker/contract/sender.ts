/*
 * The name a reply is shown under (its `sender`), as LibreChat's getResponseSender derives it.
 * The server saves replies under it and the client names a streaming reply with it, so the
 * name does not change when the reply finishes. No zod here: the chat screen's stream code
 * reads it.
 */

/** The conversation's own names for its replies; the first one set wins. */
export interface SenderLabels {
  modelLabel?: string | null | undefined;
  chatGptLabel?: string | null | undefined;
}

/** gpt-4o-mini → GPT-4o, gpt-3.5-turbo → GPT-3.5, o3-mini → O3, mistral-large → Mistral. */
function openAIModelName(model: string): string | undefined {
  const gpt = /gpt-(\d+(?:\.\d+)?)(o)?/i.exec(model);
  if (gpt) return `GPT-${gpt[1] ?? ''}${gpt[2] ?? ''}`;
  const omni = /(?:^|[^a-z0-9])(o\d)(?![a-z0-9])/i.exec(model);
  if (omni?.[1]) return omni[1].toUpperCase();
  return /mistral/i.test(model) ? 'Mistral' : undefined;
}

/**
 * The reply's sender: the conversation's label when set, else a name from the endpoint and
 * model. `endpointKind` is `custom` for every custom endpoint, whose `modelDisplayLabel`
 * names replies when the model has no known name; an endpoint of no known kind is its own name.
 */
export function replySenderName(
  endpointKind: string,
  model: string,
  labels: SenderLabels,
  customDisplayLabel?: string,
): string {
  const label = labels.modelLabel?.trim() || labels.chatGptLabel?.trim();
  if (label) return label;
  switch (endpointKind) {
    case 'openAI':
    case 'azureOpenAI':
      return openAIModelName(model) ?? 'ChatGPT';
    case 'custom':
      return openAIModelName(model) ?? customDisplayLabel ?? 'AI';
    case 'anthropic':
      return 'Claude';
    case 'google':
      if (/gemini|learnlm/i.test(model)) return 'Gemini';
      return /gemma/i.test(model) ? 'Gemma' : 'PaLM2';
    case 'bedrock':
      return 'AWS Bedrock';
    default:
      return endpointKind;
  }
}
