/**
 * How a run ended, which decides how its reply is saved and what the stream's last frame is.
 */
export type RunOutcome =
  /** The provider finished (stop, length, content_filter, …). */
  | { kind: 'complete'; finishReason: string }
  /**
   * The owner stopped it: the partial reply is saved as a normal reply with
   * `finish_reason: incomplete` (so it can be continued), not as unfinished — the user chose
   * to end it, nothing went wrong.
   */
  | { kind: 'aborted' }
  /** The provider failed after text arrived: saved like an abort, the stream ends with `final`. */
  | { kind: 'cut'; errorText: string }
  /** The run failed before (almost) any text: an error reply, the stream ends with `event: error`. */
  | { kind: 'failed'; errorText: string }
  /** The instance died mid-run; the alarm saved the reply from the stored snapshot. */
  | { kind: 'orphaned' };

/**
 * Below this many characters of reply text a failure is reported as an error message rather
 * than a partial reply: a reply of one or two characters is noise, not an answer worth keeping.
 */
export const MIN_PARTIAL_TEXT_CHARS = 3;

/** `finish_reason` of a reply that did not end by itself (LibreChat's value). */
export const INCOMPLETE_FINISH_REASON = 'incomplete';

/** Whether the reply ended against anyone's wish (the provider or the instance failed mid-reply). */
export function isUnfinished(outcome: RunOutcome): boolean {
  return outcome.kind === 'cut' || outcome.kind === 'orphaned';
}
