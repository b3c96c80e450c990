/**
 * The content blocks of an Anthropic stream → ProviderEvents. Blocks arrive one at a time by
 * `index`: text and thinking as deltas; a thinking block's signature as a `signature_delta`
 * before it stops; encrypted thinking whole, as a `redacted_thinking` block; a tool call as a
 * `tool_use` block (id and name at its start) whose input streams as pieces of JSON text
 * (`input_json_delta`), complete when the block stops. Blocks of other types (server tools,
 * citations) carry nothing to show and are skipped.
 */
import { isRecord } from '../failures';
import type { ProviderEvent } from '../types';

interface ToolBlock {
  /** The call's position among this reply's tool calls: the events' `index`. */
  call: number;
  hasArgs: boolean;
}

export class BlockReader {
  /** Open tool_use blocks by block index. */
  private readonly tools = new Map<number, ToolBlock>();
  private calls = 0;

  start(event: Record<string, unknown>): ProviderEvent[] {
    const block = isRecord(event.content_block) ? event.content_block : {};
    switch (block.type) {
      // The opening block normally carries empty text; yield it anyway should it not be.
      case 'text':
        return nonEmpty(block.text) ? [{ type: 'text', text: block.text }] : [];
      case 'thinking':
        return [
          ...(nonEmpty(block.thinking) ? [{ type: 'reasoning' as const, text: block.thinking }] : []),
          ...(nonEmpty(block.signature) ? [{ type: 'reasoning_signature' as const, signature: block.signature }] : []),
        ];
      case 'redacted_thinking':
        return nonEmpty(block.data) ? [{ type: 'redacted_reasoning', data: block.data }] : [];
      case 'tool_use':
        return this.startTool(event.index, block);
      default:
        return [];
    }
  }

  delta(event: Record<string, unknown>): ProviderEvent[] {
    const delta = isRecord(event.delta) ? event.delta : {};
    switch (delta.type) {
      case 'text_delta':
        return nonEmpty(delta.text) ? [{ type: 'text', text: delta.text }] : [];
      case 'thinking_delta':
        return nonEmpty(delta.thinking) ? [{ type: 'reasoning', text: delta.thinking }] : [];
      case 'signature_delta':
        return nonEmpty(delta.signature) ? [{ type: 'reasoning_signature', signature: delta.signature }] : [];
      case 'input_json_delta': {
        const tool = typeof event.index === 'number' ? this.tools.get(event.index) : undefined;
        // The first piece is always empty; a tool without arguments sends no other.
        if (!tool || !nonEmpty(delta.partial_json)) return [];
        tool.hasArgs = true;
        return [{ type: 'tool_call_args', index: tool.call, chunk: delta.partial_json }];
      }
      default:
        return [];
    }
  }

  stop(event: Record<string, unknown>): ProviderEvent[] {
    const tool = typeof event.index === 'number' ? this.tools.get(event.index) : undefined;
    if (!tool || typeof event.index !== 'number') return [];
    this.tools.delete(event.index);
    return [
      ...(tool.hasArgs ? [] : [{ type: 'tool_call_args' as const, index: tool.call, chunk: '{}' }]),
      { type: 'tool_call_end', index: tool.call },
    ];
  }

  private startTool(blockIndex: unknown, block: Record<string, unknown>): ProviderEvent[] {
    if (typeof blockIndex !== 'number' || !nonEmpty(block.id) || typeof block.name !== 'string') return [];
    const tool: ToolBlock = { call: this.calls++, hasArgs: false };
    this.tools.set(blockIndex, tool);
    const events: ProviderEvent[] = [{ type: 'tool_call_start', index: tool.call, id: block.id, name: block.name }];
    // The API opens with an empty input and streams it; a gateway that sends it whole here is read too.
    if (isRecord(block.input) && Object.keys(block.input).length > 0) {
      tool.hasArgs = true;
      events.push({ type: 'tool_call_args', index: tool.call, chunk: JSON.stringify(block.input) });
    }
    return events;
  }
}

function nonEmpty(value: unknown): value is string {
  return typeof value === 'string' && value !== '';
}
