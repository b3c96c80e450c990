/**
 * Finalising a run whose instance is gone (evicted, restarted on deploy, crashed): the stored
 * run says `running` but no live run exists in memory. Its reply is saved from the stored
 * snapshot — unfinished, with the text it had — or, when the run had already decided its
 * outcome (`finalising`) but could not record that its D1 batch committed, exactly that
 * outcome again (the batch is idempotent). No frames are sent: no subscriber survives the
 * instance. An agent run's tool outputs are not in the snapshot: they come from its journalled
 * steps (RunStore steps), so every call that finished is saved with its output and its record.
 */
import { releaseLeaseStatement } from '../../worker/db/leases';
import type { MessageRecord } from '../../worker/db/runs';
import type { WireContentPart } from '../../worker/contract/stream';
import type { ResultStepData } from './agent-loop';
import { buildFinal, type FinalPayload } from './finalise';
import { runLogger } from './run-log';
import type { RunStore, StoredRun, StoredSnapshot, StoredStep } from './run-store';

export async function finaliseOrphan(
  db: D1Database,
  store: RunStore,
  run: StoredRun,
  now = Date.now(),
): Promise<FinalPayload | null> {
  const { spec } = run;
  const steps = store.readSteps(run.id);
  const snapshot = withToolOutputs(run.snapshot, steps);
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
    chainUsage: snapshot.chainUsage,
    promptTokens: snapshot.promptTokens ?? 0,
    now,
    steps,
  });
  await db.batch(final.statements(db));
  store.end(run.id);
  runLogger(spec).warn('chat_run_orphan_finalised', { status: run.status, chars: snapshot.text.length });
  return final.payload;
}

/** The snapshot with each journalled result put on its call's part (output, progress 1, a search's sources). */
export function withToolOutputs(snapshot: StoredSnapshot, steps: readonly StoredStep[]): StoredSnapshot {
  if (!snapshot.content || !steps.some((step) => step.kind === 'result')) return snapshot;
  const outputs = new Map<string, Pick<ResultStepData, 'output' | 'sources'>>();
  for (const step of steps) {
    if (step.kind !== 'result' || step.callId === null) continue;
    const data = JSON.parse(step.data) as ResultStepData;
    outputs.set(step.callId, data);
  }
  const content = snapshot.content.map((part): WireContentPart => {
    const call = part.type === 'tool_call' ? part.tool_call : undefined;
    if (typeof call !== 'object' || call === null || !('id' in call) || typeof call.id !== 'string') return part;
    const result = outputs.get(call.id);
    if (result === undefined) return part;
    const { output, sources } = result;
    return { ...part, tool_call: { ...call, output, progress: 1, ...(sources ? { sources } : {}) } };
  });
  return { ...snapshot, content };
}
