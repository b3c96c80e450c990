import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { ERROR_CODES } from '../contract/errors';
import { ttsRequestSchema } from '../contract/speech';
import { findOwnMessageText } from '../db/messages';
import type { AppEnv } from '../env';
import { HttpError } from '../http-error';
import { currentUser, requireAuth } from '../middleware/auth';
import { validate } from '../middleware/validate';
import { loadAppConfig } from '../services/config/store';
import { BAN_MESSAGE } from '../services/rate-limit/bans';
import { ipSubject } from '../services/rate-limit/client-ip';
import { openAudioUpload } from '../services/speech/audio-upload';
import { cacheWhileStreaming, readCachedSpeech, speechCacheKey } from '../services/speech/cache';
import type { EngineFetch } from '../services/speech/engine-call';
import { chooseVoice, listedVoices, resolveSttEngine, resolveTtsEngine } from '../services/speech/engines';
import { checkSpeechLimit, SPEECH_LIMIT_MESSAGES, type SpeechDirection } from '../services/speech/limits';
import { speechSettings } from '../services/speech/settings';
import { synthesize, type SpeechAudio } from '../services/speech/synthesize';
import { messageText, speakableText, splitForSpeech } from '../services/speech/text';
import { transcribe } from '../services/speech/transcribe';

/** The dictation upload streams its body and bounds it itself, so app.ts exempts it from the JSON body limit. */
export const STT_PATH = '/api/files/speech/stt';

/** What the manual read-aloud takes: a long text is spoken in pieces, but not a book. */
const MAX_MANUAL_INPUT = 100_000;

// Looked up at call time, so a test's stub of the global fetch is the one used.
const engineFetch: EngineFetch = (request) => fetch(request);

function speechLimit(direction: SpeechDirection): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const config = await loadAppConfig(c.env);
    const ip = ipSubject(c.req.header('cf-connecting-ip'));
    const decision = await checkSpeechLimit(direction, c.env, config, ip, currentUser(c).id);
    if (decision.outcome === 'banned') throw new HttpError(403, BAN_MESSAGE, ERROR_CODES.banned);
    if (decision.outcome === 'limited') {
      c.header('Retry-After', String(decision.retryAfterSeconds));
      const code = direction === 'tts' ? ERROR_CODES.ttsLimit : ERROR_CODES.sttLimit;
      throw new HttpError(429, SPEECH_LIMIT_MESSAGES[direction], code);
    }
    await next();
  };
}

function audioResponse(audio: SpeechAudio, cached: boolean): Response {
  return new Response(audio.body, {
    headers: {
      'content-type': audio.contentType,
      'cache-control': 'private, no-store',
      'x-tts-cache': cached ? 'hit' : 'miss',
    },
  });
}

/** `text` read aloud with the configured engine, from the user's cache when it was read before. */
async function speak(c: Context<AppEnv>, text: string, requestedVoice: string | null | undefined) {
  const engine = resolveTtsEngine(await loadAppConfig(c.env), c.env);
  const pieces = splitForSpeech(text);
  if (pieces.length === 0) throw new HttpError(400, 'There is no text to read aloud', ERROR_CODES.validation);
  const voice = chooseVoice(engine, requestedVoice ?? undefined);
  const key = await speechCacheKey(currentUser(c).id, engine, voice, text);
  const cached = await readCachedSpeech(c.env.FILES, key);
  if (cached) return audioResponse(cached, true);
  const audio = await synthesize(engine, voice, pieces, engineFetch);
  const waitUntil = (promise: Promise<unknown>) => c.executionCtx.waitUntil(promise);
  return audioResponse(cacheWhileStreaming(audio, c.env.FILES, key, waitUntil), false);
}

/** The manual read-aloud's fields, from a multipart form (LibreChat's client) or JSON. */
async function manualFields(c: Context<AppEnv>): Promise<{ input: string; voice: string | undefined }> {
  const type = c.req.header('content-type') ?? '';
  let fields: Record<string, unknown> = {};
  try {
    if (/^multipart\/form-data|^application\/x-www-form-urlencoded/i.test(type)) fields = await c.req.parseBody();
    else if (/^application\/json/i.test(type)) {
      const body: unknown = await c.req.json();
      if (typeof body === 'object' && body !== null) fields = { ...body };
    }
  } catch {
    throw new HttpError(400, 'The request body could not be read', ERROR_CODES.validation);
  }
  const { input, voice } = fields;
  if (typeof input !== 'string' || input.trim() === '')
    throw new HttpError(400, 'Missing text in request body', ERROR_CODES.validation);
  if (input.length > MAX_MANUAL_INPUT)
    throw new HttpError(400, `The text is longer than ${MAX_MANUAL_INPUT} characters`, ERROR_CODES.validation);
  return { input: input.trim(), voice: typeof voice === 'string' && voice !== '' ? voice : undefined };
}

/**
 * `/api/files/speech`: dictation (`POST /stt`, a recording streamed to the engine, `{text}`
 * back), read-aloud of a message (`POST /tts`) or of any text (`POST /tts/manual`), the voices
 * (`GET /tts/voices`) and the Speech tab's server settings (`GET /config/get`). The engines
 * are librechat.yaml's `speech.stt` and `speech.tts` (services/speech/engines.ts).
 */
export const speech = new Hono<AppEnv>()
  .post('/stt', requireAuth, speechLimit('stt'), async (c) => {
    const engine = resolveSttEngine(await loadAppConfig(c.env), c.env);
    const audio = await openAudioUpload(c.req.raw.body, c.req.header('content-type'));
    return c.json({ text: await transcribe(engine, audio, engineFetch) });
  })
  .post('/tts', requireAuth, speechLimit('tts'), validate('json', ttsRequestSchema), async (c) => {
    const { messageId, voice } = c.req.valid('json');
    const message = await findOwnMessageText(c.env.DB, currentUser(c).id, messageId);
    if (!message) throw new HttpError(404, 'Message not found', ERROR_CODES.notFound);
    return speak(c, speakableText(messageText(message)), voice);
  })
  .post('/tts/manual', requireAuth, speechLimit('tts'), async (c) => {
    const { input, voice } = await manualFields(c);
    return speak(c, input, voice);
  })
  .get('/tts/voices', requireAuth, async (c) =>
    c.json(listedVoices(resolveTtsEngine(await loadAppConfig(c.env), c.env))),
  )
  .get('/config/get', requireAuth, async (c) => c.json(speechSettings(await loadAppConfig(c.env))));
