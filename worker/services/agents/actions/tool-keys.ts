import { ACTION_DELIMITER } from '../../../contract/agent-actions';

/** LibreChat keeps encoded domains to this many characters. */
const ENCODED_DOMAIN_LENGTH = 10;
const DOMAIN_SEPARATOR = '---';

/**
 * The domain as LibreChat writes it into tool keys: a short host with its dots as `---`, a
 * longer one as the first 10 characters of its base64. Keys made here match those of agents
 * imported from LibreChat. Hosts are ASCII (URL parsing turns names into punycode).
 */
export function encodeActionDomain(host: string): string {
  if (host.length <= ENCODED_DOMAIN_LENGTH) return host.replaceAll('.', DOMAIN_SEPARATOR);
  return btoa(host).slice(0, ENCODED_DOMAIN_LENGTH);
}

/** An action's tool key: `<function name>_action_<encoded domain>`. */
export function actionToolKey(functionName: string, host: string): string {
  return `${functionName}${ACTION_DELIMITER}${encodeActionDomain(host)}`;
}

/** Whether a tool key belongs to the action on `host` (any of its functions). */
export function isToolOfDomain(key: string, host: string): boolean {
  return key.endsWith(`${ACTION_DELIMITER}${encodeActionDomain(host)}`);
}

export function isActionToolKey(key: string): boolean {
  return key.includes(ACTION_DELIMITER);
}
