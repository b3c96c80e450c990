/**
 * One model turn of the tool loop, collected from the provider's events as they stream: the
 * assistant message to send back on the next request exactly as the model produced it (text,
 * reasoning with its signature, redacted reasoning, tool calls with their arguments as JSON
 * text), and the calls to run.
 */
import type { AssistantMessage, ProviderEvent, ReplyPart } from '../../worker/providers/types';

export interface CollectedCall {
  id: string;
  /** The name the model called (the tool's wire name). */
  wireName: string;
  /** The arguments as JSON text, as streamed. */
  args: string;
}

type TurnPart = ReplyPart | { type: 'text'; text: string };

export class TurnCollector {
  private readonly parts: TurnPart[] = [];
  private readonly calls = new Map<number, Extract<ReplyPart, { type: 'tool_call' }>>();

  add(event: ProviderEvent): void {
    switch (event.type) {
      case 'text':
      case 'reasoning': {
        if (event.text === '') return;
        const kind = event.type;
        const last = this.parts.at(-1);
        // A signed reasoning block is closed: what follows starts a new one.
        if (last?.type === kind && !(last.type === 'reasoning' && last.signature !== undefined))
          last.text += event.text;
        else this.parts.push({ type: kind, text: event.text });
        return;
      }
      case 'reasoning_signature': {
        const last = this.parts.at(-1);
        if (last?.type === 'reasoning') last.signature = event.signature;
        return;
      }
      case 'redacted_reasoning':
        this.parts.push({ type: 'redacted_reasoning', data: event.data });
        return;
      case 'tool_call_start': {
        // Gemini signs a call's part; the follow-up must send the signature back on that call.
        const signed = event.signature === undefined ? {} : { signature: event.signature };
        const call = { type: 'tool_call' as const, id: event.id, name: event.name, args: '', ...signed };
        this.calls.set(event.index, call);
        this.parts.push(call);
        return;
      }
      case 'tool_call_args': {
        const call = this.calls.get(event.index);
        if (call) call.args += event.chunk;
        return;
      }
      default:
        return;
    }
  }

  /** The calls of the turn, in the order the model made them. */
  get toolCalls(): CollectedCall[] {
    return this.parts.flatMap((part) =>
      part.type === 'tool_call' ? [{ id: part.id, wireName: part.name, args: part.args || '{}' }] : [],
    );
  }

  /** The turn as the next request sends it back. */
  assistantMessage(): AssistantMessage {
    return {
      role: 'assistant',
      content: this.parts.map((part) => (part.type === 'tool_call' ? { ...part, args: part.args || '{}' } : part)),
    };
  }
}
