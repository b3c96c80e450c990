import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestUser } from '../test/auth-helpers';
import {
  audioAnswer,
  cachedSpeechKeys,
  createReply,
  jsonAnswer,
  OPENAI_BAD_KEY,
  pcmWav,
  postJson,
  stubEngine,
  TONE_MP3,
  useSpeechConfig,
} from '../test/speech-helpers';

afterEach(() => {
  vi.restoreAllMocks();
});

const TTS = '/api/files/speech/tts';

async function bytesOf(res: Response): Promise<Uint8Array> {
  return new Uint8Array(await res.arrayBuffer());
}

describe('POST /api/files/speech/tts, each engine’s wire format', () => {
  it('OpenAI: JSON {model, input, voice} with the bearer key, MP3 streamed back', async () => {
    await useSpeechConfig('openai');
    const user = await createTestUser();
    const messageId = await createReply(
      user,
      'Quokkas are **small** marsupials. See [the wiki](https://example.org/q).',
    );
    const calls = stubEngine(audioAnswer());
    const res = await postJson(user, TTS, { messageId, runId: 'run-1', voice: 'nova' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('audio/mpeg');
    expect(await bytesOf(res)).toEqual(TONE_MP3);
    expect(calls[0]?.url).toBe('https://api.openai.com/v1/audio/speech');
    expect(calls[0]?.headers.get('authorization')).toBe('Bearer sk-tts-test');
    expect(calls[0]?.json()).toEqual({
      model: 'tts-1',
      input: 'Quokkas are small marsupials. See the wiki.',
      voice: 'nova',
      response_format: 'mp3',
    });
  });

  it('Azure OpenAI: the deployment’s /audio/speech with the api-key header', async () => {
    await useSpeechConfig('azureOpenAI');
    const user = await createTestUser();
    const messageId = await createReply(user, 'Hello from Azure.');
    const calls = stubEngine(audioAnswer());
    const res = await postJson(user, TTS, { messageId, voice: 'shimmer' });
    expect(await bytesOf(res)).toEqual(TONE_MP3);
    expect(calls[0]?.url).toBe(
      'https://my-instance.openai.azure.com/openai/deployments/tts/audio/speech?api-version=2024-05-01-preview',
    );
    expect(calls[0]?.headers.get('api-key')).toBe('sk-tts-test');
    expect(calls[0]?.json()).toMatchObject({ model: 'tts-1', input: 'Hello from Azure.', voice: 'shimmer' });
  });

  it('ElevenLabs: the streaming endpoint of the voice, xi-api-key, {text, model_id, voice_settings}', async () => {
    await useSpeechConfig('elevenlabs');
    const user = await createTestUser();
    const messageId = await createReply(user, 'Hello from ElevenLabs.');
    const calls = stubEngine(audioAnswer());
    // `ALL` in the voices lets the client name any voice id.
    const res = await postJson(user, TTS, { messageId, voice: 'pNInz6obpgDQGcFmaJgB' });
    expect(await bytesOf(res)).toEqual(TONE_MP3);
    expect(calls[0]?.url).toBe('https://api.elevenlabs.io/v1/text-to-speech/pNInz6obpgDQGcFmaJgB/stream');
    expect(calls[0]?.headers.get('xi-api-key')).toBe('sk-tts-test');
    expect(calls[0]?.json()).toEqual({
      text: 'Hello from ElevenLabs.',
      model_id: 'eleven_multilingual_v2',
      voice_settings: { stability: 0.5, similarity_boost: 0.75 },
    });
  });

  it('LocalAI: its /tts URL with {input, model: voice, backend}, its WAV passed on as WAV', async () => {
    await useSpeechConfig('localai');
    const user = await createTestUser();
    const messageId = await createReply(user, 'Hello from LocalAI.');
    const wav = pcmWav(160);
    const calls = stubEngine(audioAnswer(wav, 'audio/wav'));
    const res = await postJson(user, TTS, { messageId });
    expect(res.headers.get('content-type')).toBe('audio/wav');
    expect(await bytesOf(res)).toEqual(wav);
    expect(calls[0]?.url).toBe('http://localai.example:8080/tts');
    expect(calls[0]?.json()).toEqual({ input: 'Hello from LocalAI.', model: 'en-us-amy-low.onnx', backend: 'piper' });
  });
});

describe('POST /api/files/speech/tts, WAV pieces that cannot be joined', () => {
  it('ends the stream when a later piece comes in another format, and keeps nothing', async () => {
    await useSpeechConfig('localai');
    const user = await createTestUser();
    const sentences = Array.from({ length: 90 }, (_, index) => `Sentence number ${index} is here to be spoken aloud.`);
    const messageId = await createReply(user, sentences.join(' '));
    const calls = stubEngine(
      audioAnswer(pcmWav(80, { sampleRate: 22_050 }), 'audio/wav'),
      audioAnswer(pcmWav(80), 'audio/wav'),
    );
    const res = await postJson(user, TTS, { messageId });
    expect(res.status).toBe(200);
    await expect(res.arrayBuffer()).rejects.toThrow();
    expect(calls.length).toBeGreaterThanOrEqual(2);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await env.FILES.list({ prefix: `users/${user.id}/tts/` })).objects).toHaveLength(0);
  });

  it('ends the stream when a later piece comes as another type of audio', async () => {
    await useSpeechConfig('localai');
    const user = await createTestUser();
    const sentences = Array.from({ length: 90 }, (_, index) => `Sentence number ${index} is here to be spoken aloud.`);
    const messageId = await createReply(user, sentences.join(' '));
    stubEngine(audioAnswer(TONE_MP3, 'audio/mpeg'), audioAnswer(pcmWav(80), 'audio/wav'));
    const res = await postJson(user, TTS, { messageId });
    expect(res.status).toBe(200);
    await expect(res.arrayBuffer()).rejects.toThrow();
  });

  it('answers a clear JSON error when the engine labels as WAV what is not one', async () => {
    await useSpeechConfig('localai');
    const user = await createTestUser();
    const messageId = await createReply(user, 'Not a wave.');
    stubEngine(audioAnswer(TONE_MP3, 'audio/wav'));
    const res = await postJson(user, TTS, { messageId });
    expect(res.status).toBe(502);
    expect(await res.json()).toEqual({
      message: 'The speech engine sent audio that is not a WAV file',
      code: 'speech_engine_error',
    });
  });
});

