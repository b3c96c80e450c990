import { browserVoices } from './voices';
import { getSpeechSettings } from './speech-settings';
import { cachedSpeech, keepSpeech } from './tts-cache';
import { playStream, requestSpeech, SpeechAudioError } from './tts-stream';

export type ReadAloudState = 'idle' | 'loading' | 'playing';

export type ReadAloudFailure = { stage: 'process' | 'play'; error: unknown };

export interface ReadAloudCallbacks {
  onState: (state: ReadAloudState) => void;
  onError: (failure: ReadAloudFailure) => void;
}

/** One read-aloud at a time: starting another stops the one playing. */
let current: { stop: () => void } | null = null;

export function stopReadAloud(): void {
  const playing = current;
  // Cleared first: a reading the user stops has not finished (see onReadAloudFinished).
  current = null;
  playing?.stop();
}

const finishedListeners = new Set<() => void>();

/** Calls `listener` each time a reading ends by itself (not stopped): conversation mode listens again then. */
export function onReadAloudFinished(listener: () => void): () => void {
  finishedListeners.add(listener);
  return () => finishedListeners.delete(listener);
}

/** Reads through the browser's own speech synthesis, in the chosen voice, language and rate. */
function speakInBrowser(text: string, callbacks: ReadAloudCallbacks): () => void {
  if (typeof speechSynthesis === 'undefined') {
    callbacks.onError({ stage: 'play', error: new Error('speechSynthesis') });
    return () => undefined;
  }
  const settings = getSpeechSettings();
  const utterance = new SpeechSynthesisUtterance(text);
  const voice = browserVoices(true).find((candidate) => candidate.name === settings.voice);
  if (voice) utterance.voice = voice;
  if (settings.languageTTS) utterance.lang = settings.languageTTS;
  utterance.rate = settings.playbackRate;
  let stopped = false;
  utterance.onstart = () => callbacks.onState('playing');
  utterance.onend = () => callbacks.onState('idle');
  utterance.onerror = (event) => {
    callbacks.onState('idle');
    // Cancelling (our own stop) reports an error too; it is not one for the user.
    if (!stopped && event.error !== 'interrupted' && event.error !== 'canceled')
      callbacks.onError({ stage: 'play', error: new Error(event.error) });
  };
  callbacks.onState('loading');
  speechSynthesis.cancel();
  speechSynthesis.speak(utterance);
  return () => {
    stopped = true;
    speechSynthesis.cancel();
    callbacks.onState('idle');
  };
}

/** Reads through the server's engine: cached audio when kept, else streamed and then kept. */
function speakExternal(messageId: string, text: string, callbacks: ReadAloudCallbacks): () => void {
  const settings = getSpeechSettings();
  const audio = new Audio();
  audio.playbackRate = settings.playbackRate;
  const abort = new AbortController();
  let stopped = false;
  const finish = () => {
    if (audio.src.startsWith('blob:')) URL.revokeObjectURL(audio.src);
    callbacks.onState('idle');
  };
  audio.addEventListener('playing', () => callbacks.onState('playing'));
  audio.addEventListener('ended', finish);
  const start = () => {
    audio.playbackRate = settings.playbackRate;
    audio.play().catch((error: unknown) => {
      if (stopped) return;
      finish();
      callbacks.onError({ stage: 'play', error });
    });
  };
  const run = async () => {
    callbacks.onState('loading');
    const kept = settings.cacheTTS ? await cachedSpeech(text) : null;
    if (kept) {
      audio.src = URL.createObjectURL(kept);
      start();
      return;
    }
    const stream = await requestSpeech(messageId, settings.voice, abort.signal);
    const whole = await playStream(stream, audio, start);
    if (!settings.cacheTTS) return;
    if (!text) throw new SpeechAudioError('cache_key');
    await keepSpeech(text, whole);
  };
  run().catch((error: unknown) => {
    if (stopped) return;
    finish();
    callbacks.onError({ stage: 'process', error });
  });
  return () => {
    stopped = true;
    abort.abort();
    audio.pause();
    finish();
  };
}

/** Starts reading a message aloud with the engine of the settings; stops any other first. */
export function startReadAloud(messageId: string, text: string, callbacks: ReadAloudCallbacks): void {
  stopReadAloud();
  const entry = { stop: () => undefined as void };
  // The entry clears itself when its reading ends on its own.
  const tracked: ReadAloudCallbacks = {
    onState: (state) => {
      if (state === 'idle' && current === entry) {
        current = null;
        finishedListeners.forEach((listener) => listener());
      }
      callbacks.onState(state);
    },
    onError: callbacks.onError,
  };
  current = entry;
  entry.stop =
    getSpeechSettings().engineTTS === 'external'
      ? speakExternal(messageId, text, tracked)
      : speakInBrowser(text, tracked);
}
