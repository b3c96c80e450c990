/** Bytes of randomness in a share id: 128 bits, so a link cannot be guessed or enumerated. */
const SHARE_ID_BYTES = 16;

/** A new public share id: 22 URL-safe characters. */
export function newShareId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(SHARE_ID_BYTES));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}
