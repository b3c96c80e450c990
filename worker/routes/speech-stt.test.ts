import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearAppConfig } from '../test/app-config';
import { authHeader, createTestUser } from '../test/auth-helpers';
import { callApp } from '../test/helpers';
import {
  jsonAnswer,
  OPENAI_BAD_KEY,
  OPENAI_TOO_SHORT,
  postAudio,
  recording,
  SPEECH_VARS,
  stubEngine,
  useSpeechConfig,
  type EngineCall,
} from '../test/speech-helpers';

afterEach(() => {
  vi.restoreAllMocks();
});

/** The bytes of the multipart part named `name` in an engine call. */
function formPart(call: EngineCall, name: string): { head: string; bytes: Uint8Array } {
  const boundary = /boundary=(.+)$/.exec(call.headers.get('content-type') ?? '')?.[1] ?? '';
  const latin = Array.from(call.bytes, (byte) => String.fromCharCode(byte)).join('');
  const start = latin.indexOf(`name="${name}"`);
  const bodyStart = latin.indexOf('\r\n\r\n', start) + 4;
  const end = latin.indexOf(`\r\n--${boundary}`, bodyStart);
  return {
    head: latin.slice(latin.lastIndexOf(`--${boundary}`, start), bodyStart),
    bytes: call.bytes.slice(bodyStart, end),
  };
}

