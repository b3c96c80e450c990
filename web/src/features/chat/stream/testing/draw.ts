import { type LiveExchange, resumeExchange } from '../live-exchange';
import { parseStreamEvent } from '../parse-frame';
import { readEventStream } from '../read-event-stream';
import { reduceFrame } from '../reduce-frame';
import { chunkedBody, cut } from './sse';

/**
 * The exchange an SSE text draws, read the way the run store reads it: bytes in chunks of
 * `chunkSize` characters, eventsource-parser, parseStreamEvent, reduceFrame.
 */
export async function draw(
  text: string,
  chunkSize: number,
  start: LiveExchange = resumeExchange('c', 'AI', {}),
): Promise<LiveExchange> {
  let state = start;
  await readEventStream(chunkedBody(cut(text, chunkSize)), (event) => {
    const frame = parseStreamEvent(event.event, event.data);
    if (frame) state = reduceFrame(state, frame);
  });
  return state;
}
