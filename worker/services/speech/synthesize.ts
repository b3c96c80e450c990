/**
 * Text to one audio stream: each piece of the text goes to the engine in its wire format, and
 * the answers are played into one stream in order. The next piece is asked for while the
 * current one streams, so pieces follow without a gap; at most two engine calls are open.
 */
import { HttpError } from '../../http-error';
import { callEngine, type EngineFetch } from './engine-call';
import type { TtsEngine } from './engines';
import { elevenLabsSpeechRequest } from './tts-elevenlabs';
import { localAISpeechRequest } from './tts-localai';
import { openAISpeechRequest } from './tts-openai';

export interface SpeechAudio {
  body: ReadableStream<Uint8Array>;
  contentType: string;
}

export function speechRequest(engine: TtsEngine, text: string, voice: string): Request {
  switch (engine.kind) {
    case 'elevenlabs':
      return elevenLabsSpeechRequest(engine, text, voice);
    case 'localai':
      return localAISpeechRequest(engine, text, voice);
    case 'openai':
    case 'azureOpenAI':
      return openAISpeechRequest(engine, text, voice);
  }
}

function audioType(response: Response): string {
  const type = response.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase();
  return type?.startsWith('audio/') ? type : 'audio/mpeg';
}

/**
 * Answers once the first piece's engine call succeeded (a failure there is an HttpError the
 * route answers as JSON). A later piece's failure can only end the stream with an error: the
 * client has already started playing.
 */
export async function synthesize(
  engine: TtsEngine,
  voice: string,
  pieces: readonly string[],
  fetcher: EngineFetch,
): Promise<SpeechAudio> {
  const call = (index: number) => callEngine(speechRequest(engine, pieces[index] ?? '', voice), fetcher, 'tts');
  const first = await call(0);
  const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>();
  const pump = async () => {
    const writer = writable.getWriter();
    let current: Promise<Response> = Promise.resolve(first);
    let next: Promise<Response> | undefined;
    let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
    try {
      for (let index = 0; index < pieces.length; index += 1) {
        const response = await current;
        next = index + 1 < pieces.length ? call(index + 1) : undefined;
        // A failed prefetch is awaited on the next round; until then it must not go unhandled.
        next?.catch(() => undefined);
        if (next) current = next;
        reader = (response.body as ReadableStream<Uint8Array>).getReader();
        for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) await writer.write(chunk.value);
      }
      await writer.close();
    } catch (error) {
      // The client left or an engine failed: no engine goes on speaking for nobody.
      await reader?.cancel().catch(() => undefined);
      void next?.then((response) => response.body?.cancel()).catch(() => undefined);
      await writer
        .abort(error instanceof HttpError ? error.message : 'The speech engine stopped')
        .catch(() => undefined);
    }
  };
  void pump();
  return { body: readable, contentType: audioType(first) };
}
