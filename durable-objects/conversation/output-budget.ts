/**
 * The tool outputs one reply keeps, all its calls together. The reply is saved as one D1 row
 * (at most 2 MB), and every output goes back to the model on each later turn, so once the run's
 * outputs reach the budget, each later output is cut to what is left — down to the note alone —
 * with the same note a single large output gets. The cut text is what the model reads, the user
 * sees and the reply stores. A cut makes room for its text, not its note, so each cut call may
 * pass the budget by the note's few dozen bytes: with MAX_TOOL_CALLS_PER_RUN calls at most, the
 * row stays far below 2 MB.
 */
import { recapToolOutput } from '../../worker/agent-tools/output-cap';
import type { ToolResult } from '../../worker/agent-tools/types';

const encoder = new TextEncoder();

export class ReplyOutputBudget {
  private used = 0;

  constructor(private readonly maxBytes: number) {}

  /** The result with its output cut to the bytes the reply has left; counts what it keeps. */
  fit(result: ToolResult): ToolResult {
    const left = Math.max(0, this.maxBytes - this.used);
    const output = recapToolOutput(result.output, left);
    this.used += encoder.encode(output).length;
    return output === result.output ? result : { ...result, output };
  }
}
