import { log, type Logger } from '../../worker/logging/logger';

/** What of a run (live or stored) its log lines name. */
interface RunIdentity {
  runId: string;
  /** The request that started the run; absent for runs stored before it was recorded. */
  requestId?: string | undefined;
  conversation: { conversationId: string };
}

/** A run's logger: each line names the conversation, the run and the request that started it. */
export function runLogger(spec: RunIdentity): Logger {
  return log.with({
    conversationId: spec.conversation.conversationId,
    runId: spec.runId,
    ...(spec.requestId ? { requestId: spec.requestId } : {}),
  });
}
