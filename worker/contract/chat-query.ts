/*
 * The chat page's address query: `/c/new?endpoint=openAI&model=gpt-4o&temperature=0.2` opens
 * a conversation with that setup (LibreChat's chat page query parameters). The client reads
 * these names from the address and writes the setup of a new conversation back with them; the
 * values are checked against the conversation options schema. No zod here: plain names.
 */

/** The tuning parameters, in the order a new conversation writes them into its address. */
export const CHAT_QUERY_TUNING_PARAMS = [
  'temperature',
  'presence_penalty',
  'frequency_penalty',
  'stop',
  'top_p',
  'max_tokens',
  'topP',
  'topK',
  'maxOutputTokens',
  'promptCache',
  'region',
  'maxTokens',
] as const;

/** Every model-setting name the address may carry. */
export const CHAT_QUERY_SETTING_NAMES = [
  'endpoint',
  'model',
  'agent_id',
  'assistant_id',
  'spec',
  ...CHAT_QUERY_TUNING_PARAMS,
] as const;
export type ChatQuerySettingName = (typeof CHAT_QUERY_SETTING_NAMES)[number];
