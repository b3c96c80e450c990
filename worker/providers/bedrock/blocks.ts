/**
 * The content blocks of a ConverseStream reply → ProviderEvents. Blocks are numbered by
 * `contentBlockIndex`: text and reasoning stream as deltas (a reasoning block then sends its
 * signature, or arrives as redacted bytes instead); a tool call opens with `contentBlockStart`
 * (`start.toolUse` with its id and name), streams its input as pieces of JSON text
 * (`delta.toolUse.input`), and is complete at its `contentBlockStop`.
 */
import { isRecord } from '../failures';
import type { ProviderEvent } from '../types';

interface ToolBlock {
  /** The call's position among this reply's tool calls: the events' `index`. */
  call: number;
  hasArgs: boolean;
}

export class ConverseBlocks {
  /** Open toolUse blocks by contentBlockIndex. */
  private readonly tools = new Map<number, ToolBlock>();
  private calls = 0;

  start(data: Record<string, unknown>): ProviderEvent[] {
    const start = isRecord(data.start) ? data.start : {};
    const toolUse = isRecord(start.toolUse) ? start.toolUse : undefined;
    if (!toolUse || typeof data.contentBlockIndex !== 'number') return [];
    if (!nonEmpty(toolUse.toolUseId) || typeof toolUse.name !== 'string') return [];
    const tool: ToolBlock = { call: this.calls++, hasArgs: false };
    this.tools.set(data.contentBlockIndex, tool);
    return [{ type: 'tool_call_start', index: tool.call, id: toolUse.toolUseId, name: toolUse.name }];
  }

  delta(data: Record<string, unknown>): ProviderEvent[] {
    const delta = isRecord(data.delta) ? data.delta : {};
    if (typeof delta.text === 'string') return nonEmpty(delta.text) ? [{ type: 'text', text: delta.text }] : [];
    if (isRecord(delta.reasoningContent)) {
      const reasoning = delta.reasoningContent;
      if (nonEmpty(reasoning.text)) return [{ type: 'reasoning', text: reasoning.text }];
      if (nonEmpty(reasoning.signature)) return [{ type: 'reasoning_signature', signature: reasoning.signature }];
      // Encrypted reasoning: base64 bytes in JSON, shown nowhere, echoed as they came.
      if (nonEmpty(reasoning.redactedContent)) return [{ type: 'redacted_reasoning', data: reasoning.redactedContent }];
      return [];
    }
    if (isRecord(delta.toolUse)) {
      const tool = typeof data.contentBlockIndex === 'number' ? this.tools.get(data.contentBlockIndex) : undefined;
      if (!tool || !nonEmpty(delta.toolUse.input)) return [];
      tool.hasArgs = true;
      return [{ type: 'tool_call_args', index: tool.call, chunk: delta.toolUse.input }];
    }
    return [];
  }

  stop(data: Record<string, unknown>): ProviderEvent[] {
    const index = data.contentBlockIndex;
    const tool = typeof index === 'number' ? this.tools.get(index) : undefined;
    if (!tool || typeof index !== 'number') return [];
    this.tools.delete(index);
    return [
      ...(tool.hasArgs ? [] : [{ type: 'tool_call_args' as const, index: tool.call, chunk: '{}' }]),
      { type: 'tool_call_end', index: tool.call },
    ];
  }
}

function nonEmpty(value: unknown): value is string {
  return typeof value === 'string' && value !== '';
}
