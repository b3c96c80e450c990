/**
 * Tool calls in Chat Completions answers → tool_call_start / _args / _end events. A stream sends
 * each call in fragments: the first with the call's `index`, `id` and `function.name`, later
 * ones more of `function.arguments`. Compatible servers differ: Ollama sends every call of a
 * turn at index 0, each with its own id; some send `arguments` as an object, whole; some give
 * no id. A non-streamed answer carries the calls whole, in `message.tool_calls`.
 */
import type { FinishReason, ProviderEvent } from '../types';
import { isRecord } from './errors';

interface OpenCall {
  /** The call's position in this reply: the events' `index`. */
  index: number;
  id: string;
  hasArgs: boolean;
}

export class ToolCallAccumulator {
  /** Open calls by the index the server gave them. */
  private readonly open = new Map<number, OpenCall>();
  private started = 0;

  /** Events for the `tool_calls` array of one delta (or of a whole message). */
  fragments(toolCalls: unknown): ProviderEvent[] {
    if (!Array.isArray(toolCalls)) return [];
    const events: ProviderEvent[] = [];
    toolCalls.forEach((fragment, position) => {
      if (!isRecord(fragment)) return;
      const fn = isRecord(fragment.function) ? fragment.function : {};
      // Without an index (a whole message, some servers), a fragment's place in the array is its index.
      const slot = typeof fragment.index === 'number' ? fragment.index : position;
      const id = typeof fragment.id === 'string' && fragment.id !== '' ? fragment.id : undefined;
      let call = this.open.get(slot);
      // A new id at an index in use is a new call (Ollama): the one before it is complete.
      if (call && id !== undefined && id !== call.id) {
        events.push(...this.end(slot, call));
        call = undefined;
      }
      if (!call) {
        call = { index: this.started++, id: id ?? `call_${crypto.randomUUID().replaceAll('-', '')}`, hasArgs: false };
        this.open.set(slot, call);
        const name = typeof fn.name === 'string' ? fn.name : '';
        events.push({ type: 'tool_call_start', index: call.index, id: call.id, name });
      }
      const chunk = argumentsText(fn.arguments);
      if (chunk !== '') {
        call.hasArgs = true;
        events.push({ type: 'tool_call_args', index: call.index, chunk });
      }
    });
    return events;
  }

  /**
   * The end of every open call, then the finish. A reply that made calls finishes with
   * `tool_calls` even where a server says `stop` (Ollama, llama.cpp), so the loop need not guess.
   */
  finish(reason: FinishReason): ProviderEvent[] {
    const events: ProviderEvent[] = [];
    for (const [slot, call] of [...this.open].sort((a, b) => a[1].index - b[1].index)) {
      events.push(...this.end(slot, call));
    }
    const calledTools = this.started > 0 && reason === 'stop';
    events.push({ type: 'finish', reason: calledTools ? 'tool_calls' : reason });
    return events;
  }

  private end(slot: number, call: OpenCall): ProviderEvent[] {
    this.open.delete(slot);
    const events: ProviderEvent[] = [];
    if (!call.hasArgs) events.push({ type: 'tool_call_args', index: call.index, chunk: '{}' });
    events.push({ type: 'tool_call_end', index: call.index });
    return events;
  }
}

/** A fragment's arguments: text as is; an object (some servers send them parsed) as JSON text. */
function argumentsText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (isRecord(value) || Array.isArray(value)) return JSON.stringify(value);
  return '';
}
