/**
 * Finalising a run whose instance is gone (evicted, restarted on deploy, crashed): the stored
 * run says `running` but no live run exists in memory. Its reply is saved from the stored
 * snapshot — unfinished, with the text it had — or, when the run had already decided its
 * outcome (`finalising`) but could not record that its D1 batch committed, exactly that
 * outcome again (the batch is idempotent). No frames are sent: no subscriber survives the
 * instance.
 */
import { releaseLeaseStatement } from '../../worker/db/leases';
import type { MessageRecord } from '../../worker/db/runs';
import { buildFinal, type FinalPayload } from './finalise';
import { runLogger } from './run-log';
import type { RunStore, StoredRun } from './run-store';

export async function finaliseOrphan(
  db: D1Database,
  store: RunStore,
  run: StoredRun,
  now = Date.now(),
): Promise<FinalPayload | null> {
  const { spec, snapshot } = run;
  const request: MessageRecord | null = spec.userMessage ?? run.turn?.request ?? null;
  if (request === null) {
    // It died before reading the conversation: there is no reply to save, only the slot to free.
    if (spec.leaseKey) await releaseLeaseStatement(db, spec.leaseKey).run();
    store.end(run.id);
    return null;
  }
  const final = buildFinal({
    spec,
    snapshot,
    outcome: snapshot.outcome ?? { kind: 'orphaned' },
    requestMessage: request,
    previousReply: run.turn?.previousReply,
    reportedUsage: snapshot.usage,
    promptTokens: snapshot.promptTokens ?? 0,
    now,
  });
  await db.batch(final.statements(db));
  store.end(run.id);
  runLogger(spec).warn('chat_run_orphan_finalised', { status: run.status, chars: snapshot.text.length });
  return final.payload;
}