describe('POST /api/files/speech/stt', () => {
  it('streams the recording to OpenAI as its transcription form and answers the text', async () => {
    await useSpeechConfig('openai');
    const user = await createTestUser();
    const calls = stubEngine(jsonAnswer({ text: '  Hello there.  ' }));
    const audio = recording(5000);
    const res = await postAudio(user, audio);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ text: 'Hello there.' });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe('https://api.openai.com/v1/audio/transcriptions');
    expect(calls[0]?.headers.get('authorization')).toBe('Bearer sk-stt-test');
    expect(calls[0]?.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
    const file = formPart(calls[0] as EngineCall, 'file');
    expect(file.head).toContain('filename="audio.webm"');
    expect(file.head).toContain('Content-Type: audio/webm');
    expect(file.bytes).toEqual(audio);
    expect(new TextDecoder().decode(formPart(calls[0] as EngineCall, 'model').bytes)).toBe('whisper-1');
  });

  it('calls the engine before the upload has ended: the recording is streamed, not held', async () => {
    await useSpeechConfig('openai');
    const user = await createTestUser();
    let engineCalled: () => void = () => undefined;
    const called = new Promise<void>((resolve) => (engineCalled = resolve));
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      engineCalled();
      const bytes = await new Request(input, init).arrayBuffer();
      return Response.json({ text: `received ${bytes.byteLength} bytes` });
    });
    const encoder = new TextEncoder();
    const head = encoder.encode(
      '--b\r\nContent-Disposition: form-data; name="audio"; filename="audio.webm"\r\nContent-Type: audio/webm\r\n\r\n',
    );
    const pieces = [head, recording(2048), recording(2048, 3), encoder.encode('\r\n--b--\r\n')];
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        // The second half of the recording is sent only once the engine has been called.
        if (pieces.length === 2) await called;
        const next = pieces.shift();
        if (next) controller.enqueue(next);
        else controller.close();
      },
    });
    const res = await callApp(
      '/api/files/speech/stt',
      {
        method: 'POST',
        headers: { ...(await authHeader(user)), 'content-type': 'multipart/form-data; boundary=b' },
        body,
      },
      SPEECH_VARS,
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ text: expect.stringMatching(/^received \d+ bytes$/) });
  });

  it('takes an OpenAI-compatible base URL (Groq, a local whisper server)', async () => {
    await useSpeechConfig('groq');
    const user = await createTestUser();
    const calls = stubEngine(jsonAnswer({ text: 'From Groq', x_groq: { id: 'req_1' } }));
    const res = await postAudio(user, recording(2048), { type: 'audio/ogg;codecs=opus', filename: 'audio.ogg' });
    expect(await res.json()).toEqual({ text: 'From Groq' });
    expect(calls[0]?.url).toBe('https://api.groq.com/openai/v1/audio/transcriptions');
    expect(formPart(calls[0] as EngineCall, 'file').head).toContain('filename="audio.ogg"');
  });

  it('calls Azure OpenAI at its deployment with the api-key header', async () => {
    await useSpeechConfig('azureOpenAI');
    const user = await createTestUser();
    const calls = stubEngine(jsonAnswer({ text: 'Azure heard this' }));
    const res = await postAudio(user, recording(3000), { type: 'audio/wav', filename: 'audio.wav' });
    expect(await res.json()).toEqual({ text: 'Azure heard this' });
    expect(calls[0]?.url).toBe(
      'https://my-instance.openai.azure.com/openai/deployments/whisper/audio/transcriptions?api-version=2024-06-01',
    );
    expect(calls[0]?.headers.get('api-key')).toBe('sk-stt-test');
    expect(calls[0]?.headers.get('authorization')).toBeNull();
  });

  it('refuses a recording under 1 KB as too short without calling the engine', async () => {
    await useSpeechConfig('openai');
    const user = await createTestUser();
    const calls = stubEngine(jsonAnswer({ text: 'never' }));
    const res = await postAudio(user, recording(600));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: 'The audio was too short', code: 'audio_too_short' });
    expect(calls).toHaveLength(0);
  });

  it('answers "The audio was too short" when the engine says so', async () => {
    await useSpeechConfig('openai');
    const user = await createTestUser();
    stubEngine(jsonAnswer(OPENAI_TOO_SHORT, 400));
    const res = await postAudio(user, recording(1500));
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ message: 'The audio was too short' });
  });

  it('turns an engine failure into a clear error without the engine’s body', async () => {
    await useSpeechConfig('openai');
    const user = await createTestUser();
    stubEngine(jsonAnswer(OPENAI_BAD_KEY, 401));
    const res = await postAudio(user, recording(1500));
    expect(res.status).toBe(502);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({
      message: 'The speech engine refused the server’s credentials',
      code: 'speech_engine_error',
    });
    expect(text).not.toContain('sk-secr');
  });

  it('answers 502 when the engine cannot be reached', async () => {
    await useSpeechConfig('openai');
    const user = await createTestUser();
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Network connection lost.'));
    const res = await postAudio(user, recording(1500));
    expect(res.status).toBe(502);
    expect(await res.json()).toMatchObject({ message: 'The speech engine could not be reached' });
  });

  it.each([
    ['audio/mpeg', 'audio.mp3'],
    ['video/quicktime', 'audio.mov'],
    ['application/octet-stream', 'audio.flac'],
  ])('refuses %s (%s) clearly', async (type, filename) => {
    await useSpeechConfig('openai');
    const user = await createTestUser();
    const calls = stubEngine(jsonAnswer({ text: 'never' }));
    const res = await postAudio(user, recording(4000), { type, filename });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ message: 'Unsupported audio type: send WebM, M4A, Ogg or WAV audio' });
    expect(calls).toHaveLength(0);
  });

  it('takes an m4a by its extension when the browser gives no type', async () => {
    await useSpeechConfig('openai');
    const user = await createTestUser();
    const calls = stubEngine(jsonAnswer({ text: 'From Safari' }));
    const res = await postAudio(user, recording(4000), { type: '', filename: 'audio.m4a' });
    expect(await res.json()).toEqual({ text: 'From Safari' });
    expect(formPart(calls[0] as EngineCall, 'file').head).toContain('Content-Type: audio/mp4');
  });

  it('refuses a form without the audio field, and a body that is not a form', async () => {
    await useSpeechConfig('openai');
    const user = await createTestUser();
    stubEngine(jsonAnswer({ text: 'never' }));
    const wrongField = await postAudio(user, recording(4000), { field: 'file' });
    expect(wrongField.status).toBe(400);
    expect(await wrongField.json()).toMatchObject({ message: 'No audio file provided in the FormData' });
  });

  it('skips small fields before the recording, and refuses a large one without reading it whole', async () => {
    await useSpeechConfig('openai');
    const user = await createTestUser();
    const calls = stubEngine(jsonAnswer({ text: 'After a field' }));
    const send = async (field: string) => {
      const form = new FormData();
      form.append('note', field);
      form.append('audio', new Blob([recording(2000)], { type: 'audio/webm' }), 'audio.webm');
      return callApp(
        '/api/files/speech/stt',
        { method: 'POST', headers: await authHeader(user), body: form },
        SPEECH_VARS,
      );
    };
    expect(await (await send('short')).json()).toEqual({ text: 'After a field' });
    const large = await send('x'.repeat(10_000));
    expect(large.status).toBe(400);
    expect(calls).toHaveLength(1);
  });

  it('answers 404 when no speech-to-text engine is configured', async () => {
    await clearAppConfig();
    const user = await createTestUser();
    const calls = stubEngine(jsonAnswer({ text: 'never' }));
    const res = await postAudio(user, recording(4000));
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: 'No speech-to-text engine is configured', code: 'not_found' });
    expect(calls).toHaveLength(0);
  });
});
