import { fromBase64Url, timingSafeEqual, toBase64Url } from './encoding';

/**
 * Password hashing with PBKDF2-SHA256 through WebCrypto. workerd caps PBKDF2 at 100,000
 * iterations, so that is the work factor. The hash is self-describing —
 * `pbkdf2-sha256$<iterations>$<salt>$<hash>` — so the factor can be raised later and old
 * hashes still verify.
 */
export const PBKDF2_ITERATIONS = 100_000;
/** workerd refuses more; a stored hash claiming more is rejected before any work is done. */
const PBKDF2_MAX_ITERATIONS = 100_000;
const SALT_BYTES = 16;
const HASH_BYTES = 32;
const SCHEME = 'pbkdf2-sha256';

async function derive(password: string, salt: Uint8Array, iterations: number, bytes: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(password), 'PBKDF2', false, ['deriveBits']);
  const bits = await crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt, iterations }, key, bytes * 8);
  return new Uint8Array(bits);
}

export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(SALT_BYTES));
  const hash = await derive(password, salt, PBKDF2_ITERATIONS, HASH_BYTES);
  return `${SCHEME}$${PBKDF2_ITERATIONS}$${toBase64Url(salt)}$${toBase64Url(hash)}`;
}

function parseStoredHash(stored: string): { iterations: number; salt: Uint8Array; hash: Uint8Array } | null {
  const [scheme, iterationsText, saltText, hashText, ...rest] = stored.split('$');
  if (scheme !== SCHEME || rest.length || !iterationsText || !saltText || !hashText) return null;
  const iterations = Number(iterationsText);
  if (!Number.isInteger(iterations) || iterations < 1 || iterations > PBKDF2_MAX_ITERATIONS) return null;
  const salt = fromBase64Url(saltText);
  const hash = fromBase64Url(hashText);
  if (!salt || !hash || hash.length === 0) return null;
  return { iterations, salt, hash };
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseStoredHash(stored);
  if (!parsed) return false;
  const candidate = await derive(password, parsed.salt, parsed.iterations, parsed.hash.length);
  return timingSafeEqual(candidate, parsed.hash);
}

/**
 * A fixed hash to verify against when no account matches, so a login for an unknown email
 * costs the same time as one with a wrong password (no account enumeration by timing).
 */
let dummyHash: string | undefined;
export async function spendPasswordCheckTime(password: string): Promise<void> {
  // The resolved string is kept, not a promise: a promise begun in one request must not be
  // awaited by another in Workers.
  dummyHash ??= await hashPassword('not-a-real-password');
  await verifyPassword(password, dummyHash);
}
