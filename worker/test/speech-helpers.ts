/**
 * Speech engines for the speech route tests: their configs, answers in the real APIs' shapes,
 * and a stub of the outbound fetch that records each engine call (URL, headers, body bytes).
 */
import { env } from 'cloudflare:workers';
import { vi } from 'vitest';
import { createConversation, createMessage } from '../db/test-helpers';
import type { UserRow } from '../db/users';
import type { EnvVars } from '../env';
import { storeAppConfig } from './app-config';
import { authHeader } from './auth-helpers';
import { callApp } from './helpers';

/** 0.15 s of a 440 Hz tone as MP3 (ffmpeg, 16 kHz mono, 24 kbit/s): what a speech API streams back. */
export const TONE_MP3 = Uint8Array.from(
  atob(
    'SUQzBAAAAAAAI1RTU0UAAAAPAAADTGF2ZjU5LjI3LjEwMAAAAAAAAAAAAAAA//M4xAAUKKpoDVgwAH1gmOmOmOmOmOmOqdY7E1AC4BZhDRjZjac8nm5zWbjGQhiAWgRQWI1x/JYFg4DAYDAZMncQYQIQCEuD4f5yjz/KO4f5T39CMgD76wIc7+j/QoBfBBAIBAIAAAA+zWv///M4xA4YIYqk/5mgAv3CiP1/pRACcjA4Ecx6qwT+AuPBsZDIoGAPhoZoAAuDpkRyhmhliZ/yKkVMi8Xv/IaLlFyk0OcOd/+USKkVMi8TRj//l0upF4vAqEv+DQlCQNFaCL+//0DOlMoLbwwD//M4xAwU8HYkI95AAEBQwJQZDCBAWMIIM0xbjvTl0MGP2U/wyuy4jHWFrMTQkcwAw/TByAjMA4AFO5WKHoBCynaLfdb+r+5P2fryP/7fuTX/5BFXpsAABG/ybg/n/+qWHmuqAoCgsCQSHDBR//M4xBcTIG45tue2gDzH8SMda6o0BxcDAwBBAw8bBBmNkIYVKwutLbXBXTIey30bU/eLfq/2f/d7NNWzejuXTVrcmntW3IM8/1hhrCUP/L6ywiwgCAhlmxGehEkg+aXjKqe3T5g+GIPvBw5w//M4xCkSAGZ0N1wYAsco7ghyjuGOUdwQ5Q5wQ5R3DHKeGOjKOBDYUZwQyBQBCBBSyAAAWNRpLZVJf8ywYEl1GZpX+bOhGydL/vz/ga0QAo0AyIELojIDr4KCwGhgBwMQeQE0LJd8LFAbbidw//M4xEAiQhJsVZugAOUDLaB0xZfxzxmBc5NjmDnostdf5NkUIGUyYIuWUa16/5ACBlkmCbLJQJsotW1ev/lAplEoGZicMzE4dMf/xUJCUVCQlFTv/+pMQU1FMy4xMDCqqqqqqqqqqqqqqqqq//M4xBYAAANIAcAAAKqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqq',
  ),
  (character) => character.charCodeAt(0),
);

/**
 * A WAV as piper (LocalAI's usual voice engine) writes it: RIFF header, 16-byte `fmt ` chunk,
 * `data` chunk of 16-bit mono PCM; `frames` samples of a square wave whose level is `level`.
 */
export function pcmWav(frames: number, { sampleRate = 16_000, level = 1000 } = {}): Uint8Array {
  const wav = new Uint8Array(44 + frames * 2);
  const fields = new DataView(wav.buffer);
  const tag = (at: number, text: string) =>
    wav.set(
      [...text].map((c) => c.charCodeAt(0)),
      at,
    );
  tag(0, 'RIFF');
  fields.setUint32(4, 36 + frames * 2, true);
  tag(8, 'WAVE');
  tag(12, 'fmt ');
  fields.setUint32(16, 16, true);
  fields.setUint16(20, 1, true);
  fields.setUint16(22, 1, true);
  fields.setUint32(24, sampleRate, true);
  fields.setUint32(28, sampleRate * 2, true);
  fields.setUint16(32, 2, true);
  fields.setUint16(34, 16, true);
  tag(36, 'data');
  fields.setUint32(40, frames * 2, true);
  for (let frame = 0; frame < frames; frame += 1) fields.setInt16(44 + frame * 2, frame % 8 < 4 ? level : -level, true);
  return wav;
}

export const OPENAI_TOO_SHORT = {
  error: {
    message: 'Audio file is too short. Minimum audio length is 0.1 seconds.',
    type: 'invalid_request_error',
    param: 'file',
    code: 'audio_too_short',
  },
};

/** What OpenAI answers a wrong key with: it names part of the key, which must never reach the client. */
export const OPENAI_BAD_KEY = {
  error: {
    message:
      'Incorrect API key provided: sk-secr*****1234. You can find your API key at https://platform.openai.com/account/api-keys.',
    type: 'invalid_request_error',
    param: null,
    code: 'invalid_api_key',
  },
};

