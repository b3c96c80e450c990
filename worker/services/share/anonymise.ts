import { NO_PARENT } from '../../contract/endpoints';
import type { EnvVars } from '../../env';
import { HttpError } from '../../http-error';

/**
 * Per-link pseudonyms for conversation and message ids: HMAC-SHA-256 of (shareId, id) under a
 * key derived from JWT_SECRET. Stable, so the same link always answers the same ids (the page
 * cache and a client's tree stay consistent); different for every link, so two links — or a
 * link before and after a refresh — cannot be correlated; and not reversible or checkable
 * without the server's secret, so a viewer cannot confirm a guessed real id.
 */

/** Bits of the HMAC kept: 128 bits, as many as a random uuid, in 22 base64url characters. */
const PSEUDONYM_BYTES = 16;

export type IdKind = 'convo' | 'msg';

export interface IdAnonymiser {
  (kind: IdKind, id: string): Promise<string>;
}

function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

/** An anonymiser for one link; the root's all-zeros parent id stays as it is (it is no id). */
export async function createIdAnonymiser(env: EnvVars, shareId: string): Promise<IdAnonymiser> {
  if (!env.JWT_SECRET) throw new HttpError(500, 'The server is missing JWT_SECRET.', 'server_misconfigured');
  const encoder = new TextEncoder();
  // A context label keeps these MACs distinct from anything else signed with the same secret.
  const key = await crypto.subtle.importKey(
    'raw',
    encoder.encode(`edgechat share ids\0${env.JWT_SECRET}`),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const cache = new Map<string, Promise<string>>();
  return (kind, id) => {
    if (id === NO_PARENT) return Promise.resolve(NO_PARENT);
    const cacheKey = `${kind}\0${id}`;
    let pseudonym = cache.get(cacheKey);
    if (!pseudonym) {
      pseudonym = crypto.subtle
        .sign('HMAC', key, encoder.encode(`${shareId}\0${cacheKey}`))
        .then((mac) => `${kind}_${base64url(new Uint8Array(mac).slice(0, PSEUDONYM_BYTES))}`);
      cache.set(cacheKey, pseudonym);
    }
    return pseudonym;
  };
}
