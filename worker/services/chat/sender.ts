/**
 * The reply's `sender` (the name shown above it): the contract's rule, which the client also
 * uses for a streaming reply, applied to the endpoint of a send.
 */
import { replySenderName, type SenderLabels } from '../../contract/sender';
import type { ChatEndpoint } from './endpoint';

export function responseSender(endpoint: ChatEndpoint, model: string, options: SenderLabels): string {
  return replySenderName(endpoint.kind, model, options, endpoint.custom?.modelDisplayLabel);
}
