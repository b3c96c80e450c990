/**
 * OpenAI's speech API (`POST /v1/audio/speech`), which Azure OpenAI serves at its deployment's
 * `/audio/speech`: JSON `{model, input, voice, response_format}`, MP3 bytes back, streamed as
 * they are made.
 */
import type { TtsEngine } from './engines';

export function openAISpeechRequest(engine: TtsEngine, input: string, voice: string): Request {
  return new Request(engine.url, {
    method: 'POST',
    headers: { ...engine.headers, 'content-type': 'application/json', accept: 'audio/mpeg' },
    body: JSON.stringify({ model: engine.model, input, voice, response_format: 'mp3' }),
    redirect: 'manual',
  });
}
