import type { TFunction } from '@/lib/i18n/translator';

export type ComposerPlaceholderInput = {
  /** The selected endpoint's name; null or undefined when there is none. */
  endpoint: string | null | undefined;
  /**
   * Whether the endpoint can take a message: it is in the configuration and, when it asks for
   * a user-provided key, that key is set and not expired.
   */
  endpointConfigured: boolean;
  /**
   * False when the endpoint list has loaded and does not offer this endpoint (a chat imported
   * from an instance with other providers): no key can fix that, only another endpoint.
   */
  endpointOffered?: boolean;
  /** Who answers, by name: the agent's or assistant's name, or the model's label or name. */
  name?: string | null;
  agentId?: string | null;
  assistantId?: string | null;
  /** False when the latest message cannot be replied to (the input is not appendable). */
  appendable?: boolean;
};

/** Why the composer cannot take a message yet, or null when it can. */
export type ComposerBlocker =
  | 'endpoint_not_offered'
  | 'endpoint_not_configured'
  | 'agent_not_selected'
  | 'assistant_not_selected'
  | 'not_appendable';

const ASSISTANT_ENDPOINTS: readonly string[] = ['assistants', 'azureAssistants'];

/**
 * The first reason, in the order the user has to fix them: an endpoint must work before an
 * agent or assistant on it can be picked, and only then does the conversation's state matter.
 * The page uses it to disable the composer.
 */
export function composerBlocker(input: ComposerPlaceholderInput): ComposerBlocker | null {
  if (input.endpoint && input.endpointOffered === false) return 'endpoint_not_offered';
  if (!input.endpoint || !input.endpointConfigured) return 'endpoint_not_configured';
  if (input.endpoint === 'agents' && !input.agentId) return 'agent_not_selected';
  if (ASSISTANT_ENDPOINTS.includes(input.endpoint) && !input.assistantId) return 'assistant_not_selected';
  if (input.appendable === false) return 'not_appendable';
  return null;
}

/**
 * The composer's placeholder: a new message to the named model,
 * agent or assistant, or why no message can be written yet.
 */
export function composerPlaceholder(input: ComposerPlaceholderInput, t: TFunction): string {
  switch (composerBlocker(input)) {
    case 'endpoint_not_offered':
      return t('com_endpoint_not_offered_placeholder');
    case 'endpoint_not_configured':
      return t('com_endpoint_config_placeholder');
    case 'agent_not_selected':
      return t('com_endpoint_agent_placeholder');
    case 'assistant_not_selected':
      return t('com_endpoint_assistant_placeholder');
    case 'not_appendable':
      return t('com_endpoint_message_not_appendable');
    case null: {
      const name = input.name?.trim();
      return name ? t('com_endpoint_message_new', { name }) : t('com_endpoint_message');
    }
  }
}
