import { authFromMetadata, type ActionAuth } from '../../../agent-tools/actions/auth';
import { parseActionSpec } from '../../../agent-tools/openapi/parse';
import { domainHost } from '../../../agent-tools/openapi/servers';
import type { ToolSpec } from '../../../agent-tools/types';
import { listAgentActions, type ActionRow } from '../../../db/actions';
import type { EnvVars } from '../../../env';
import { openActionSecret, storedMetadata } from './metadata';
import { oauthAuthOf, type OAuthRunContext } from './oauth-auth';
import { actionToolKey, isActionToolKey } from './tool-keys';

/** How long one action call may take before the model is told it timed out. */
export const ACTION_TIMEOUT_MS = 30_000;

type Env = Pick<EnvVars, 'CREDS_KEY'>;

async function authOf(env: Env, d1: D1Database, row: ActionRow, run: OAuthRunContext): Promise<ActionAuth> {
  const metadata = storedMetadata(row);
  if (metadata.auth?.type === 'oauth') return oauthAuthOf({ ...env, DB: d1 }, row, metadata, run);
  const apiKey =
    metadata.auth?.type === 'service_http'
      ? await openActionSecret(env, row.action_id, metadata, 'api_key')
      : undefined;
  const auth = authFromMetadata(
    {
      ...(metadata.auth?.type ? { type: metadata.auth.type } : {}),
      ...(metadata.auth?.authorization_type ? { authorization_type: metadata.auth.authorization_type } : {}),
      ...(metadata.auth?.custom_auth_header ? { custom_auth_header: metadata.auth.custom_auth_header } : {}),
    },
    apiKey,
  );
  return typeof auth === 'string' ? { type: 'unavailable', reason: auth } : auth;
}

/**
 * The agent's action tools among `toolKeys`, ready to run: each operation of each action's
 * document, with the action's auth opened (for OAuth: `run`'s user's token). All the agent's
 * actions come in one read; keys with no action behind them (a deleted action, another kind of
 * tool) are left out for the caller.
 */
export async function resolveActionTools(
  env: Env,
  d1: D1Database,
  agentId: string,
  toolKeys: readonly string[],
  run: OAuthRunContext,
): Promise<ToolSpec[]> {
  const wanted = new Set(toolKeys.filter(isActionToolKey));
  if (wanted.size === 0) return [];
  const specs = new Map<string, ToolSpec>();
  for (const row of await listAgentActions(d1, agentId)) {
    const metadata = storedMetadata(row);
    const host = domainHost(metadata.domain);
    const parsed = metadata.raw_spec ? parseActionSpec(metadata.raw_spec, host) : null;
    if (!parsed?.ok) continue;
    const operations = parsed.operations.filter((operation) => wanted.has(actionToolKey(operation.name, host)));
    if (operations.length === 0) continue;
    const auth = await authOf(env, d1, row, run);
    // A call that asks the user to sign in may wait that long before its request starts.
    const signInMs = auth.type === 'oauth' && auth.accessToken === null && !auth.expired ? auth.config.waitMs : 0;
    for (const operation of operations) {
      const key = actionToolKey(operation.name, host);
      // Two actions on one domain share keys; the first one saved wins.
      if (specs.has(key)) continue;
      specs.set(key, {
        key,
        description: operation.description,
        parameters: operation.parameters,
        timeoutMs: ACTION_TIMEOUT_MS + signInMs,
        exec: { kind: 'action', actionId: row.action_id, operation, auth },
      });
    }
  }
  return toolKeys.flatMap((key) => specs.get(key) ?? []);
}
