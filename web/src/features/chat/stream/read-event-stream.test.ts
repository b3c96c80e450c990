import type { EventSourceMessage } from 'eventsource-parser';
import { describe, expect, it } from 'vitest';
import { readEventStream } from './read-event-stream';
import { chunkedBody, cut, liveSseResponse, sse } from './testing/sse';

async function eventsOf(chunks: (string | Uint8Array)[]): Promise<EventSourceMessage[]> {
  const events: EventSourceMessage[] = [];
  await readEventStream(chunkedBody(chunks), (event) => events.push(event));
  return events;
}

describe('readEventStream', () => {
  const text =
    sse({ created: true }) +
    sse({ event: 'on_message_delta', data: { id: 's', delta: { content: [{ type: 'text', text: 'a\nb' }] } } }) +
    sse({ text: 'boom' }, 'error');

  it('yields each frame whole, with its event name, however the bytes are cut', async () => {
    const whole = await eventsOf([text]);
    expect(whole.map((event) => event.event)).toEqual(['message', 'message', 'error']);
    expect(JSON.parse(whole[1]?.data ?? '')).toMatchObject({ event: 'on_message_delta' });
    for (const size of [1, 2, 3, 7, 50]) {
      expect(await eventsOf(cut(text, size))).toEqual(whole);
    }
  });

  it('keeps a multi-byte character that is split between two chunks', async () => {
    const bytes = new TextEncoder().encode(sse({ text: 'héllo 👋' }));
    const splitAt = bytes.indexOf(0xf0) + 2; // inside the emoji's four bytes
    const events = await eventsOf([bytes.slice(0, splitAt), bytes.slice(splitAt)]);
    expect(JSON.parse(events[0]?.data ?? '')).toEqual({ text: 'héllo 👋' });
  });

  it('handles CRLF line ends and keep-alive comments', async () => {
    const events = await eventsOf([': ping\r\n\r\nevent: message\r\ndata: {"a":1}\r\n\r\n']);
    expect(events).toEqual([expect.objectContaining({ event: 'message', data: '{"a":1}' })]);
  });

  it('rejects when the connection drops, after the frames that arrived', async () => {
    const live = liveSseResponse();
    const events: EventSourceMessage[] = [];
    const reading = readEventStream(live.body, (event) => events.push(event));
    live.push(sse({ n: 1 }));
    live.fail();
    await expect(reading).rejects.toThrow('network error');
    expect(events).toHaveLength(1);
  });

  it('stops reading when its signal aborts', async () => {
    const live = liveSseResponse();
    const controller = new AbortController();
    const reading = readEventStream(live.body, () => undefined, controller.signal);
    controller.abort();
    await expect(reading).rejects.toThrow();
  });
});
