import { describe, expect, it } from 'vitest';
import { streamDialect } from '../../worker/engine/stream-dialect';
import * as fixtures from '../../worker/providers/google/fixtures/stream';
import { streamGoogleChat } from '../../worker/providers/google/stream';
import { fakeFetch } from '../../worker/providers/testing';
import { parseSse } from '../../worker/test/chat/sse';
import { ContentBuilder } from './content-builder';

const ids = { responseMessageId: 'reply-1', parentMessageId: 'user-1' };

/** A Gemini reply from the wire, through the provider's parser, into the frames the DO sends. */
async function geminiReply(model: string) {
  const builder = new ContentBuilder({ dialect: streamDialect('google', model), generation: null, ...ids });
  const fake = fakeFetch(new Response(fixtures.THINKING_STREAM, { headers: { 'content-type': 'text/event-stream' } }));
  const request = { model, messages: [{ role: 'user' as const, content: 'Hallo' }], parameters: {} };
  let frames = '';
  for await (const event of streamGoogleChat({ apiKey: 'AIza-test' }, request, fake.fetch))
    frames += builder.apply(event);
  return { frames: parseSse(frames), snapshot: builder.snapshot() };
}

describe('a Gemini reply with thought summaries', () => {
  it('streams the thoughts into a think part before the text, as the other providers do', async () => {
    const { frames, snapshot } = await geminiReply('gemini-2.5-flash');
    const think = { content: [{ type: 'think', think: fixtures.THINKING_STREAM_REASONING }] };
    expect(frames.map((frame) => frame.data)).toMatchObject([
      { event: 'on_run_step', data: { index: 0 } },
      { event: 'on_reasoning_delta', data: { delta: think } },
      { event: 'on_run_step', data: { index: 1 } },
      { event: 'on_message_delta' },
      { event: 'on_message_delta' },
    ]);
    expect(snapshot.content).toEqual([
      { type: 'think', think: fixtures.THINKING_STREAM_REASONING },
      { type: 'text', text: fixtures.THINKING_STREAM_TEXT },
    ]);
    expect(snapshot.text).toBe(fixtures.THINKING_STREAM_TEXT);
  });

  it('keeps the legacy full-text frames for Gemini models that do not think', () => {
    expect(streamDialect('google', 'gemini-1.5-flash-latest')).toBe('legacy');
    expect(streamDialect('anthropic', 'claude-sonnet-4')).toBe('parts');
  });
});
