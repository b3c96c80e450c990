import { describe, expect, it } from 'vitest';
import { parseAppConfig } from '../config/parse';
import type { AppConfig } from '../config/schema';
import { chooseVoice, resolveSttEngine, resolveTtsEngine } from './engines';

function config(yaml: string): AppConfig {
  const parsed = parseAppConfig(`version: 1.2.5\n${yaml}`);
  if (!parsed.ok) throw new Error(parsed.errors.join('\n'));
  return parsed.config;
}

describe('resolveSttEngine', () => {
  it('takes a whole endpoint as LibreChat does, or a base URL', () => {
    const whole = config(
      'speech:\n  stt:\n    openai: { url: "http://whisper:9000/v1/audio/transcriptions", apiKey: k, model: m }\n',
    );
    expect(resolveSttEngine(whole, {}).url).toBe('http://whisper:9000/v1/audio/transcriptions');
    const base = config('speech:\n  stt:\n    openai: { url: "http://whisper:9000/v1/", apiKey: k, model: m }\n');
    expect(resolveSttEngine(base, {}).url).toBe('http://whisper:9000/v1/audio/transcriptions');
  });

  it('uses STT_API_KEY when the yaml leaves the key empty or names an unset variable', () => {
    const empty = config('speech:\n  stt:\n    openai: { apiKey: "", model: whisper-1 }\n');
    expect(resolveSttEngine(empty, { STT_API_KEY: 'sk-env' }).headers).toEqual({ authorization: 'Bearer sk-env' });
    const unset = config('speech:\n  stt:\n    openai: { apiKey: "${MY_STT_KEY}", model: whisper-1 }\n');
    expect(resolveSttEngine(unset, { STT_API_KEY: 'sk-env' }).headers).toEqual({ authorization: 'Bearer sk-env' });
    expect(resolveSttEngine(unset, {}).headers).toEqual({});
  });

  it('sends Azure to a gateway named by baseURL', () => {
    const azure = config(
      'speech:\n  stt:\n    azureOpenAI: { instanceName: i, apiKey: k, deploymentName: w, apiVersion: "2024-06-01", baseURL: "http://127.0.0.1:9999/" }\n',
    );
    expect(resolveSttEngine(azure, {}).url).toBe(
      'http://127.0.0.1:9999/openai/deployments/w/audio/transcriptions?api-version=2024-06-01',
    );
  });

  it('has no engine when none or two are configured', () => {
    expect(() => resolveSttEngine(config(''), {})).toThrow('No speech-to-text engine is configured');
    const two = config(
      'speech:\n  stt:\n    openai: { apiKey: k, model: m }\n    azureOpenAI: { instanceName: i, apiKey: k, deploymentName: w, apiVersion: v }\n',
    );
    expect(() => resolveSttEngine(two, {})).toThrow('No speech-to-text engine is configured');
  });

  it('refuses an Azure instance name that is not a host label', () => {
    const bad = config(
      'speech:\n  stt:\n    azureOpenAI: { instanceName: "evil.example/x?", apiKey: k, deploymentName: w, apiVersion: v }\n',
    );
    expect(() => resolveSttEngine(bad, {})).toThrow('no valid instance name');
  });
});

describe('resolveTtsEngine and chooseVoice', () => {
  it('puts an ElevenLabs voice in a configured URL’s {voice}', () => {
    const eleven = resolveTtsEngine(
      config(
        'speech:\n  tts:\n    elevenlabs: { url: "http://tts.local/v1/text-to-speech/{voice}/stream", apiKey: k, model: m, voices: [a, b] }\n',
      ),
      {},
    );
    expect(eleven.url).toBe('http://tts.local/v1/text-to-speech/{voice}/stream');
    expect(chooseVoice(eleven, 'b')).toBe('b');
    expect(chooseVoice(eleven, 'zzz')).toBe('a');
    expect(chooseVoice(eleven, undefined)).toBe('a');
  });

  it('refuses a voice list of only ALL without a voice named', () => {
    const all = resolveTtsEngine(config('speech:\n  tts:\n    openai: { apiKey: k, model: m, voices: [ALL] }\n'), {});
    expect(chooseVoice(all, 'onyx')).toBe('onyx');
    expect(() => chooseVoice(all, undefined)).toThrow('has no voices');
  });
});
