import { fromBase64Url, toBase64Url } from '../auth/encoding';

/**
 * AES-256-GCM for values at rest (user API keys, TOTP secrets).
 *
 * Every value gets a fresh random 12-byte IV (the GCM standard size; random IVs are safe for
 * far more than 2^32 values per key, which this app will never reach). The `context` string is
 * bound as additional authenticated data: a ciphertext copied to another row (another user,
 * another key name) fails to decrypt instead of yielding someone else's secret.
 */
const IV_BYTES = 12;
const encoder = new TextEncoder();
const decoder = new TextDecoder();

export interface EncryptedValue {
  /** base64url of the 12-byte IV. */
  iv: string;
  /** base64url of ciphertext + 16-byte tag. */
  ciphertext: string;
}

export async function encryptString(key: CryptoKey, plaintext: string, context: string): Promise<EncryptedValue> {
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const sealed = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv, additionalData: encoder.encode(context) },
    key,
    encoder.encode(plaintext),
  );
  return { iv: toBase64Url(iv), ciphertext: toBase64Url(new Uint8Array(sealed)) };
}

/** The plaintext, or null when the value was tampered with, moved, or sealed under another key. */
export async function decryptString(key: CryptoKey, value: EncryptedValue, context: string): Promise<string | null> {
  const iv = fromBase64Url(value.iv);
  const data = fromBase64Url(value.ciphertext);
  if (!iv || iv.length !== IV_BYTES || !data) return null;
  try {
    const plain = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: new Uint8Array(iv), additionalData: encoder.encode(context) },
      key,
      new Uint8Array(data),
    );
    return decoder.decode(plain);
  } catch {
    return null;
  }
}

/**
 * One-column form `v1.<iv>.<ciphertext>` for tables without a separate IV column
 * (`users.totpSecret`). The version prefix leaves room for another scheme later.
 */
const SEALED_PREFIX = 'v1';

export async function sealString(key: CryptoKey, plaintext: string, context: string): Promise<string> {
  const { iv, ciphertext } = await encryptString(key, plaintext, context);
  return `${SEALED_PREFIX}.${iv}.${ciphertext}`;
}

export async function openSealedString(key: CryptoKey, sealed: string, context: string): Promise<string | null> {
  const [prefix, iv, ciphertext, ...rest] = sealed.split('.');
  if (prefix !== SEALED_PREFIX || !iv || !ciphertext || rest.length > 0) return null;
  return decryptString(key, { iv, ciphertext }, context);
}
