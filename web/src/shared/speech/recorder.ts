import { recordingType, transcribe } from './stt-request';

export type DictationState = 'idle' | 'recording' | 'processing';

/** The reasons dictation can be refused or fail; each has its own text for the user. */
export type DictationProblem =
  | 'mic_unavailable'
  | 'mic_denied'
  | 'mic_start_error'
  | 'no_media_recorder'
  | 'not_recording'
  | 'already_listening'
  | 'busy'
  | 'too_short'
  | 'failed'
  | 'no_recognition';

export interface DictationCallbacks {
  onState: (state: DictationState) => void;
  /** Text heard; `final` once the recording is done. */
  onText: (text: string, final: boolean) => void;
  onProblem: (problem: DictationProblem) => void;
}

/** Recorder data arrives this often. */
export const CHUNK_MS = 100;
/** This long below the silence level ends a recording by itself. */
export const SILENCE_MS = 3000;

export interface Dictation {
  start: () => Promise<void>;
  stop: () => void;
  readonly state: DictationState;
}

/**
 * Watches the microphone's loudness and calls `onSilence` once it has stayed under `decibels`
 * for SILENCE_MS. Answers a function that stops watching.
 */
function watchSilence(stream: MediaStream, decibels: number, onSilence: () => void): () => void {
  if (typeof AudioContext === 'undefined') return () => undefined;
  const context = new AudioContext();
  const analyser = context.createAnalyser();
  analyser.fftSize = 2048;
  context.createMediaStreamSource(stream).connect(analyser);
  const samples = new Float32Array(analyser.fftSize);
  let quietSince = Date.now();
  const timer = setInterval(() => {
    analyser.getFloatTimeDomainData(samples);
    const rms = Math.sqrt(samples.reduce((sum, sample) => sum + sample * sample, 0) / samples.length);
    const level = rms > 0 ? 20 * Math.log10(rms) : -Infinity;
    if (level >= decibels) quietSince = Date.now();
    else if (Date.now() - quietSince >= SILENCE_MS) onSilence();
  }, CHUNK_MS);
  return () => {
    clearInterval(timer);
    void context.close().catch(() => undefined);
  };
}

/** Dictation through the server's engine: MediaRecorder, then the recording is transcribed. */
export function externalDictation(decibels: number, callbacks: DictationCallbacks): Dictation {
  let state: DictationState = 'idle';
  let recorder: MediaRecorder | null = null;
  let stopWatching = () => undefined as void;
  const setState = (next: DictationState) => {
    state = next;
    callbacks.onState(next);
  };

  const finish = async (chunks: Blob[], type: string, stream: MediaStream) => {
    stream.getTracks().forEach((track) => track.stop());
    stopWatching();
    setState('processing');
    const answer = await transcribe(new Blob(chunks, { type }));
    setState('idle');
    if ('error' in answer) callbacks.onProblem(answer.error);
    else callbacks.onText(answer.text, true);
  };

  const stop = () => {
    if (state !== 'recording' || !recorder || recorder.state !== 'recording') {
      callbacks.onProblem('not_recording');
      return;
    }
    recorder.stop();
  };

  const start = async () => {
    if (state === 'recording') return callbacks.onProblem('already_listening');
    if (state === 'processing') return callbacks.onProblem('busy');
    if (!navigator.mediaDevices?.getUserMedia) return callbacks.onProblem('mic_unavailable');
    if (typeof MediaRecorder === 'undefined') return callbacks.onProblem('no_media_recorder');
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch (error) {
      const name = error instanceof DOMException ? error.name : '';
      if (name === 'NotAllowedError' || name === 'SecurityError') return callbacks.onProblem('mic_denied');
      if (name === 'NotFoundError') return callbacks.onProblem('mic_unavailable');
      return callbacks.onProblem('mic_start_error');
    }
    try {
      const type = recordingType();
      const chunks: Blob[] = [];
      const current = new MediaRecorder(stream, type ? { mimeType: type } : undefined);
      current.addEventListener('dataavailable', (event) => {
        if (event.data.size > 0) chunks.push(event.data);
      });
      current.addEventListener('stop', () => void finish(chunks, current.mimeType || type, stream));
      current.start(CHUNK_MS);
      recorder = current;
      stopWatching = watchSilence(stream, decibels, () => {
        if (recorder?.state === 'recording') recorder.stop();
      });
      setState('recording');
    } catch {
      stream.getTracks().forEach((track) => track.stop());
      callbacks.onProblem('mic_start_error');
    }
  };

  return {
    start,
    stop,
    get state() {
      return state;
    },
  };
}
