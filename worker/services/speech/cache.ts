/**
 * Read-aloud audio kept in R2, so reading the same message again costs no engine call. The key
 * is a hash of what decides the sound (engine, its address and model, voice, text) under the
 * user's prefix: one user's cache never answers another's (no one can learn by timing what
 * others had read aloud), and deleting the account deletes it.
 */
import { userFilesPrefix } from '../auth/account-deletion';
import type { TtsEngine } from './engines';
import type { SpeechAudio } from './synthesize';

/** Audio longer than this is played but not kept (about a quarter of an hour of MP3). */
export const MAX_CACHED_BYTES = 16 * 1024 * 1024;

export type SpeechBucket = Pick<R2Bucket, 'get' | 'put'>;

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

export async function speechCacheKey(userId: string, engine: TtsEngine, voice: string, text: string): Promise<string> {
  const identity = JSON.stringify([engine.kind, engine.url, engine.model, engine.backend ?? '', voice, text]);
  return `${userFilesPrefix(userId)}tts/${await sha256Hex(identity)}`;
}

export async function readCachedSpeech(bucket: SpeechBucket, key: string): Promise<SpeechAudio | undefined> {
  const object = await bucket.get(key);
  if (!object) return undefined;
  return { body: object.body, contentType: object.httpMetadata?.contentType ?? 'audio/mpeg' };
}

/**
 * Passes the audio through to the client unchanged and, once the engine has sent all of it,
 * stores it (R2 takes a body of known length, so the bytes are collected as they pass; the
 * client never waits for them). Audio cut short (an engine failure, the client gone) is not
 * kept: a later read-aloud would play half a message.
 */
export function cacheWhileStreaming(
  audio: SpeechAudio,
  bucket: SpeechBucket,
  key: string,
  waitUntil: (promise: Promise<unknown>) => void,
): SpeechAudio {
  const chunks: Uint8Array[] = [];
  let size = 0;
  const tap = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      size += chunk.byteLength;
      if (size <= MAX_CACHED_BYTES) chunks.push(chunk);
      controller.enqueue(chunk);
    },
    flush() {
      if (size === 0 || size > MAX_CACHED_BYTES) return;
      const bytes = new Uint8Array(size);
      let offset = 0;
      for (const chunk of chunks) {
        bytes.set(chunk, offset);
        offset += chunk.byteLength;
      }
      const stored = audio.complete ? audio.complete(bytes) : bytes;
      waitUntil(bucket.put(key, stored, { httpMetadata: { contentType: audio.contentType } }).catch(() => undefined));
    },
  });
  return { body: audio.body.pipeThrough(tap), contentType: audio.contentType };
}
