import { replySenderName } from '@contract/sender';
import type { ChatSetup } from '@/shared/conversation/types';
import { isCustomEndpoint } from './send-path';

/**
 * The name a streaming reply is shown under before `final` brings the saved one: the rule the
 * server saves replies with (the contract's), so the name does not change when the reply
 * finishes. An agent's reply is named after the agent, as the server saves it.
 */
export function replySender(
  setup: Pick<ChatSetup, 'endpoint' | 'endpointType' | 'model' | 'modelLabel' | 'chatGptLabel'>,
  /** A custom endpoint's modelDisplayLabel, or the agent's name; blank counts as none. */
  displayLabel?: string,
): string {
  if (setup.endpoint === 'agents' && displayLabel?.trim()) return displayLabel.trim();
  const kind = isCustomEndpoint(setup) ? 'custom' : (setup.endpoint ?? '');
  return replySenderName(kind, setup.model ?? '', setup, displayLabel?.trim() || undefined);
}
