import { describe, expect, it } from 'vitest';
import { TurnCollector } from './turn-collector';

describe('TurnCollector', () => {
  it('keeps the turn as the model made it: signed reasoning, text, redacted reasoning and interleaved calls', () => {
    const turn = new TurnCollector();
    turn.add({ type: 'reasoning', text: 'Think ' });
    turn.add({ type: 'reasoning', text: 'hard.' });
    turn.add({ type: 'reasoning_signature', signature: 'sig-1' });
    turn.add({ type: 'reasoning', text: 'Again.' });
    turn.add({ type: 'redacted_reasoning', data: 'opaque' });
    turn.add({ type: 'text', text: 'Calling.' });
    turn.add({ type: 'tool_call_start', index: 0, id: 'a', name: 'calculator' });
    turn.add({ type: 'tool_call_start', index: 1, id: 'b', name: 'lookup' });
    turn.add({ type: 'tool_call_args', index: 1, chunk: '{"q":1}' });
    turn.add({ type: 'tool_call_args', index: 0, chunk: '{"input":"1"}' });
    turn.add({ type: 'usage', promptTokens: 1, completionTokens: 1 });
    expect(turn.assistantMessage()).toEqual({
      role: 'assistant',
      content: [
        { type: 'reasoning', text: 'Think hard.', signature: 'sig-1' },
        { type: 'reasoning', text: 'Again.' },
        { type: 'redacted_reasoning', data: 'opaque' },
        { type: 'text', text: 'Calling.' },
        { type: 'tool_call', id: 'a', name: 'calculator', args: '{"input":"1"}' },
        { type: 'tool_call', id: 'b', name: 'lookup', args: '{"q":1}' },
      ],
    });
    expect(turn.toolCalls.map((call) => call.id)).toEqual(['a', 'b']);
  });

  it("keeps Gemini's signature on the call it signed, so the follow-up sends it back", () => {
    const turn = new TurnCollector();
    turn.add({ type: 'tool_call_start', index: 0, id: 'a', name: 'lookup', signature: 'thought-sig' });
    turn.add({ type: 'tool_call_args', index: 0, chunk: '{"q":1}' });
    turn.add({ type: 'tool_call_start', index: 1, id: 'b', name: 'lookup' });
    expect(turn.assistantMessage().content).toEqual([
      { type: 'tool_call', id: 'a', name: 'lookup', args: '{"q":1}', signature: 'thought-sig' },
      { type: 'tool_call', id: 'b', name: 'lookup', args: '{}' },
    ]);
  });

  it('sends `{}` for a call streamed without arguments', () => {
    const turn = new TurnCollector();
    turn.add({ type: 'tool_call_start', index: 0, id: 'a', name: 'now' });
    expect(turn.toolCalls).toEqual([{ id: 'a', wireName: 'now', args: '{}' }]);
  });
});
