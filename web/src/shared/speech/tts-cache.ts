/** The browser Cache Storage cache that read-aloud audio is kept in (LibreChat's name). */
export const TTS_CACHE_NAME = 'tts-responses';

/** Without Cache Storage (plain http, some private modes) nothing is kept. */
const hasCaches = () => typeof caches !== 'undefined';

/**
 * The cache key of a text. Cache Storage keys are URLs: the text becomes the path of one on this
 * origin, so the same words find the same audio whichever message they belong to.
 */
const keyOf = (text: string) => new URL(`/${encodeURIComponent(text)}`, window.location.origin).toString();

/** The audio kept for `text`, if any. A broken cache counts as none: the audio is fetched again. */
export async function cachedSpeech(text: string): Promise<Blob | null> {
  if (!hasCaches() || !text) return null;
  try {
    const hit = await (await caches.open(TTS_CACHE_NAME)).match(keyOf(text));
    return hit ? await hit.blob() : null;
  } catch {
    return null;
  }
}

/** Keeps the audio of `text`; a full or blocked cache only means it is fetched again next time. */
export async function keepSpeech(text: string, audio: Blob): Promise<void> {
  if (!hasCaches()) return;
  try {
    const cache = await caches.open(TTS_CACHE_NAME);
    await cache.put(keyOf(text), new Response(audio, { headers: { 'Content-Type': audio.type || 'audio/mpeg' } }));
  } catch {
    // Nothing to do: the next read-aloud fetches the audio again.
  }
}
