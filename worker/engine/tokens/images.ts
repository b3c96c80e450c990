/**
 * What an image costs in a prompt's token budget, by the tiling rule vision models bill by: at
 * low detail a flat 85; otherwise the image is fitted within 2048×2048, its shorter side brought
 * down to 768, and cut into 512-pixel tiles, each 170, plus 85 for the whole.
 */
const LOW_DETAIL_TOKENS = 85;
const TOKENS_PER_TILE = 170;
const BASE_TOKENS = 85;
const MAX_SIDE = 2048;
const SHORT_SIDE = 768;
const TILE = 512;

export function imageTokens(
  width: number | undefined,
  height: number | undefined,
  detail?: 'low' | 'auto' | 'high',
): number {
  if (detail === 'low') return LOW_DETAIL_TOKENS;
  // Without its size (a file stored without one) an image counts as a 1024-pixel square: four tiles.
  if (!width || !height || width <= 0 || height <= 0) return BASE_TOKENS + TOKENS_PER_TILE * 4;
  let w = width;
  let h = height;
  const fit = Math.min(1, MAX_SIDE / Math.max(w, h));
  w *= fit;
  h *= fit;
  const shrink = Math.min(1, SHORT_SIDE / Math.min(w, h));
  w *= shrink;
  h *= shrink;
  return BASE_TOKENS + TOKENS_PER_TILE * Math.ceil(w / TILE) * Math.ceil(h / TILE);
}
