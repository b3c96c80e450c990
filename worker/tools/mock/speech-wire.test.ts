import { afterEach, describe, expect, it } from 'vitest';
import { startMockOpenAI, type MockOpenAI } from './mock-openai-server';
import { describeUpload, MOCK_MP3, MOCK_WAV } from './speech-wire';

let mock: MockOpenAI | undefined;

afterEach(async () => {
  await mock?.close();
  mock = undefined;
});

async function start(options: Parameters<typeof startMockOpenAI>[0] = {}): Promise<MockOpenAI> {
  return startMockOpenAI(options);
}

function started(): MockOpenAI {
  if (!mock) throw new Error('no mock started');
  return mock;
}

const origin = () => started().url;

function recording(size: number, seed: number): Buffer {
  return Buffer.from(Array.from({ length: size }, (_, index) => (index * seed) % 251));
}

function transcription(path: string, audio: Buffer, headers: Record<string, string>): Promise<Response> {
  const form = new FormData();
  form.append('model', 'whisper-1');
  form.append('file', new Blob([audio], { type: 'audio/webm' }), 'audio.webm');
  return fetch(`${origin()}${path}`, { method: 'POST', headers, body: form });
}

function speech(path: string, body: Record<string, unknown>, headers: Record<string, string>): Promise<Response> {
  return fetch(`${origin()}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

describe('the mock speech engines', () => {
  it('real audio fixtures: an MP3 and a WAV, small', () => {
    // MPEG audio frame sync (11 set bits), and RIFF/WAVE.
    expect(MOCK_MP3[0]).toBe(0xff);
    expect((MOCK_MP3[1] ?? 0) & 0xe0).toBe(0xe0);
    expect(MOCK_WAV.subarray(0, 4).toString('latin1')).toBe('RIFF');
    expect(MOCK_WAV.subarray(8, 12).toString('latin1')).toBe('WAVE');
    expect(MOCK_MP3.length + MOCK_WAV.length).toBeLessThan(40_000);
  });

  it('transcribes OpenAI-style uploads with a text derived from the bytes, telling recordings apart', async () => {
    mock = await start({ apiKey: 'sk-stt' });
    const auth = { authorization: 'Bearer sk-stt' };
    const first = await transcription('/v1/audio/transcriptions', recording(2000, 7), auth);
    const second = await transcription('/v1/audio/transcriptions', recording(2000, 11), auth);
    expect(first.status).toBe(200);
    const a = (await first.json()) as { text: string };
    const b = (await second.json()) as { text: string };
    expect(a.text).toBe(describeUpload(recording(2000, 7)));
    expect(a.text).not.toBe(b.text);
    expect(started().requests[0]?.body).toMatchObject({
      model: 'whisper-1',
      file: { bytes: 2000, filename: 'audio.webm', type: 'audio/webm' },
    });
  });

  it('refuses a too-short recording as OpenAI does, and a wrong key', async () => {
    mock = await start({ apiKey: 'sk-stt' });
    const short = await transcription('/v1/audio/transcriptions', recording(20, 3), { authorization: 'Bearer sk-stt' });
    expect(short.status).toBe(400);
    expect(await short.json()).toMatchObject({ error: { code: 'audio_too_short' } });
    const wrong = await transcription('/v1/audio/transcriptions', recording(2000, 3), { authorization: 'Bearer no' });
    expect(wrong.status).toBe(401);
  });

  it('speaks Azure OpenAI (api-key header) for both directions', async () => {
    mock = await start({ apiKey: 'az-key' });
    const base = '/openai/deployments/whisper/audio';
    const heard = await transcription(`${base}/transcriptions?api-version=2024-06-01`, recording(1500, 5), {
      'api-key': 'az-key',
    });
    expect(await heard.json()).toEqual({ text: describeUpload(recording(1500, 5)) });
    const spoken = await speech(
      '/openai/deployments/tts/audio/speech?api-version=2024-06-01',
      { model: 'tts-1', input: 'Hi', voice: 'alloy' },
      { 'api-key': 'az-key' },
    );
    expect(spoken.headers.get('content-type')).toBe('audio/mpeg');
    expect(Buffer.from(await spoken.arrayBuffer()).equals(MOCK_MP3)).toBe(true);
    const refused = await speech('/openai/deployments/tts/audio/speech', { input: 'Hi' }, { 'api-key': 'nope' });
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ error: { code: '401' } });
  });

  it('answers OpenAI speech as MP3, or WAV when asked', async () => {
    mock = await start();
    const mp3 = await speech('/v1/audio/speech', { model: 'tts-1', input: 'Hello', voice: 'alloy' }, {});
    expect(Buffer.from(await mp3.arrayBuffer()).equals(MOCK_MP3)).toBe(true);
    const wav = await speech('/v1/audio/speech', { input: 'Hello', voice: 'alloy', response_format: 'wav' }, {});
    expect(wav.headers.get('content-type')).toBe('audio/wav');
    expect(Buffer.from(await wav.arrayBuffer()).equals(MOCK_WAV)).toBe(true);
    const missing = await speech('/v1/audio/speech', { model: 'tts-1', voice: 'alloy' }, {});
    expect(missing.status).toBe(400);
  });

  it('speaks ElevenLabs streaming (xi-api-key, text) and LocalAI (WAV)', async () => {
    mock = await start({ apiKey: 'k' });
    const eleven = await speech(
      '/v1/text-to-speech/voice-1/stream',
      { text: 'Hello', model_id: 'm' },
      { 'xi-api-key': 'k' },
    );
    expect(Buffer.from(await eleven.arrayBuffer()).equals(MOCK_MP3)).toBe(true);
    const refused = await speech('/v1/text-to-speech/voice-1/stream', { text: 'Hello' }, { 'xi-api-key': 'x' });
    expect(await refused.json()).toMatchObject({ detail: { status: 'invalid_api_key' } });
    const local = await speech(
      '/tts',
      { input: 'Hello', model: 'en-us-amy-low.onnx', backend: 'piper' },
      {
        authorization: 'Bearer k',
      },
    );
    // As LocalAI's Fiber download: the finished file, its length known, as an attachment.
    expect(local.headers.get('content-type')).toBe('audio/wav');
    expect(local.headers.get('content-length')).toBe(String(MOCK_WAV.length));
    expect(local.headers.get('content-disposition')).toMatch(/^attachment; filename="[^"]+\.wav"$/);
    expect(Buffer.from(await local.arrayBuffer()).equals(MOCK_WAV)).toBe(true);
    expect(started().requests.map((request) => request.path)).toEqual([
      '/v1/text-to-speech/voice-1/stream',
      '/v1/text-to-speech/voice-1/stream',
      '/tts',
    ]);
  });

  it('fails in the engine’s shape when told to', async () => {
    mock = await start({ fail: 500 });
    const res = await speech('/v1/audio/speech', { input: 'Hello', voice: 'alloy' }, {});
    expect(res.status).toBe(500);
  });
});
