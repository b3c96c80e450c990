import type { Dictation, DictationCallbacks, DictationState } from './recorder';

/** The part of the Web Speech API's recognizer used here (TypeScript's DOM types lack it). */
interface Recognizer {
  lang: string;
  continuous: boolean;
  interimResults: boolean;
  start: () => void;
  stop: () => void;
  onresult: ((event: { results: ArrayLike<ArrayLike<{ transcript: string }> & { isFinal: boolean }> }) => void) | null;
  onerror: ((event: { error: string }) => void) | null;
  onend: (() => void) | null;
}

type RecognizerClass = new () => Recognizer;

function recognizerClass(): RecognizerClass | undefined {
  const scope = window as unknown as { SpeechRecognition?: RecognizerClass; webkitSpeechRecognition?: RecognizerClass };
  return scope.SpeechRecognition ?? scope.webkitSpeechRecognition;
}

/**
 * Dictation through the browser's own recognizer, which hears as the user speaks. `continuous`
 * keeps it listening through pauses until stopped; otherwise it ends after one phrase.
 */
export function browserDictation(language: string, continuous: boolean, callbacks: DictationCallbacks): Dictation {
  let state: DictationState = 'idle';
  let recognizer: Recognizer | null = null;
  const setState = (next: DictationState) => {
    state = next;
    callbacks.onState(next);
  };
  let heard = '';

  const start = async () => {
    if (state !== 'idle') return callbacks.onProblem('already_listening');
    const Recognition = recognizerClass();
    if (!Recognition) return callbacks.onProblem('no_recognition');
    const current = new Recognition();
    current.lang = language || navigator.language;
    current.continuous = continuous;
    current.interimResults = true;
    heard = '';
    current.onresult = (event) => {
      heard = Array.from(event.results, (result) => result[0]?.transcript ?? '').join('');
      callbacks.onText(heard, false);
    };
    current.onerror = (event) => {
      if (event.error === 'not-allowed' || event.error === 'service-not-allowed') callbacks.onProblem('mic_denied');
      else if (event.error === 'audio-capture') callbacks.onProblem('mic_unavailable');
    };
    current.onend = () => {
      recognizer = null;
      setState('idle');
      if (heard) callbacks.onText(heard, true);
    };
    try {
      current.start();
      recognizer = current;
      setState('recording');
    } catch {
      callbacks.onProblem('mic_start_error');
    }
  };

  const stop = () => {
    if (!recognizer) return callbacks.onProblem('not_recording');
    recognizer.stop();
  };

  return {
    start,
    stop,
    get state() {
      return state;
    },
  };
}
