/**
 * ElevenLabs' streaming text-to-speech (`POST /v1/text-to-speech/{voice_id}/stream`): the
 * voice is in the path, the key in `xi-api-key`, JSON `{text, model_id, voice_settings?,
 * pronunciation_dictionary_locators?}`; MP3 chunks come back as they are made.
 */
import type { TtsEngine } from './engines';

/** LibreChat's `url` names the voice with `{voice}` or not at all (the default endpoint's form). */
function voiceURL(url: string, voice: string): string {
  const id = encodeURIComponent(voice);
  return url.includes('{voice}') ? url.replaceAll('{voice}', id) : url;
}

export function elevenLabsSpeechRequest(engine: TtsEngine, text: string, voice: string): Request {
  const body: Record<string, unknown> = { text, model_id: engine.model };
  if (engine.voiceSettings) body.voice_settings = engine.voiceSettings;
  if (engine.pronunciationDictionaryLocators)
    body.pronunciation_dictionary_locators = engine.pronunciationDictionaryLocators;
  return new Request(voiceURL(engine.url, voice), {
    method: 'POST',
    headers: { ...engine.headers, 'content-type': 'application/json', accept: 'audio/mpeg' },
    body: JSON.stringify(body),
    redirect: 'manual',
  });
}
