import type { ChatConversation } from '@/shared/conversation/api/get-conversation';

/**
 * What is not an endpoint setting: who owns the conversation, its bookkeeping and dates.
 * LibreChat's "include endpoint options" exports the conversation cleaned into a preset.
 */
const NOT_OPTIONS = new Set<string>([
  'conversationId',
  'user',
  'isArchived',
  'isTemporary',
  'expiredAt',
  'thread_id',
  'tags',
  'createdAt',
  'updatedAt',
]);

/** The conversation's settings (endpoint, model, parameters…), unset ones left out. */
export function endpointOptions(conversation: ChatConversation): Record<string, unknown> {
  const options: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(conversation)) {
    if (NOT_OPTIONS.has(key) || value === undefined || value === null) continue;
    options[key] = value;
  }
  return options;
}

/** An option's value on one line: strings as they are, anything else as JSON. */
export function optionValue(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}
