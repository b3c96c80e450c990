import { insertActions, listAgentActions, type ActionRow } from '../../../db/actions';
import type { AgentCaller, AgentRow } from '../../../db/agents';
import type { EnvVars } from '../../../env';
import { copiedMetadata, storedMetadata, toStoredJson } from './metadata';
import { newActionId } from './save-action';

/**
 * Copies the actions of `from` onto its copy `to`, each under a new id and owned by the
 * caller. Their tool keys name the domain, not the action, so the copy's tools stay as they
 * are. Secrets go along only when the caller wrote the original agent; anyone else copying
 * a collaborative agent enters the keys again.
 */
export async function cloneAgentActions(
  env: Pick<EnvVars, 'CREDS_KEY'> & { DB: D1Database },
  caller: AgentCaller,
  from: AgentRow,
  to: AgentRow,
): Promise<ActionRow[]> {
  const originals = await listAgentActions(env.DB, from.id);
  if (originals.length === 0) return [];
  const keepSecrets = from.userId === caller.userId;
  const copies = await Promise.all(
    originals.map(async (row) => {
      const actionId = newActionId();
      const metadata = await copiedMetadata(
        env,
        { actionId: row.action_id, metadata: storedMetadata(row) },
        actionId,
        keepSecrets,
      );
      return { actionId, agentId: to.id, userId: caller.userId, metadata: toStoredJson(metadata) };
    }),
  );
  await insertActions(env.DB, copies);
  return listAgentActions(env.DB, to.id);
}
