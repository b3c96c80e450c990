import type { ChatMessage } from '@/shared/conversation/types';

/**
 * One frame of a chat stream, after parsing (see parse-frame.ts). The wire tells frames apart
 * by their JSON's shape (as LibreChat's server sends them); here each kind is named by `type`.
 */
export type StreamFrame =
  /** First frame: the user message as saved, with the real ids (and a new conversation's id). */
  | { type: 'created'; message: ChatMessage }
  /** `on_run_step`: a content part opens at `index` (message text or thinking, or tool calls). */
  | { type: 'run_step'; stepId: string; runId: string | null; index: number; toolCalls: ToolCallStart[] }
  /** `on_message_delta`. */
  | { type: 'text_delta'; stepId: string; text: string }
  /** `on_reasoning_delta`. */
  | { type: 'think_delta'; stepId: string; think: string }
  /** `on_run_step_delta`: tool-call argument chunks, or an authorization the tool waits for. */
  | { type: 'tool_call_delta'; stepId: string; chunks: ToolCallChunk[]; auth?: string; expiresAt?: number }
  /** `on_run_step_completed`: a tool call's result. */
  | { type: 'tool_call_completed'; index: number; toolCall: ToolCallResult }
  /** `on_agent_update`: which agent speaks from `index` on. */
  | { type: 'agent_update'; index: number; runId?: string; agentId?: string }
  /** Legacy dialect (google): the reply's whole text so far. */
  | { type: 'legacy_text'; text: string; messageId?: string; parentMessageId?: string }
  /** Last frame: the saved exchange. An abort's answer has the same shape without a title. */
  | {
      type: 'final';
      conversation: Record<string, unknown> | null;
      title: string | null;
      requestMessage: ChatMessage | null;
      responseMessage: ChatMessage;
    }
  /** `event: error`: the reply as an error message (its text plain or a JSON error type). */
  | { type: 'error'; message: ChatMessage }
  /** `event: attachment`: a file a tool produced. */
  | { type: 'attachment'; attachment: Record<string, unknown> };

export interface ToolCallStart {
  id: string;
  name: string;
  args: unknown;
}

export interface ToolCallChunk {
  id?: string;
  name?: string;
  args?: string;
  index?: number;
}

export interface ToolCallResult {
  id?: string;
  name?: string;
  args?: unknown;
  output?: unknown;
  [key: string]: unknown;
}
