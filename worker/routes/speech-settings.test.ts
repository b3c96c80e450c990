import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearAppConfig, storeAppConfig } from '../test/app-config';
import { authHeader, createTestUser } from '../test/auth-helpers';
import { callApp } from '../test/helpers';
import { FULL_LIBRECHAT_YAML } from '../services/config/test-fixtures';
import {
  audioAnswer,
  getAs,
  postJson,
  SPEECH_VARS,
  stubEngine,
  TONE_MP3,
  useSpeechConfig,
} from '../test/speech-helpers';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('POST /api/files/speech/tts/manual', () => {
  it('reads the multipart input with the voice, as LibreChat’s client sends it', async () => {
    await useSpeechConfig('openai');
    const user = await createTestUser();
    const calls = stubEngine(audioAnswer());
    const form = new FormData();
    form.append('input', 'Any text at all.');
    form.append('voice', 'echo');
    const res = await callApp(
      '/api/files/speech/tts/manual',
      { method: 'POST', headers: await authHeader(user), body: form },
      SPEECH_VARS,
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('audio/mpeg');
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(TONE_MP3);
    expect(calls[0]?.json()).toMatchObject({ input: 'Any text at all.', voice: 'echo' });
  });

  it('takes JSON too, and refuses a missing input', async () => {
    await useSpeechConfig('elevenlabs');
    const user = await createTestUser();
    const calls = stubEngine(audioAnswer());
    const ok = await postJson(user, '/api/files/speech/tts/manual', { input: 'Hi.' });
    expect(ok.status).toBe(200);
    await ok.arrayBuffer();
    expect(calls[0]?.url).toBe('https://api.elevenlabs.io/v1/text-to-speech/21m00Tcm4TlvDq8ikWAM/stream');
    const missing = await postJson(user, '/api/files/speech/tts/manual', { voice: 'x' });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({ message: 'Missing text in request body', code: 'validation_error' });
  });
});

describe('GET /api/files/speech/tts/voices', () => {
  it('lists the configured voices, without the ALL wildcard', async () => {
    const user = await createTestUser();
    await useSpeechConfig('openai');
    expect(await (await getAs(user, '/api/files/speech/tts/voices')).json()).toEqual(['alloy', 'echo', 'nova']);
    await useSpeechConfig('elevenlabs');
    expect(await (await getAs(user, '/api/files/speech/tts/voices')).json()).toEqual(['21m00Tcm4TlvDq8ikWAM']);
  });

  it('answers 404 with a clear message when no text-to-speech engine is configured', async () => {
    const user = await createTestUser();
    await useSpeechConfig('groq');
    const res = await getAs(user, '/api/files/speech/tts/voices');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: 'No text-to-speech engine is configured', code: 'not_found' });
  });
});

describe('GET /api/files/speech/config/get', () => {
  it('answers the speech tab’s settings as one flat map, with which engines are external', async () => {
    await storeAppConfig(FULL_LIBRECHAT_YAML);
    const user = await createTestUser();
    const res = await getAs(user, '/api/files/speech/config/get');
    expect(await res.json()).toEqual({
      sttExternal: true,
      ttsExternal: true,
      conversationMode: true,
      advancedMode: false,
      engineSTT: 'external',
      languageSTT: 'English (US)',
      autoTranscribeAudio: true,
      decibelValue: -45,
      autoSendText: -1,
      engineTTS: 'external',
      voice: 'alloy',
      playbackRate: 1,
      cacheTTS: true,
    });
  });

  it('says which direction has an engine, and takes a section written as a bare switch', async () => {
    await storeAppConfig(
      'version: 1.2.5\nspeech:\n  stt:\n    openai:\n      apiKey: k\n      model: whisper-1\n  speechTab:\n    textToSpeech: false\n',
    );
    const user = await createTestUser();
    const res = await getAs(user, '/api/files/speech/config/get');
    expect(await res.json()).toEqual({ sttExternal: true, ttsExternal: false, textToSpeech: false });
  });

  it('answers {message: not_found} without a speech section', async () => {
    const user = await createTestUser();
    await clearAppConfig();
    expect(await (await getAs(user, '/api/files/speech/config/get')).json()).toEqual({ message: 'not_found' });
    await storeAppConfig('version: 1.2.5\n');
    expect(await (await getAs(user, '/api/files/speech/config/get')).json()).toEqual({ message: 'not_found' });
  });
});
