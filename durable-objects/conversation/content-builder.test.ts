import { describe, expect, it } from 'vitest';
import { sseFrame } from '../../worker/contract/stream';
import { parseSse } from '../../worker/test/chat/sse';
import { ContentBuilder } from './content-builder';
import { DeltaEncoder } from './frames';

const ids = { responseMessageId: 'reply-1', parentMessageId: 'user-1' };

describe('DeltaEncoder', () => {
  it.each(['plain', 'quotes " and \\ backslashes', 'new\nlines\tand\u2028separators', 'émoji 👋 日本語', ''])(
    'encodes %j exactly as sseFrame would',
    (chunk) => {
      expect(new DeltaEncoder('step_1', 'text').encode(chunk)).toBe(
        sseFrame({
          event: 'on_message_delta',
          data: { id: 'step_1', delta: { content: [{ type: 'text', text: chunk }] } },
        }),
      );
      expect(new DeltaEncoder('step_2', 'think').encode(chunk)).toBe(
        sseFrame({
          event: 'on_reasoning_delta',
          data: { id: 'step_2', delta: { content: [{ type: 'think', think: chunk }] } },
        }),
      );
    },
  );
});

describe('ContentBuilder, content-parts dialect', () => {
  it('opens a run step whenever the part type switches, with the content index', () => {
    const builder = new ContentBuilder({ dialect: 'parts', generation: null, ...ids });
    const frames = parseSse(
      [
        builder.apply({ type: 'reasoning', text: 'Hmm' }),
        builder.apply({ type: 'reasoning', text: '…' }),
        builder.apply({ type: 'text', text: 'Hello' }),
        builder.apply({ type: 'usage', promptTokens: 1, completionTokens: 2 }),
        builder.apply({ type: 'text', text: ' world' }),
        builder.apply({ type: 'reasoning', text: 'again' }),
        builder.apply({ type: 'finish', reason: 'stop' }),
      ].join(''),
    );
    const steps = frames.filter((frame) => frame.data.event === 'on_run_step').map((frame) => frame.data.data);
    expect(steps).toMatchObject([
      {
        index: 0,
        runId: 'reply-1',
        type: 'message_creation',
        stepDetails: { message_creation: { message_id: 'reply-1' } },
      },
      { index: 1 },
      { index: 2 },
    ]);
    expect(frames.map((frame) => frame.data.event)).toEqual([
      'on_run_step',
      'on_reasoning_delta',
      'on_reasoning_delta',
      'on_run_step',
      'on_message_delta',
      'on_message_delta',
      'on_run_step',
      'on_reasoning_delta',
    ]);
    expect(builder.snapshot()).toEqual({
      text: 'Hello world',
      content: [
        { type: 'think', think: 'Hmm…' },
        { type: 'text', text: 'Hello world' },
        { type: 'think', think: 'again' },
      ],
      receivedTextChars: 11,
    });
    expect(builder.buffersDeltas).toBe(true);
    expect(builder.replayTail()).toBe('');
  });

  it('extends the generation’s text part when continuing', () => {
    const builder = new ContentBuilder({ dialect: 'parts', generation: 'Once upon', ...ids });
    const frames = parseSse(builder.apply({ type: 'text', text: ' a time' }));
    expect(frames[0]?.data).toMatchObject({ event: 'on_run_step', data: { index: 0 } });
    expect(builder.snapshot()).toEqual({
      text: 'Once upon a time',
      content: [{ type: 'text', text: 'Once upon a time' }],
      receivedTextChars: 7,
    });
  });
});

describe('ContentBuilder, legacy dialect (google)', () => {
  it('sends the full text so far, initial first, and replays one frame with the current text', () => {
    const builder = new ContentBuilder({ dialect: 'legacy', generation: null, ...ids });
    expect(builder.replayTail()).toBe('');
    const frames = parseSse(
      [
        builder.apply({ type: 'text', text: 'Grüß' }),
        builder.apply({ type: 'reasoning', text: 'ignored' }),
        builder.apply({ type: 'text', text: ' Gott' }),
      ].join(''),
    );
    expect(frames.map((frame) => frame.data)).toEqual([
      { message: true, initial: true, text: 'Grüß', messageId: 'reply-1', parentMessageId: 'user-1' },
      { message: true, initial: false, text: 'Grüß Gott', messageId: 'reply-1', parentMessageId: 'user-1' },
    ]);
    expect(parseSse(builder.replayTail())[0]?.data).toMatchObject({ initial: true, text: 'Grüß Gott' });
    expect(builder.snapshot()).toEqual({ text: 'Grüß Gott', content: null, receivedTextChars: 9 });
    expect(builder.buffersDeltas).toBe(false);
  });
});
