/**
 * LocalAI's text-to-speech (`POST /tts` at the configured URL): JSON `{input, model, backend}`
 * where the model is the voice (a piper or bark voice file), audio back.
 */
import type { TtsEngine } from './engines';

export function localAISpeechRequest(engine: TtsEngine, input: string, voice: string): Request {
  const body: Record<string, unknown> = { input, model: voice };
  if (engine.backend) body.backend = engine.backend;
  return new Request(engine.url, {
    method: 'POST',
    headers: { ...engine.headers, 'content-type': 'application/json' },
    body: JSON.stringify(body),
    redirect: 'manual',
  });
}
