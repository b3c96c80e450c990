/**
 * The chat stream protocol (LibreChat v0.7.8 wire format, see shared reference): server-sent
 * events over the POST response of `/api/ask/…`, every frame `event: message` with a JSON
 * `data:` line except `event: error`. Clients tell frames apart by their JSON shape.
 */

/** A message as the API shows it. */
export interface WireMessage {
  messageId: string;
  conversationId: string;
  parentMessageId: string;
  sender: string;
  text: string;
  isCreatedByUser: boolean;
  endpoint?: string | null;
  model?: string | null;
  content?: WireContentPart[] | null;
  error?: boolean;
  unfinished?: boolean;
  finish_reason?: string | null;
  tokenCount?: number | null;
  files?: unknown[] | null;
  iconURL?: string | null;
  clientTimestamp?: string | null;
  generation?: string | null;
  createdAt?: string;
  updatedAt?: string;
}

export type WireContentPart =
  | { type: 'text'; text: string }
  | { type: 'think'; think: string }
  | { type: string; [key: string]: unknown };

export interface RunStep {
  id: string;
  runId: string;
  type: 'message_creation' | 'tool_calls';
  index: number;
  stepDetails:
    | { type: 'message_creation'; message_creation: { message_id: string } }
    | { type: 'tool_calls'; tool_calls: { id: string; name: string; args: string; type: 'tool_call' }[] };
}

export type StreamFrame =
  | { created: true; message: WireMessage }
  | { event: 'on_run_step'; data: RunStep }
  | { event: 'on_message_delta'; data: { id: string; delta: { content: [{ type: 'text'; text: string }] } } }
  | { event: 'on_reasoning_delta'; data: { id: string; delta: { content: [{ type: 'think'; think: string }] } } }
  /** Legacy text delta (google): the full text so far. */
  | { message: true; initial: boolean; text: string; messageId: string; parentMessageId: string }
  | {
      final: true;
      conversation: Record<string, unknown>;
      title: string | null;
      requestMessage: WireMessage;
      responseMessage: WireMessage;
    };

/** Body of `event: error`; `text` is plain or a JSON string such as `{"type":"no_user_key"}`. */
export interface StreamErrorFrame {
  error: true;
  final: true;
  text: string;
  messageId: string;
  conversationId: string;
  parentMessageId: string;
  sender: string;
  isCreatedByUser: false;
}

export const SSE_HEADERS = {
  'Content-Type': 'text/event-stream',
  'Cache-Control': 'no-cache, no-transform',
  'X-Accel-Buffering': 'no',
} as const;

/** One SSE frame as text. */
export function sseFrame(data: StreamFrame | StreamErrorFrame, event: 'message' | 'error' = 'message'): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}
