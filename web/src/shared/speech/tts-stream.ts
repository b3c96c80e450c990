import { refreshAccessToken } from '@/lib/api/refresh-token';
import { getAccessToken } from '@/lib/api/token-store';

export const TTS_PATH = '/api/files/speech/tts';

/** A chunk of audio that takes longer than this to arrive ends the read-aloud. */
export const CHUNK_TIMEOUT_MS = 15_000;

/** Why read-aloud audio could not be had; `kind` picks the text shown to the user. */
export class SpeechAudioError extends Error {
  constructor(
    readonly kind: 'fetch' | 'no_body' | 'cache_key' | 'timeout' | 'processing',
    message = kind,
  ) {
    super(message);
    this.name = 'SpeechAudioError';
  }
}

async function post(messageId: string, voice: string, token: string | null, signal: AbortSignal) {
  const headers = new Headers({ 'Content-Type': 'application/json', Accept: 'audio/mpeg, audio/*' });
  if (token) headers.set('Authorization', `Bearer ${token}`);
  return fetch(TTS_PATH, {
    method: 'POST',
    credentials: 'same-origin',
    headers,
    body: JSON.stringify({ messageId, voice: voice || undefined }),
    signal,
  });
}

/** Audio as it streams from the server, and its media type (MP3 from most engines, WAV from LocalAI). */
export interface SpeechStream {
  body: ReadableStream<Uint8Array>;
  type: string;
}

/** Asks the server to speak one of the user's messages; the answer streams as audio. */
export async function requestSpeech(messageId: string, voice: string, signal: AbortSignal): Promise<SpeechStream> {
  let response: Response;
  try {
    const used = getAccessToken();
    response = await post(messageId, voice, used, signal);
    if (response.status === 401) {
      const token = getAccessToken() !== used ? getAccessToken() : await refreshAccessToken();
      if (token) response = await post(messageId, voice, token, signal);
    }
  } catch (error) {
    if (signal.aborted) throw error;
    throw new SpeechAudioError('fetch');
  }
  if (!response.ok) throw new SpeechAudioError('fetch');
  if (!response.body) throw new SpeechAudioError('no_body');
  const type = response.headers.get('Content-Type')?.split(';')[0]?.trim().toLowerCase();
  return { body: response.body, type: type?.startsWith('audio/') ? type : 'audio/mpeg' };
}

/** The next chunk, or a timeout error when none comes within CHUNK_TIMEOUT_MS. */
export async function readChunk(
  reader: ReadableStreamDefaultReader<Uint8Array>,
): Promise<ReadableStreamReadResult<Uint8Array>> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new SpeechAudioError('timeout')), CHUNK_TIMEOUT_MS);
  });
  try {
    return await Promise.race([reader.read(), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Whether this browser can play MP3 while it downloads (Safari on iOS and Firefox cannot). */
export function canStreamMpeg(): boolean {
  return typeof MediaSource !== 'undefined' && MediaSource.isTypeSupported('audio/mpeg');
}

const appended = (buffer: SourceBuffer) =>
  new Promise<void>((resolve, reject) => {
    buffer.addEventListener('updateend', () => resolve(), { once: true });
    buffer.addEventListener('error', () => reject(new SpeechAudioError('processing')), { once: true });
  });

/**
 * Plays a stream of MP3 as it arrives through MediaSource, or (other audio, such as LocalAI's
 * WAV, which MediaSource does not take, or where it cannot take MP3) after it has all arrived.
 * Resolves with the whole audio, to be cached.
 */
export async function playStream(
  { body, type }: SpeechStream,
  audio: HTMLAudioElement,
  start: () => void,
): Promise<Blob> {
  const reader = body.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  if (type !== 'audio/mpeg' || !canStreamMpeg()) {
    for (let next = await readChunk(reader); !next.done; next = await readChunk(reader)) chunks.push(copy(next.value));
    const blob = new Blob(chunks, { type });
    audio.src = URL.createObjectURL(blob);
    start();
    return blob;
  }
  const source = new MediaSource();
  audio.src = URL.createObjectURL(source);
  await new Promise((resolve) => source.addEventListener('sourceopen', resolve, { once: true }));
  const buffer = source.addSourceBuffer('audio/mpeg');
  for (let next = await readChunk(reader); !next.done; next = await readChunk(reader)) {
    const chunk = copy(next.value);
    chunks.push(chunk);
    const done = appended(buffer);
    buffer.appendBuffer(chunk);
    await done;
    if (chunks.length === 1) start();
  }
  if (source.readyState === 'open') source.endOfStream();
  return new Blob(chunks, { type: 'audio/mpeg' });
}

/** A chunk in a buffer of its own (Blob and appendBuffer need a plain ArrayBuffer). */
const copy = (chunk: Uint8Array): Uint8Array<ArrayBuffer> => new Uint8Array(chunk);
