/**
 * Drains a provider's event stream for assertions: what was yielded before it ended, and the
 * error it ended with (a provider must yield the text that arrived before failing, so tests
 * look at both).
 */
import type { ProviderEvent } from '../types';

export interface Collected<T> {
  events: T[];
  /** What the stream threw, or undefined when it ended normally. */
  error: unknown;
}

export async function collectEvents<T>(stream: AsyncIterable<T>): Promise<Collected<T>> {
  const events: T[] = [];
  try {
    for await (const event of stream) events.push(event);
    return { events, error: undefined };
  } catch (error) {
    return { events, error };
  }
}

/** The concatenated text deltas. */
export function textOf(events: readonly ProviderEvent[]): string {
  return events.map((event) => (event.type === 'text' ? event.text : '')).join('');
}

/** The concatenated reasoning deltas. */
export function reasoningOf(events: readonly ProviderEvent[]): string {
  return events.map((event) => (event.type === 'reasoning' ? event.text : '')).join('');
}

export interface CollectedCall {
  id: string;
  name: string;
  /** The argument pieces joined. */
  args: string;
  ended: boolean;
}

/** The tool calls the events describe, by their index. */
export function toolCallsOf(events: readonly ProviderEvent[]): CollectedCall[] {
  const calls: CollectedCall[] = [];
  for (const event of events) {
    if (event.type === 'tool_call_start')
      calls[event.index] = { id: event.id, name: event.name, args: '', ended: false };
    const call = 'index' in event ? calls[event.index] : undefined;
    if (!call) continue;
    if (event.type === 'tool_call_args') call.args += event.chunk;
    if (event.type === 'tool_call_end') call.ended = true;
  }
  return calls;
}
