/**
 * Read-aloud through LocalAI over real HTTP: the loopback mock provider (started by the worker
 * tests' global setup) answers `POST /tts` as LocalAI does, one whole WAV file per request. A
 * long text is several requests, and the client must still get one WAV it can play through.
 */
import { inject } from 'vitest';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { splitForSpeech } from '../services/speech/text';
import { createTestUser } from '../test/auth-helpers';
import '../test/provided';
import { storeAppConfig } from '../test/app-config';
import { cachedSpeechKeys, createReply, postJson } from '../test/speech-helpers';

const TTS = '/api/files/speech/tts';
const origin = inject('mockProviderOrigin');
const UNKNOWN = 0xffffffff;

afterEach(() => {
  vi.restoreAllMocks();
});

async function useLocalAI(voice: string): Promise<void> {
  await storeAppConfig(`version: 1.2.5
speech:
  tts:
    localai:
      url: "${origin}/tts"
      voices: ["${voice}"]
      backend: "piper"
`);
}

/** What LocalAI itself answers for one piece, fetched straight from the mock (under another voice name, so the app's calls can be counted apart). */
async function engineWav(input: string): Promise<Uint8Array> {
  const res = await fetch(`${origin}/tts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ input, model: 'direct.onnx', backend: 'piper' }),
  });
  return new Uint8Array(await res.arrayBuffer());
}

async function ttsInputs(voice: string): Promise<string[]> {
  const res = await fetch(`${origin}/__mock/requests`);
  const { requests } = (await res.json()) as { requests: { path: string; body: { input: string; model: string } }[] };
  return requests.filter((r) => r.path === '/tts' && r.body.model === voice).map((r) => r.body.input);
}

const tag = (bytes: Uint8Array, at: number) => String.fromCharCode(...bytes.subarray(at, at + 4));
const u32 = (bytes: Uint8Array, at: number) => new DataView(bytes.buffer, bytes.byteOffset).getUint32(at, true);

function occurrences(bytes: Uint8Array, text: string): number {
  let count = 0;
  for (let at = 0; at + text.length <= bytes.byteLength; at += 1) if (tag(bytes, at) === text) count += 1;
  return count;
}

/**
 * An independent reading of a canonical WAV (RIFF, WAVE, `fmt `, `data`, as piper writes it
 * and as the joined answer is laid out): its format fields and its PCM.
 */
function decodeWav(bytes: Uint8Array) {
  expect(tag(bytes, 0)).toBe('RIFF');
  expect(tag(bytes, 8)).toBe('WAVE');
  expect(tag(bytes, 12)).toBe('fmt ');
  const fmtSize = u32(bytes, 16);
  const fields = new DataView(bytes.buffer, bytes.byteOffset + 20, fmtSize);
  const dataAt = 20 + fmtSize;
  expect(tag(bytes, dataAt)).toBe('data');
  return {
    riffSize: u32(bytes, 4),
    dataSize: u32(bytes, dataAt + 4),
    format: {
      tag: fields.getUint16(0, true),
      channels: fields.getUint16(2, true),
      sampleRate: fields.getUint32(4, true),
      blockAlign: fields.getUint16(12, true),
      bits: fields.getUint16(14, true),
    },
    pcm: bytes.subarray(dataAt + 8),
  };
}

function concat(parts: Uint8Array[]): Uint8Array {
  const all = new Uint8Array(parts.reduce((sum, part) => sum + part.byteLength, 0));
  let at = 0;
  for (const part of parts) {
    all.set(part, at);
    at += part.byteLength;
  }
  return all;
}

describe('POST /api/files/speech/tts with LocalAI over HTTP', () => {
  it('joins the WAV of each piece of a long reply into one WAV: one header, every piece’s PCM in order', async () => {
    const voice = `long-${crypto.randomUUID()}.onnx`;
    await useLocalAI(voice);
    const user = await createTestUser();
    const sentences = Array.from({ length: 120 }, (_, index) => `Sentence ${index} of a long reply, read aloud.`);
    const text = sentences.join(' ');
    const pieces = splitForSpeech(text);
    expect(pieces.length).toBeGreaterThan(2);
    const messageId = await createReply(user, text);

    const res = await postJson(user, TTS, { messageId });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('audio/wav');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(await ttsInputs(voice)).toEqual(pieces);

    const single = decodeWav(await engineWav(pieces[0] ?? ''));
    const joined = decodeWav(bytes);
    expect(occurrences(bytes, 'RIFF')).toBe(1);
    expect(occurrences(bytes, 'WAVE')).toBe(1);
    expect(joined.format).toEqual(single.format);
    expect(joined.format).toMatchObject({ tag: 1, channels: 1, bits: 16 });
    // Streamed before the later pieces exist: sizes "unknown", the PCM runs to the end.
    expect(joined.riffSize).toBe(UNKNOWN);
    expect(joined.dataSize).toBe(UNKNOWN);
    expect(joined.pcm.byteLength).toBe(pieces.length * single.dataSize);
    expect(joined.pcm.byteLength % joined.format.blockAlign).toBe(0);
    expect(joined.pcm).toEqual(concat(pieces.map(() => single.pcm)));

    // The cached copy has its real sizes, and a second read-aloud costs no engine call.
    expect(await cachedSpeechKeys(user)).toHaveLength(1);
    const again = await postJson(user, TTS, { messageId });
    expect(again.headers.get('x-tts-cache')).toBe('hit');
    const cached = new Uint8Array(await again.arrayBuffer());
    const stored = decodeWav(cached);
    expect(stored.riffSize).toBe(cached.byteLength - 8);
    expect(stored.dataSize).toBe(pieces.length * single.dataSize);
    expect(stored.pcm).toEqual(joined.pcm);
    expect(await ttsInputs(voice)).toHaveLength(pieces.length);
  });

  it('answers a short reply (one piece) as one WAV with its exact sizes', async () => {
    const voice = `short-${crypto.randomUUID()}.onnx`;
    await useLocalAI(voice);
    const user = await createTestUser();
    const messageId = await createReply(user, 'Hello from LocalAI.');
    const res = await postJson(user, TTS, { messageId });
    const bytes = new Uint8Array(await res.arrayBuffer());
    const single = decodeWav(await engineWav('Hello from LocalAI.'));
    const answer = decodeWav(bytes);
    expect(answer.riffSize).toBe(bytes.byteLength - 8);
    expect(answer.dataSize).toBe(single.dataSize);
    expect(answer.pcm).toEqual(single.pcm);
    expect(await ttsInputs(voice)).toEqual(['Hello from LocalAI.']);
  });
});
