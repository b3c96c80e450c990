import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { randomIp } from '../test/account-helpers';
import { authHeader, createTestUser } from '../test/auth-helpers';
import { callApp } from '../test/helpers';
import {
  audioAnswer,
  createReply,
  jsonAnswer,
  recording,
  SPEECH_VARS,
  stubEngine,
  useSpeechConfig,
} from '../test/speech-helpers';
import type { UserRow } from '../db/users';
import type { EnvVars } from '../env';

afterEach(() => {
  vi.restoreAllMocks();
});

async function readAloud(user: UserRow, messageId: string, ip: string, vars: EnvVars): Promise<Response> {
  const res = await callApp(
    '/api/files/speech/tts',
    {
      method: 'POST',
      headers: { ...(await authHeader(user)), 'content-type': 'application/json', 'cf-connecting-ip': ip },
      body: JSON.stringify({ messageId }),
    },
    { ...SPEECH_VARS, ...vars },
  );
  await res.arrayBuffer();
  return res;
}

async function dictate(user: UserRow, ip: string, vars: EnvVars = {}): Promise<Response> {
  const form = new FormData();
  form.append('audio', new Blob([recording(2000)], { type: 'audio/webm' }), 'audio.webm');
  return callApp(
    '/api/files/speech/stt',
    { method: 'POST', headers: { ...(await authHeader(user)), 'cf-connecting-ip': ip }, body: form },
    { ...SPEECH_VARS, ...vars },
  );
}

describe('speech rate limits', () => {
  it('TTS_USER_MAX trips with tts_limit, counting toward a ban', async () => {
    await useSpeechConfig('openai');
    stubEngine(audioAnswer());
    const user = await createTestUser();
    const messageId = await createReply(user, 'Limited.');
    const vars = { TTS_USER_MAX: '2', TTS_USER_WINDOW: '5', BAN_INTERVAL: '2' };
    expect((await readAloud(user, messageId, randomIp(), vars)).status).toBe(200);
    expect((await readAloud(user, messageId, randomIp(), vars)).status).toBe(200);
    const limited = await callApp(
      '/api/files/speech/tts',
      {
        method: 'POST',
        headers: { ...(await authHeader(user)), 'content-type': 'application/json', 'cf-connecting-ip': randomIp() },
        body: JSON.stringify({ messageId }),
      },
      { ...SPEECH_VARS, ...vars },
    );
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await limited.json()).toEqual({ message: 'Too many TTS requests. Try again later', code: 'tts_limit' });
    // A second refusal reaches BAN_INTERVAL: the user is banned for tts_limit.
    expect((await readAloud(user, messageId, randomIp(), vars)).status).toBe(429);
    const ban = await env.DB.prepare('SELECT reason FROM bans WHERE key = ?')
      .bind(`user:${user.id}`)
      .first<{ reason: string }>();
    expect(ban?.reason).toBe('tts_limit');
    expect((await readAloud(user, messageId, randomIp(), vars)).status).toBe(403);
  });

  it('TTS_IP_MAX limits an IP across users; the manual read-aloud counts too', async () => {
    await useSpeechConfig('openai');
    stubEngine(audioAnswer());
    const ip = randomIp();
    const vars = { TTS_IP_MAX: '1' };
    const first = await createTestUser();
    expect((await readAloud(first, await createReply(first, 'One.'), ip, vars)).status).toBe(200);
    const second = await createTestUser();
    const manual = await callApp(
      '/api/files/speech/tts/manual',
      {
        method: 'POST',
        headers: { ...(await authHeader(second)), 'content-type': 'application/json', 'cf-connecting-ip': ip },
        body: JSON.stringify({ input: 'Two.' }),
      },
      { ...SPEECH_VARS, ...vars },
    );
    expect(manual.status).toBe(429);
  });

  it('the yaml rateLimits.stt wins over STT_USER_MAX, and trips with stt_limit', async () => {
    await useSpeechConfig('openai', 'rateLimits:\n  stt:\n    userMax: 1\n    userWindowInMinutes: 1\n');
    const calls = stubEngine(jsonAnswer({ text: 'Heard.' }));
    const user = await createTestUser();
    expect((await dictate(user, randomIp(), { STT_USER_MAX: '50' })).status).toBe(200);
    const limited = await dictate(user, randomIp(), { STT_USER_MAX: '50' });
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({ message: 'Too many STT requests. Try again later', code: 'stt_limit' });
    expect(calls).toHaveLength(1);
  });

  it('STT_IP_MAX limits dictation per IP', async () => {
    await useSpeechConfig('openai');
    stubEngine(jsonAnswer({ text: 'Heard.' }));
    const ip = randomIp();
    const user = await createTestUser();
    expect((await dictate(user, ip, { STT_IP_MAX: '1', STT_IP_WINDOW: '2' })).status).toBe(200);
    expect((await dictate(user, ip, { STT_IP_MAX: '1', STT_IP_WINDOW: '2' })).status).toBe(429);
  });
});
