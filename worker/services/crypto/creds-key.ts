import type { EnvVars } from '../../env';
import { HttpError } from '../../http-error';

/**
 * CREDS_KEY is LibreChat's variable for the key that encrypts credentials at rest: 64 hex
 * characters, i.e. 32 bytes, used here as an AES-256-GCM key (and, through HKDF, as the root
 * of the other keys derived from it).
 *
 * LibreChat also has CREDS_IV, a fixed IV it reuses for every value (AES-CBC). A fixed IV is
 * fatal for AES-GCM (two values under one key/IV pair leak their XOR and the authentication
 * key), so it is accepted in the environment for operators migrating their `.env`, but never
 * used: every encrypted value gets its own random 12-byte IV, stored next to it.
 */
const CREDS_KEY_PATTERN = /^[0-9a-fA-F]{64}$/;

export const CREDS_KEY_MISSING_MESSAGE =
  'The server is missing a valid CREDS_KEY (64 hexadecimal characters); encrypted data is unavailable.';

function hexToBytes(hex: string): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

/** The raw key bytes, or a clear 500 so no key operation starts with a missing or bad key. */
export function credsKeyBytes(env: Pick<EnvVars, 'CREDS_KEY'>): Uint8Array<ArrayBuffer> {
  const hex = env.CREDS_KEY?.trim();
  if (!hex || !CREDS_KEY_PATTERN.test(hex)) {
    throw new HttpError(500, CREDS_KEY_MISSING_MESSAGE, 'server_misconfigured');
  }
  return hexToBytes(hex);
}

/*
 * Importing a key is cheap but not free, and every key operation needs one: keep the keys of
 * the last CREDS_KEY seen in this isolate. Keyed by the hex value so a changed secret (tests
 * use several) never reuses a stale key.
 */
let cache: { hex: string; aes: CryptoKey; hkdf: CryptoKey; derived: Map<string, CryptoKey> } | undefined;

async function keysFor(env: Pick<EnvVars, 'CREDS_KEY'>) {
  const bytes = credsKeyBytes(env);
  const hex = (env.CREDS_KEY ?? '').trim().toLowerCase();
  if (cache?.hex !== hex) {
    const [aes, hkdf] = await Promise.all([
      crypto.subtle.importKey('raw', bytes, 'AES-GCM', false, ['encrypt', 'decrypt']),
      crypto.subtle.importKey('raw', bytes, 'HKDF', false, ['deriveKey']),
    ]);
    cache = { hex, aes, hkdf, derived: new Map() };
  }
  return cache;
}

/** The AES-256-GCM key for encrypting values at rest. */
export async function credsAesKey(env: Pick<EnvVars, 'CREDS_KEY'>): Promise<CryptoKey> {
  return (await keysFor(env)).aes;
}

/**
 * An HMAC-SHA256 key derived from CREDS_KEY for one purpose (HKDF, distinct `info` per
 * purpose): one secret, independent keys, never the AES key reused for another algorithm.
 */
export async function credsHmacKey(env: Pick<EnvVars, 'CREDS_KEY'>, purpose: string): Promise<CryptoKey> {
  const keys = await keysFor(env);
  const known = keys.derived.get(purpose);
  if (known) return known;
  const key = await crypto.subtle.deriveKey(
    { name: 'HKDF', hash: 'SHA-256', salt: new Uint8Array(32), info: new TextEncoder().encode(`edgechat:${purpose}`) },
    keys.hkdf,
    { name: 'HMAC', hash: 'SHA-256', length: 256 },
    false,
    ['sign'],
  );
  keys.derived.set(purpose, key);
  return key;
}
