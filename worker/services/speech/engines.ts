/**
 * Which speech engines librechat.yaml's `speech` section configures, resolved against the
 * environment into what a call needs: the URL to POST to, the auth header, the model and the
 * voices. Exactly one engine may be configured per direction, as in LibreChat; none (or more
 * than one) means that direction has no external engine.
 */
import { ERROR_CODES } from '../../contract/errors';
import type { EnvVars } from '../../env';
import { HttpError } from '../../http-error';
import { resolveEnvReference } from '../config/env-reference';
import type { AppConfig } from '../config/schema';

type Speech = NonNullable<AppConfig['speech']>;
type TtsConfig = NonNullable<Speech['tts']>;
type SttConfig = NonNullable<Speech['stt']>;

export type SttEngineKind = 'openai' | 'azureOpenAI';
export type TtsEngineKind = 'openai' | 'azureOpenAI' | 'elevenlabs' | 'localai';

export interface SttEngine {
  kind: SttEngineKind;
  url: string;
  headers: Record<string, string>;
  /** Sent as the form's `model` field (OpenAI-compatible servers need it; Azure ignores it). */
  model: string | undefined;
}

export interface TtsEngine {
  kind: TtsEngineKind;
  /** For ElevenLabs, the URL with `{voice}` where the voice id goes. */
  url: string;
  headers: Record<string, string>;
  model: string;
  /** The configured voices; `ALL` lets the caller name any voice. */
  voices: string[];
  backend?: string;
  voiceSettings?: Record<string, number | boolean>;
  pronunciationDictionaryLocators?: string[];
}

export const OPENAI_STT_URL = 'https://api.openai.com/v1/audio/transcriptions';
export const OPENAI_TTS_URL = 'https://api.openai.com/v1/audio/speech';
export const ELEVENLABS_TTS_URL = 'https://api.elevenlabs.io/v1/text-to-speech/{voice}/stream';
export const NO_STT_MESSAGE = 'No speech-to-text engine is configured';
export const NO_TTS_MESSAGE = 'No text-to-speech engine is configured';

const AZURE_INSTANCE = /^[A-Za-z0-9-]{1,64}$/;

function vars(env: EnvVars): Record<string, string | undefined> {
  return { ...env };
}

/** The yaml value (a `${VAR}` reference resolved), else the fallback variable, else nothing. */
function secret(value: string | undefined, fallback: string | undefined, env: EnvVars): string | undefined {
  const resolved = value === undefined || value.trim() === '' ? undefined : resolveEnvReference(value, vars(env));
  return resolved?.trim() || fallback?.trim() || undefined;
}

function text(value: string | undefined, env: EnvVars): string | undefined {
  return value === undefined ? undefined : resolveEnvReference(value, vars(env))?.trim() || undefined;
}

/**
 * LibreChat takes `url` as the whole endpoint. A base URL (`https://api.groq.com/openai/v1`,
 * a local whisper server's `/v1`) is also accepted: the operation's path is added to it.
 */
function endpoint(url: string | undefined, operation: string, fallback: string): string {
  if (!url) return fallback;
  const trimmed = url.replace(/\/+$/, '');
  return trimmed.endsWith(operation) ? trimmed : `${trimmed}${operation}`;
}

function azureURL(
  azure: { instanceName: string; deploymentName: string; apiVersion: string; baseURL?: string },
  operation: string,
  env: EnvVars,
): string {
  const instance = text(azure.instanceName, env) ?? '';
  const deployment = encodeURIComponent(text(azure.deploymentName, env) ?? '');
  const version = encodeURIComponent(text(azure.apiVersion, env) ?? '');
  const base = text(azure.baseURL, env)?.replace(/\/+$/, '');
  if (!base && !AZURE_INSTANCE.test(instance)) {
    throw new HttpError(
      500,
      'The Azure OpenAI speech engine has no valid instance name',
      ERROR_CODES.serverMisconfigured,
    );
  }
  const origin = base ?? `https://${instance}.openai.azure.com`;
  return `${origin}/openai/deployments/${deployment}/audio/${operation}?api-version=${version}`;
}

function bearer(key: string | undefined): Record<string, string> {
  return key ? { authorization: `Bearer ${key}` } : {};
}

/** The one configured entry of a section, or undefined when there is none or more than one. */
function single<T extends object>(section: T | undefined): keyof T | undefined {
  const keys = Object.entries(section ?? {}).flatMap(([key, value]) => (value ? [key as keyof T] : []));
  return keys.length === 1 ? keys[0] : undefined;
}

