import type { WireContentPart } from '@/shared/conversation/types';
import type { ToolCallChunk, ToolCallResult, ToolCallStart } from './stream-frame';

/*
 * Immutable edits of a reply's content parts (`{type:'text', text}`, `{type:'think', think}`,
 * `{type:'tool_call', tool_call:{id, name, args, output?, progress?}}`), each at the index its
 * run step names. Every edit returns a new array; parts not touched keep their identity.
 */

export type ContentParts = readonly WireContentPart[];
export type TextKind = 'text' | 'think';

function withPart(content: ContentParts, index: number, part: WireContentPart): WireContentPart[] {
  const next = content.slice();
  next[index] = part;
  return next;
}

/** The text of a text or thinking part, if the part at `index` is of that kind. */
function textOf(part: WireContentPart | undefined, kind: TextKind): string | null {
  if (!part || part.type !== kind) return null;
  const value: unknown =
    kind === 'text' ? ('text' in part ? part.text : undefined) : 'think' in part ? part.think : undefined;
  return typeof value === 'string' ? value : null;
}

const textPart = (kind: TextKind, value: string): WireContentPart =>
  kind === 'text' ? { type: 'text', text: value } : { type: 'think', think: value };

/** `chunk` appended to the `kind` part at `index` (created there when the slot is another kind or empty). */
export function appendText(content: ContentParts, index: number, kind: TextKind, chunk: string): WireContentPart[] {
  return withPart(content, index, textPart(kind, (textOf(content[index], kind) ?? '') + chunk));
}

/**
 * Where a delta goes when its run step is unknown: the last part if it is of the same kind,
 * otherwise a new part at the end (a new index whenever the part type switches).
 */
export function fallbackIndex(content: ContentParts, kind: TextKind): number {
  const last = content.length - 1;
  return last >= 0 && content[last]?.type === kind ? last : content.length;
}

type ToolCall = Record<string, unknown>;

function toolCallAt(content: ContentParts, index: number): ToolCall {
  const part = content[index];
  if (!part || part.type !== 'tool_call' || !('tool_call' in part)) return {};
  const call = part.tool_call;
  return typeof call === 'object' && call !== null ? { ...call } : {};
}

const toolCallPart = (call: ToolCall): WireContentPart => ({ type: 'tool_call', tool_call: call });

/** A tool-calls run step: its calls, in order, from `index` on. */
export function placeToolCalls(
  content: ContentParts,
  index: number,
  calls: readonly ToolCallStart[],
): WireContentPart[] {
  let next = content.slice();
  calls.forEach((call, offset) => {
    next = withPart(
      next,
      index + offset,
      toolCallPart({ ...toolCallAt(next, index + offset), ...call, type: 'tool_call' }),
    );
  });
  return next;
}

/** The slot of a streamed chunk among its step's calls: by id, else by its index, else its position. */
function chunkOffset(chunk: ToolCallChunk, position: number, toolCallIds: readonly string[]): number {
  const byId = chunk.id ? toolCallIds.indexOf(chunk.id) : -1;
  if (byId >= 0) return byId;
  return chunk.index ?? position;
}

/**
 * Tool-call argument chunks (`on_run_step_delta`): each appends to its call's `args`. An
 * authorization the tool waits for (`auth`, `expires_at`) is put on the step's calls, where the
 * messages UI shows the sign-in link.
 */
export function appendToolCallChunks(
  content: ContentParts,
  placement: { index: number; toolCallIds: readonly string[] },
  chunks: readonly ToolCallChunk[],
  authorization: { auth?: string; expiresAt?: number },
): WireContentPart[] {
  let next = content.slice();
  chunks.forEach((chunk, position) => {
    const index = placement.index + chunkOffset(chunk, position, placement.toolCallIds);
    const call = toolCallAt(next, index);
    const args = typeof call.args === 'string' ? call.args : '';
    next = withPart(
      next,
      index,
      toolCallPart({
        ...call,
        ...(chunk.id && !call.id ? { id: chunk.id } : {}),
        ...(chunk.name ? { name: chunk.name } : {}),
        args: args + (chunk.args ?? ''),
        type: 'tool_call',
      }),
    );
  });
  if (authorization.auth !== undefined) {
    const count = Math.max(placement.toolCallIds.length, 1);
    for (let offset = 0; offset < count; offset += 1) {
      const index = placement.index + offset;
      next = withPart(
        next,
        index,
        toolCallPart({ ...toolCallAt(next, index), auth: authorization.auth, expires_at: authorization.expiresAt }),
      );
    }
  }
  return next;
}

/** A finished tool call (`on_run_step_completed`): its output, and progress 1. */
export function completeToolCall(content: ContentParts, index: number, result: ToolCallResult): WireContentPart[] {
  return withPart(
    content,
    index,
    toolCallPart({ ...toolCallAt(content, index), ...result, type: 'tool_call', progress: 1 }),
  );
}

/** An agent handing over (`on_agent_update`), kept as a part so the UI can show who speaks. */
export function placeAgentUpdate(
  content: ContentParts,
  index: number,
  update: { runId?: string; agentId?: string },
): WireContentPart[] {
  return withPart(content, index, { type: 'agent_update', agent_update: { index, ...update } });
}