describe('POST /api/files/speech/tts', () => {
  it('a second read-aloud of the message is served from R2 without an engine call', async () => {
    await useSpeechConfig('openai');
    const user = await createTestUser();
    const messageId = await createReply(user, 'Read me twice.');
    const calls = stubEngine(audioAnswer());
    const first = await postJson(user, TTS, { messageId, voice: 'alloy' });
    expect(first.headers.get('x-tts-cache')).toBe('miss');
    expect(await bytesOf(first)).toEqual(TONE_MP3);
    expect(await cachedSpeechKeys(user)).toHaveLength(1);
    const second = await postJson(user, TTS, { messageId, voice: 'alloy' });
    expect(second.status).toBe(200);
    expect(second.headers.get('x-tts-cache')).toBe('hit');
    expect(second.headers.get('content-type')).toBe('audio/mpeg');
    expect(await bytesOf(second)).toEqual(TONE_MP3);
    expect(calls).toHaveLength(1);
    // Another voice is another sound: not the cached one.
    await bytesOf(await postJson(user, TTS, { messageId, voice: 'echo' }));
    expect(calls).toHaveLength(2);
  });

  it('keeps no audio that an engine failure cut short', async () => {
    await useSpeechConfig('openai');
    const user = await createTestUser();
    const messageId = await createReply(user, 'Cut short.');
    stubEngine(
      () =>
        new Response(
          new ReadableStream<Uint8Array>({
            start(controller) {
              controller.enqueue(TONE_MP3.slice(0, 100));
              controller.error(new Error('connection reset'));
            },
          }),
          { headers: { 'content-type': 'audio/mpeg' } },
        ),
    );
    const res = await postJson(user, TTS, { messageId });
    await expect(res.arrayBuffer()).rejects.toThrow();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const listed = await env.FILES.list({ prefix: `users/${user.id}/tts/` });
    expect(listed.objects).toHaveLength(0);
  });

  it('answers 404 for another user’s message, and for one that does not exist', async () => {
    await useSpeechConfig('openai');
    const owner = await createTestUser();
    const intruder = await createTestUser();
    const messageId = await createReply(owner, 'Private words.');
    const calls = stubEngine(audioAnswer());
    const res = await postJson(intruder, TTS, { messageId });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: 'Message not found', code: 'not_found' });
    expect((await postJson(intruder, TTS, { messageId: crypto.randomUUID() })).status).toBe(404);
    expect(calls).toHaveLength(0);
  });

  it('reads a long reply in sentence-bounded pieces, streamed in order', async () => {
    await useSpeechConfig('openai');
    const user = await createTestUser();
    const sentences = Array.from({ length: 90 }, (_, index) => `Sentence number ${index} is here to be spoken aloud.`);
    const messageId = await createReply(user, sentences.join(' '));
    let piece = 0;
    const calls = stubEngine(
      () => new Response(new Uint8Array([piece++, 0xaa]), { headers: { 'content-type': 'audio/mpeg' } }),
    );
    const res = await postJson(user, TTS, { messageId });
    const bytes = await bytesOf(res);
    const inputs = calls.map((call) => (call.json() as { input: string }).input);
    expect(inputs.length).toBeGreaterThan(3);
    expect(inputs.every((input) => input.length <= 1000 && input.endsWith('aloud.'))).toBe(true);
    expect(inputs.join(' ')).toBe(sentences.join(' '));
    expect(Array.from(bytes)).toEqual(inputs.flatMap((_, index) => [index, 0xaa]));
  });

  it('reads no code blocks, and falls back to the first voice for one not configured', async () => {
    await useSpeechConfig('openai');
    const user = await createTestUser();
    const messageId = await createReply(user, '# Steps\n\nRun this:\n\n```sh\nrm -rf /tmp/x\n```\n\n- Then `wait`.');
    const calls = stubEngine(audioAnswer());
    await bytesOf(await postJson(user, TTS, { messageId, voice: 'not-a-voice' }));
    expect(calls[0]?.json()).toMatchObject({ input: 'Steps\nRun this:\nThen wait.', voice: 'alloy' });
  });

  it('turns an engine failure into a clear JSON error without its body', async () => {
    await useSpeechConfig('openai');
    const user = await createTestUser();
    const messageId = await createReply(user, 'Fails.');
    stubEngine(jsonAnswer(OPENAI_BAD_KEY, 401));
    const res = await postJson(user, TTS, { messageId });
    expect(res.status).toBe(502);
    const text = await res.text();
    expect(JSON.parse(text)).toMatchObject({ code: 'speech_engine_error' });
    expect(text).not.toContain('sk-secr');
  });

  it('refuses a body without a messageId', async () => {
    await useSpeechConfig('openai');
    const user = await createTestUser();
    const res = await postJson(user, TTS, { voice: 'alloy' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'validation_error' });
  });
});
