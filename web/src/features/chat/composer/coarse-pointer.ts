/**
 * Touch-first devices (phones, tablets) answer `(pointer: coarse)`. Focusing the composer
 * there would pop up the on-screen keyboard over the conversation, so it is not auto-focused.
 */
export const COARSE_POINTER_QUERY = '(pointer: coarse)';

export function isCoarsePointer(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(COARSE_POINTER_QUERY).matches;
}