export const SPEECH_VARS: EnvVars = { STT_API_KEY: 'sk-stt-test', TTS_API_KEY: 'sk-tts-test' };

export const SPEECH_CONFIGS = {
  openai: `speech:
  tts:
    openai:
      apiKey: "\${TTS_API_KEY}"
      model: "tts-1"
      voices: ["alloy", "echo", "nova"]
  stt:
    openai:
      apiKey: "\${STT_API_KEY}"
      model: "whisper-1"
`,
  groq: `speech:
  stt:
    openai:
      url: "https://api.groq.com/openai/v1"
      apiKey: "\${STT_API_KEY}"
      model: "whisper-large-v3"
`,
  azureOpenAI: `speech:
  tts:
    azureOpenAI:
      instanceName: "my-instance"
      apiKey: "\${TTS_API_KEY}"
      deploymentName: "tts"
      apiVersion: "2024-05-01-preview"
      model: "tts-1"
      voices: ["alloy", "shimmer"]
  stt:
    azureOpenAI:
      instanceName: "my-instance"
      apiKey: "\${STT_API_KEY}"
      deploymentName: "whisper"
      apiVersion: "2024-06-01"
`,
  elevenlabs: `speech:
  tts:
    elevenlabs:
      apiKey: "\${TTS_API_KEY}"
      model: "eleven_multilingual_v2"
      voices: ["21m00Tcm4TlvDq8ikWAM", "ALL"]
      voice_settings:
        stability: 0.5
        similarity_boost: 0.75
`,
  localai: `speech:
  tts:
    localai:
      url: "http://localai.example:8080/tts"
      voices: ["en-us-amy-low.onnx"]
      backend: "piper"
`,
} as const;

export async function useSpeechConfig(engine: keyof typeof SPEECH_CONFIGS, extra = ''): Promise<void> {
  await storeAppConfig(`version: 1.2.5\n${SPEECH_CONFIGS[engine]}${extra}`);
}

export interface EngineCall {
  url: string;
  headers: Headers;
  bytes: Uint8Array;
  text: string;
  json: () => unknown;
}

/** Stubs the outbound fetch: each engine call is recorded, and answered by the next of `answers` (the last repeats). */
export function stubEngine(...answers: ((call: EngineCall) => Response)[]): EngineCall[] {
  const calls: EngineCall[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    const bytes = new Uint8Array(await request.arrayBuffer());
    const text = new TextDecoder().decode(bytes);
    const call = { url: request.url, headers: request.headers, bytes, text, json: () => JSON.parse(text) as unknown };
    calls.push(call);
    const answer = answers[Math.min(calls.length - 1, answers.length - 1)];
    if (!answer) throw new Error('stubEngine was given no answer');
    return answer(call);
  });
  return calls;
}

export const audioAnswer =
  (bytes: Uint8Array = TONE_MP3, type = 'audio/mpeg') =>
  () =>
    new Response(bytes, { headers: { 'content-type': type } });

export const jsonAnswer =
  (body: unknown, status = 200) =>
  () =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A recording of `size` bytes whose content depends on `seed`. */
export function recording(size: number, seed = 7): Uint8Array {
  return Uint8Array.from({ length: size }, (_, index) => (index * seed) % 251);
}

export async function postAudio(
  user: UserRow,
  audio: Uint8Array,
  options: { type?: string; filename?: string; field?: string; vars?: EnvVars } = {},
): Promise<Response> {
  const form = new FormData();
  form.append(
    options.field ?? 'audio',
    new Blob([audio], { type: options.type ?? 'audio/webm' }),
    options.filename ?? 'audio.webm',
  );
  return callApp(
    '/api/files/speech/stt',
    { method: 'POST', headers: await authHeader(user), body: form },
    { ...SPEECH_VARS, ...options.vars },
  );
}

export async function postJson(user: UserRow, path: string, body: unknown, vars: EnvVars = {}): Promise<Response> {
  return callApp(
    path,
    {
      method: 'POST',
      headers: { ...(await authHeader(user)), 'content-type': 'application/json' },
      body: JSON.stringify(body),
    },
    { ...SPEECH_VARS, ...vars },
  );
}

export async function getAs(user: UserRow, path: string): Promise<Response> {
  return callApp(path, { headers: await authHeader(user) }, SPEECH_VARS);
}

/** A reply of `user` whose content parts are `text` (and a thinking part that is not read aloud). */
export async function createReply(user: UserRow, text: string): Promise<string> {
  const conversationId = await createConversation(env.DB, user.id);
  return createMessage(env.DB, user.id, conversationId, {
    isCreatedByUser: false,
    sender: 'GPT-4o',
    text,
    content: [
      { type: 'think', think: 'Private reasoning.' },
      { type: 'text', text },
    ],
  });
}

/** The cached audio objects of `user` (the cache is written once the stream has ended). */
export async function cachedSpeechKeys(user: UserRow): Promise<string[]> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const listed = await env.FILES.list({ prefix: `users/${user.id}/tts/` });
    if (listed.objects.length > 0) return listed.objects.map((object) => object.key);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return [];
}
