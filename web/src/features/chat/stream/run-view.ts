import type { RunStatus, RunView } from '@/shared/conversation/types';

/**
 * What the screen draws of a conversation's run: the shared RunView plus what only the
 * stream knows.
 *
 * - `conversationId` is null for a new conversation until `created` brings its real id: a
 *   page at /c/new watches it and replaces the address with /c/{conversationId}.
 * - `abortError`: the stop button's call failed (the error's message, or
 *   "Error cancelling request."); the run goes on and can be stopped again.
 */
export interface ChatRunView extends RunView {
  abortError?: string;
}

/** Whether a run is still submitting: the stop button shows and new sends are ignored. */
export const isSubmittingStatus = (status: RunStatus | undefined): boolean =>
  status === 'connecting' || status === 'streaming';
