/**
 * The `tool_calls` rows of a run, from its journal (RunStore steps): one per call that finished
 * with an output, refused calls included (their output is the error the model read). A call
 * still running when the run stopped or was evicted has no result step, so it has no record.
 * The live path and the orphan path both read the journal, so both save the same rows.
 */
import type { WireContentPart } from '../../worker/contract/stream';
import type { ToolCallRecord } from '../../worker/db/tool-calls';
import type { ResultStepData } from './agent-loop';
import type { StoredStep } from './run-store';

interface RecordOwner {
  runId: string;
  userId: string;
  conversationId: string;
  /** The reply whose content holds the calls. */
  messageId: string;
}

/** What a record's `result` holds: the output, whether it failed, the tool and the arguments the model sent. */
interface ToolCallResultRecord {
  output: string;
  isError: boolean;
  name: string;
  args: string;
}

export function toolCallRecords(
  owner: RecordOwner,
  steps: readonly StoredStep[],
  content: readonly WireContentPart[] | null,
  now: number,
): ToolCallRecord[] {
  const records: ToolCallRecord[] = [];
  for (const step of steps) {
    if (step.kind !== 'result' || step.callId === null || step.partIndex === null || step.partIndex < 0) continue;
    const data = JSON.parse(step.data) as ResultStepData;
    const result: ToolCallResultRecord = {
      output: data.output,
      isError: data.isError,
      name: data.key,
      args: argsOf(content?.[step.partIndex], step.callId),
    };
    records.push({
      id: `${owner.runId}:${step.callId}`,
      userId: owner.userId,
      conversationId: owner.conversationId,
      messageId: owner.messageId,
      toolId: data.key,
      partIndex: step.partIndex,
      blockIndex: null,
      result,
      attachments: data.attachments ?? null,
      createdAt: now,
    });
  }
  return records;
}

/** The arguments of the call at that content index, as the model sent them ('' if it is not there). */
function argsOf(part: WireContentPart | undefined, callId: string): string {
  const call = part?.type === 'tool_call' ? part.tool_call : undefined;
  if (typeof call !== 'object' || call === null || !('id' in call) || call.id !== callId) return '';
  return 'args' in call && typeof call.args === 'string' ? call.args : '';
}
