/**
 * The name of an upload in parts: everything the later requests need (whose it is, where it
 * goes in R2, what was declared and checked), signed with HMAC-SHA-256 under a key derived
 * from JWT_SECRET. No table holds sessions: a token the server did not sign, or one changed
 * by a single byte, is refused, and a token only lives for a day.
 */
import type { EnvVars } from '../../env';
import { HttpError } from '../../http-error';

export interface UploadSession {
  userId: string;
  /** The server's id for the file (and the last part of its storage key). */
  fileId: string;
  /** The client's id, answered as `temp_file_id`. */
  tempFileId: string;
  key: string;
  /** R2's id for the multipart upload. */
  uploadId: string;
  /** The endpoint whose limits and types were checked. */
  endpoint: string;
  bytes: number;
  partSize: number;
  type: string;
  filename: string;
  mustBeImage: boolean;
  width: number | null;
  height: number | null;
  /** Milliseconds since the epoch. */
  expiresAt: number;
}

// The browser needs the lifetime too, to forget the sessions it saved.
export { UPLOAD_SESSION_LIFETIME_MS } from '../../contract/files';

const encoder = new TextEncoder();
const keys = new Map<string, Promise<CryptoKey>>();

function sessionKey(env: EnvVars): Promise<CryptoKey> {
  const secret = env.JWT_SECRET;
  if (!secret) throw new HttpError(500, 'The server is missing JWT_SECRET.', 'server_misconfigured');
  let key = keys.get(secret);
  if (!key) {
    // Tests vary the secret; a few keys at most are kept.
    if (keys.size >= 4) keys.clear();
    // A context label keeps these MACs apart from anything else signed with the same secret.
    key = crypto.subtle.importKey(
      'raw',
      encoder.encode(`edgechat upload sessions\0${secret}`),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
    keys.set(secret, key);
    key.catch(() => keys.delete(secret));
  }
  return key;
}

function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

function fromBase64url(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return null;
  try {
    const binary = atob(text.replaceAll('-', '+').replaceAll('_', '/'));
    return Uint8Array.from(binary, (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
}

export async function signUploadSession(env: EnvVars, session: UploadSession): Promise<string> {
  const payload = base64url(encoder.encode(JSON.stringify(session)));
  const mac = await crypto.subtle.sign('HMAC', await sessionKey(env), encoder.encode(payload));
  return `${payload}.${base64url(new Uint8Array(mac))}`;
}

const isText = (value: unknown): value is string => typeof value === 'string';
const isCount = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) > 0;
const isDimension = (value: unknown) => value === null || isCount(value);

function asSession(value: unknown): UploadSession | null {
  if (typeof value !== 'object' || value === null) return null;
  const s = value as Record<keyof UploadSession, unknown>;
  const valid =
    [s.userId, s.fileId, s.tempFileId, s.key, s.uploadId, s.endpoint, s.type, s.filename].every(isText) &&
    [s.bytes, s.partSize, s.expiresAt].every(isCount) &&
    typeof s.mustBeImage === 'boolean' &&
    isDimension(s.width) &&
    isDimension(s.height);
  return valid ? (value as UploadSession) : null;
}

/** The session a token names, if the server signed it and it has not expired; else null. */
export async function verifyUploadSession(
  env: EnvVars,
  token: string,
  now = Date.now(),
): Promise<UploadSession | null> {
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) return null;
  const mac = fromBase64url(signature);
  if (!mac) return null;
  // verify() compares in constant time.
  if (!(await crypto.subtle.verify('HMAC', await sessionKey(env), mac, encoder.encode(payload)))) return null;
  const bytes = fromBase64url(payload);
  if (!bytes) return null;
  let session: UploadSession | null;
  try {
    session = asSession(JSON.parse(new TextDecoder().decode(bytes)));
  } catch {
    return null;
  }
  return session && session.expiresAt > now ? session : null;
}
