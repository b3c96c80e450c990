/**
 * Text to one audio stream: each piece of the text goes to the engine in its wire format, and
 * the answers are played into one stream in order (joined as their format needs, see
 * ./piece-framing.ts). The next piece is asked for while the
 * current one streams, so pieces follow without a gap; at most two engine calls are open.
 */
import { ERROR_CODES } from '../../contract/errors';
import { HttpError } from '../../http-error';
import { log } from '../../logging/logger';
import { callEngine, type EngineFetch } from './engine-call';
import type { TtsEngine } from './engines';
import { elevenLabsSpeechRequest } from './tts-elevenlabs';
import { localAISpeechRequest } from './tts-localai';
import { framingFor, type PieceFraming } from './piece-framing';
import { openAISpeechRequest } from './tts-openai';

export interface SpeechAudio {
  body: ReadableStream<Uint8Array>;
  contentType: string;
  /** The whole audio as it is to be stored once it has all been sent (a joined WAV gets its real sizes). */
  complete?: (bytes: Uint8Array) => Uint8Array;
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

/** Reads `piece` until it is ready (its header read), keeping what it gives meanwhile. */
async function prime(reader: ReadableStreamDefaultReader<Uint8Array>, piece: PieceFraming): Promise<Uint8Array[]> {
  const given: Uint8Array[] = [];
  while (!piece.ready) {
    const chunk = await reader.read();
    if (chunk.done) {
      piece.end();
      break;
    }
    given.push(piece.push(chunk.value));
  }
  return given;
}

/**
 * Answers once the first piece's engine call succeeded and its audio's header (for WAV) has
 * been read: a failure there is an HttpError the route answers as JSON. A later failure (an
 * engine error, a piece that cannot be joined) can only end the stream with an error: the
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
  const contentType = audioType(first);
  const framing = framingFor(contentType, pieces.length);
  let piece = framing.piece(0);
  let reader = (first.body as ReadableStream<Uint8Array>).getReader();
  let given: Uint8Array[];
  try {
    given = await prime(reader, piece);
  } catch (error) {
    await reader.cancel().catch(() => undefined);
    throw error;
  }
  const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>();
  const pump = async () => {
    const writer = writable.getWriter();
    let next: Promise<Response> | undefined;
    try {
      for (let index = 0; index < pieces.length; index += 1) {
        if (next) {
          const response = await next;
          if (audioType(response) !== contentType) {
            await response.body?.cancel().catch(() => undefined);
            throw new HttpError(
              502,
              'The speech engine answered the parts of the text in different audio types',
              ERROR_CODES.speechEngineError,
            );
          }
          reader = (response.body as ReadableStream<Uint8Array>).getReader();
          piece = framing.piece(index);
        }
        next = index + 1 < pieces.length ? call(index + 1) : undefined;
        // A failed prefetch is awaited on the next round; until then it must not go unhandled.
        next?.catch(() => undefined);
        for (const bytes of given) if (bytes.byteLength > 0) await writer.write(bytes);
        given = [];
        for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
          const bytes = piece.push(chunk.value);
          if (bytes.byteLength > 0) await writer.write(bytes);
        }
        piece.end();
      }
      await writer.close();
    } catch (error) {
      // The client left or an engine failed: no engine goes on speaking for nobody.
      if (error instanceof HttpError) log.warn('speech_stream_failed', { message: error.message });
      await reader.cancel().catch(() => undefined);
      void next?.then((response) => response.body?.cancel()).catch(() => undefined);
      await writer
        .abort(error instanceof HttpError ? error.message : 'The speech engine stopped')
        .catch(() => undefined);
    }
  };
  void pump();
  return { body: readable, contentType, complete: framing.complete };
}
