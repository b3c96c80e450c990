/**
 * The chat page's prompt cards: one group per category, in an order that looks random but
 * stays the same for a user through a day (a reload does not reshuffle the cards under the
 * pointer, and paging with `skip` neither repeats nor drops a card).
 */

/** A 32-bit FNV-1a hash: the shuffle's seed from the user and the day. */
function hash(text: string): number {
  let value = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    value ^= text.charCodeAt(i);
    value = Math.imul(value, 0x01000193);
  }
  return value >>> 0;
}

/** mulberry32: a small seeded generator, uniform enough for ordering a handful of cards. */
function generator(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `items` shuffled by a seed made of `key` and the UTC day of `now`. */
export function dailyShuffle<T>(items: readonly T[], key: string, now = new Date()): T[] {
  const next = generator(hash(`${key}:${now.toISOString().slice(0, 10)}`));
  const shuffled = [...items];
  for (let i = shuffled.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [shuffled[i], shuffled[j]] = [shuffled[j] as T, shuffled[i] as T];
  }
  return shuffled;
}
