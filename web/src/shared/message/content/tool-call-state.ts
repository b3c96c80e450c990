/**
 * Where a tool call stands. Progress runs from 0 to 1;
 * 2 or more is the server's way of saying the call failed, as is an output that says so.
 */
export type ToolCallState = 'in_progress' | 'finished' | 'error' | 'failed' | 'auth_required';

/** The progress a call shows before the server reports any. */
export const DEFAULT_TOOL_PROGRESS = 0.1;

const ERROR_OUTPUT_MARKER = 'error processing tool';

export interface ToolCallStatusInput {
  progress: number | null;
  output: string | null;
  /** A sign-in URL the tool is waiting on. */
  auth: string | null;
  /** Whether the reply holding the call is still being generated. */
  isActive: boolean;
}

/** Stored calls often carry no progress: a call with an output has finished. */
export function effectiveProgress(progress: number | null, output: string | null): number {
  if (progress !== null) return progress;
  return output ? 1 : DEFAULT_TOOL_PROGRESS;
}

export function toolCallState({ progress, output, auth, isActive }: ToolCallStatusInput): ToolCallState {
  const value = effectiveProgress(progress, output);
  if (value >= 2 || (output !== null && output.toLowerCase().includes(ERROR_OUTPUT_MARKER))) return 'error';
  if (value >= 1) return 'finished';
  // The reply stopped (finished, aborted, failed) before the call did: it never will.
  if (!isActive) return 'failed';
  return auth ? 'auth_required' : 'in_progress';
}

/** The host a sign-in link leads to, shown so the user can judge whether to trust it. */
export function authHost(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.hostname : null;
  } catch {
    return null;
  }
}
