import {
  createLocalSettingsStore,
  isBoolean,
  type SettingValidator,
  useLocalSettings,
} from '@/lib/local-settings-store';

export type SpeechEngine = 'browser' | 'external';

/** The Speech tab's settings, kept in this browser under LibreChat's keys. */
export interface SpeechSettings {
  speechToText: boolean;
  textToSpeech: boolean;
  engineSTT: SpeechEngine;
  engineTTS: SpeechEngine;
  /** A BCP 47 tag; empty follows the interface language. */
  languageSTT: string;
  languageTTS: string;
  /** The chosen voice's name (a browser voice or one of the server's); empty: the first offered. */
  voice: string;
  /** Also offer the browser's network voices (they send the text to the browser vendor). */
  cloudBrowserVoices: boolean;
  cacheTTS: boolean;
  automaticPlayback: boolean;
  playbackRate: number;
  /** Seconds after dictation ends before the text sends itself; below 0 it never does. */
  autoSendText: number;
  /** The loudness in dB under which the microphone counts as silent. */
  decibelValue: number;
  autoTranscribeAudio: boolean;
  conversationMode: boolean;
  advancedMode: boolean;
}

export const SPEECH_DEFAULTS: Readonly<SpeechSettings> = Object.freeze({
  speechToText: true,
  textToSpeech: true,
  engineSTT: 'browser',
  engineTTS: 'browser',
  languageSTT: '',
  languageTTS: '',
  voice: '',
  cloudBrowserVoices: false,
  cacheTTS: true,
  automaticPlayback: false,
  playbackRate: 1,
  autoSendText: -1,
  decibelValue: -45,
  autoTranscribeAudio: false,
  conversationMode: false,
  advancedMode: false,
});

type NumberKey = 'playbackRate' | 'autoSendText' | 'decibelValue';

/** Each slider's range and step. */
export const SPEECH_RANGES: Readonly<Record<NumberKey, { min: number; max: number; step: number }>> = {
  playbackRate: { min: 0.1, max: 2, step: 0.1 },
  autoSendText: { min: -1, max: 60, step: 1 },
  decibelValue: { min: -100, max: -30, step: 1 },
};

/** What conversation mode sets when it is turned on: hands-free needs each of these. */
export const CONVERSATION_MODE_SETTINGS = { autoTranscribeAudio: true, autoSendText: 3, decibelValue: -45 } as const;

const isEngine = (value: unknown): value is SpeechEngine => value === 'browser' || value === 'external';
const isString = (value: unknown): value is string => typeof value === 'string';
const inRange =
  (key: NumberKey): SettingValidator<number> =>
  (value: unknown): value is number =>
    typeof value === 'number' &&
    Number.isFinite(value) &&
    value >= SPEECH_RANGES[key].min &&
    value <= SPEECH_RANGES[key].max;

// An engine value this app does not know (LibreChat's `edge`, a typo) fails its check and reads
// as the default, the browser engine.
const store = createLocalSettingsStore<SpeechSettings>(SPEECH_DEFAULTS, {
  speechToText: isBoolean,
  textToSpeech: isBoolean,
  engineSTT: isEngine,
  engineTTS: isEngine,
  languageSTT: isString,
  languageTTS: isString,
  voice: isString,
  cloudBrowserVoices: isBoolean,
  cacheTTS: isBoolean,
  automaticPlayback: isBoolean,
  playbackRate: inRange('playbackRate'),
  autoSendText: inRange('autoSendText'),
  decibelValue: inRange('decibelValue'),
  autoTranscribeAudio: isBoolean,
  conversationMode: isBoolean,
  advancedMode: isBoolean,
});

/** A slider value held to its range and rounded to its step (float steps drift otherwise). */
export function clampSpeechNumber(key: NumberKey, value: number): number {
  const { min, max, step } = SPEECH_RANGES[key];
  const stepped = Math.round(value / step) * step;
  return Math.min(max, Math.max(min, Number(stepped.toFixed(2))));
}

export const getSpeechSettings: () => SpeechSettings = store.get;

/**
 * Changes one setting with its rules: numbers are clamped; conversation mode can only be on with
 * both directions on, and turning it on sets what a hands-free turn needs; turning either
 * direction off ends it.
 */
export function setSpeechSetting<K extends keyof SpeechSettings>(key: K, value: SpeechSettings[K]): void {
  if (key === 'playbackRate' || key === 'autoSendText' || key === 'decibelValue') {
    store.set(key as NumberKey, clampSpeechNumber(key as NumberKey, value as number));
    return;
  }
  if (key === 'conversationMode' && value === true) {
    const current = store.get();
    if (!current.speechToText || !current.textToSpeech) return;
    store.set('autoTranscribeAudio', CONVERSATION_MODE_SETTINGS.autoTranscribeAudio);
    store.set('autoSendText', CONVERSATION_MODE_SETTINGS.autoSendText);
    store.set('decibelValue', CONVERSATION_MODE_SETTINGS.decibelValue);
  }
  if ((key === 'speechToText' || key === 'textToSpeech') && value === false) store.set('conversationMode', false);
  store.set(key, value);
}

/** Conversation mode as it acts: on only while both directions are on. */
export const conversationModeActive = (settings: SpeechSettings): boolean =>
  settings.conversationMode && settings.speechToText && settings.textToSpeech;

export type UseSpeechSettings = SpeechSettings & { set: typeof setSpeechSetting };

/** The speech settings; every user re-renders when one changes. */
export function useSpeechSettings(): UseSpeechSettings {
  return { ...useLocalSettings(store), set: setSpeechSetting };
}

const NUMBER_KEYS: readonly NumberKey[] = ['playbackRate', 'autoSendText', 'decibelValue'];
const isNumberKey = (key: string): key is NumberKey => (NUMBER_KEYS as readonly string[]).includes(key);

/**
 * The server's Speech tab settings override the local ones: each known key with a value of the
 * right kind is written as if the user had chosen it (numbers clamped, an unknown engine read as
 * the browser's); `sttExternal`/`ttsExternal` are facts about the server, not settings.
 */
export function applyServerSpeechSettings(server: Record<string, unknown>): void {
  for (const key of Object.keys(SPEECH_DEFAULTS) as (keyof SpeechSettings)[]) {
    const value = server[key];
    if (value === undefined) continue;
    if (key === 'engineTTS' || key === 'engineSTT') store.set(key, isEngine(value) ? value : 'browser');
    else if (isNumberKey(key)) {
      if (typeof value === 'number' && Number.isFinite(value)) store.set(key, clampSpeechNumber(key, value));
    } else if (typeof value === typeof SPEECH_DEFAULTS[key]) store.set(key, value as never);
  }
}