export function sttEngineKind(config: AppConfig): SttEngineKind | undefined {
  return single<SttConfig>(config.speech?.stt);
}

export function ttsEngineKind(config: AppConfig): TtsEngineKind | undefined {
  return single<TtsConfig>(config.speech?.tts);
}

/** The speech-to-text engine, or a 404 saying none is configured. */
export function resolveSttEngine(config: AppConfig, env: EnvVars): SttEngine {
  const stt = config.speech?.stt;
  const kind = sttEngineKind(config);
  if (kind === 'openai' && stt?.openai) {
    const { url, apiKey, model } = stt.openai;
    return {
      kind,
      url: endpoint(text(url, env), '/audio/transcriptions', OPENAI_STT_URL),
      headers: bearer(secret(apiKey, env.STT_API_KEY, env)),
      model: text(model, env),
    };
  }
  if (kind === 'azureOpenAI' && stt?.azureOpenAI) {
    const key = secret(stt.azureOpenAI.apiKey, env.STT_API_KEY, env);
    return {
      kind,
      url: azureURL(stt.azureOpenAI, 'transcriptions', env),
      headers: key ? { 'api-key': key } : {},
      model: undefined,
    };
  }
  throw new HttpError(404, NO_STT_MESSAGE, ERROR_CODES.notFound);
}

/** The text-to-speech engine, or a 404 saying none is configured. */
export function resolveTtsEngine(config: AppConfig, env: EnvVars): TtsEngine {
  const tts = config.speech?.tts;
  const kind = ttsEngineKind(config);
  const fallbackKey = env.TTS_API_KEY;
  if (kind === 'openai' && tts?.openai) {
    const { url, apiKey, model, voices } = tts.openai;
    const headers = bearer(secret(apiKey, fallbackKey, env));
    return { kind, url: endpoint(text(url, env), '/audio/speech', OPENAI_TTS_URL), headers, model, voices };
  }
  if (kind === 'azureOpenAI' && tts?.azureOpenAI) {
    const key = secret(tts.azureOpenAI.apiKey, fallbackKey, env);
    const { model, voices } = tts.azureOpenAI;
    return {
      kind,
      url: azureURL(tts.azureOpenAI, 'speech', env),
      headers: key ? { 'api-key': key } : {},
      model,
      voices,
    };
  }
  if (kind === 'elevenlabs' && tts?.elevenlabs) {
    const { url, apiKey, model, voices } = tts.elevenlabs;
    const key = secret(apiKey, fallbackKey, env);
    return {
      kind,
      url: text(url, env) ?? ELEVENLABS_TTS_URL,
      headers: key ? { 'xi-api-key': key } : {},
      model,
      voices,
      ...(tts.elevenlabs.voice_settings ? { voiceSettings: tts.elevenlabs.voice_settings } : {}),
      ...(tts.elevenlabs.pronunciation_dictionary_locators
        ? { pronunciationDictionaryLocators: tts.elevenlabs.pronunciation_dictionary_locators }
        : {}),
    };
  }
  if (kind === 'localai' && tts?.localai) {
    const { url, apiKey, voices, backend } = tts.localai;
    const target = text(url, env);
    if (!target) throw new HttpError(500, 'The LocalAI speech engine has no URL', ERROR_CODES.serverMisconfigured);
    return { kind, url: target, headers: bearer(secret(apiKey, fallbackKey, env)), model: '', voices, backend };
  }
  throw new HttpError(404, NO_TTS_MESSAGE, ERROR_CODES.notFound);
}

/** The voices a user may pick: the configured ones, without the `ALL` wildcard. */
export function listedVoices(engine: TtsEngine): string[] {
  return engine.voices.filter((voice) => voice !== 'ALL');
}

/**
 * The voice to speak with: the one asked for when it is configured (or `ALL` allows any),
 * else the first configured one. LibreChat picks a random voice here; the first one keeps a
 * message's cached audio the same from one read-aloud to the next.
 */
export function chooseVoice(engine: TtsEngine, requested: string | undefined): string {
  const listed = listedVoices(engine);
  if (requested && (listed.includes(requested) || engine.voices.includes('ALL'))) return requested;
  const first = listed[0];
  if (first === undefined)
    throw new HttpError(500, 'The text-to-speech engine has no voices', ERROR_CODES.serverMisconfigured);
  return first;
}
