import { fromBase64Url } from '../auth/encoding';
import { OAUTH_ERRORS, OAuthError } from './errors';
import { asRecord, fetchProviderJson } from './http';

/**
 * ID token verification (OpenID Connect Core §3.1.3.7) with WebCrypto: the signature against
 * the provider's published keys, then `iss`, `aud` (and `azp` when there are several
 * audiences), `exp`/`nbf` with a minute of clock skew, and the `nonce` this browser's flow
 * sent. Only RS256 and ES256 are accepted, and each only with a key of the matching type, so
 * `alg: none`, HS256 with the public key as secret, or a key confusion cannot pass.
 */
export interface IdTokenExpectations {
  jwksUri: string;
  /** Accepted `iss` values (Google uses two spellings). */
  issuers: readonly string[];
  /** Our client id. */
  audience: string;
  nonce: string;
}

export type IdTokenClaims = Record<string, unknown> & { sub: string };

const CLOCK_SKEW_S = 60;
const JWKS_CACHE_MS = 10 * 60_000;
/** A key id we have not seen triggers a refetch (key rotation), but not more often than this. */
const JWKS_REFETCH_MIN_MS = 60_000;

interface AlgorithmSpec {
  kty: 'RSA' | 'EC';
  importParams: SubtleCryptoImportKeyAlgorithm;
  verifyParams: SubtleCryptoSignAlgorithm;
}

const ALGORITHMS: Record<string, AlgorithmSpec> = {
  RS256: {
    kty: 'RSA',
    importParams: { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' },
    verifyParams: { name: 'RSASSA-PKCS1-v1_5' },
  },
  ES256: {
    kty: 'EC',
    importParams: { name: 'ECDSA', namedCurve: 'P-256' },
    verifyParams: { name: 'ECDSA', hash: 'SHA-256' },
  },
};

const jwksCache = new Map<string, { keys: JsonWebKey[]; fetchedAt: number }>();

function reject(detail: string): never {
  throw new OAuthError(OAUTH_ERRORS.failed, `id_token: ${detail}`);
}

async function fetchJwks(uri: string): Promise<JsonWebKey[]> {
  const document = asRecord(await fetchProviderJson(uri, { headers: { accept: 'application/json' } }, 'jwks'), 'jwks');
  if (!Array.isArray(document.keys)) reject('the key set has no keys');
  const keys = document.keys.filter((key): key is JsonWebKey => typeof key === 'object' && key !== null);
  jwksCache.set(uri, { keys, fetchedAt: Date.now() });
  return keys;
}

function pickKey(
  keys: JsonWebKey[],
  kid: string | undefined,
  alg: string,
  spec: AlgorithmSpec,
): JsonWebKey | undefined {
  const candidates = keys.filter((key) => {
    const record = key as JsonWebKey & { kid?: unknown };
    if (record.kty !== spec.kty) return false;
    if (record.use !== undefined && record.use !== 'sig') return false;
    if (record.alg !== undefined && record.alg !== alg) return false;
    if (spec.kty === 'EC' && record.crv !== 'P-256') return false;
    return kid === undefined ? true : record.kid === kid;
  });
  // Without a `kid` the key must be unambiguous.
  return kid === undefined && candidates.length !== 1 ? undefined : candidates[0];
}

async function findKey(uri: string, kid: string | undefined, alg: string, spec: AlgorithmSpec): Promise<JsonWebKey> {
  const cached = jwksCache.get(uri);
  const fresh = cached && Date.now() - cached.fetchedAt < JWKS_CACHE_MS;
  const keys = fresh ? cached.keys : await fetchJwks(uri);
  const key = pickKey(keys, kid, alg, spec);
  if (key) return key;
  const mayRefetch = fresh && Date.now() - cached.fetchedAt >= JWKS_REFETCH_MIN_MS;
  const retried = mayRefetch ? pickKey(await fetchJwks(uri), kid, alg, spec) : undefined;
  return retried ?? reject('no published key matches the token');
}

function decodeJsonPart(part: string, what: string): Record<string, unknown> {
  const bytes = fromBase64Url(part);
  if (!bytes) reject(`${what} is not base64url`);
  try {
    const value: unknown = JSON.parse(new TextDecoder().decode(bytes));
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // reported below
  }
  return reject(`${what} is not a JSON object`);
}

function audienceMatches(claims: Record<string, unknown>, audience: string): boolean {
  const { aud, azp } = claims;
  if (typeof aud === 'string') return aud === audience;
  if (!Array.isArray(aud) || !aud.includes(audience)) return false;
  return aud.length === 1 || azp === audience;
}

export async function verifyIdToken(token: string, expected: IdTokenExpectations): Promise<IdTokenClaims> {
  const parts = token.split('.');
  if (parts.length !== 3) reject('not a compact JWS');
  const [headerPart = '', payloadPart = '', signaturePart = ''] = parts;
  const header = decodeJsonPart(headerPart, 'header');
  const alg = typeof header.alg === 'string' ? header.alg : '';
  const spec = ALGORITHMS[alg];
  if (!spec) reject(`algorithm ${alg || '(none)'} is not accepted`);
  const kid = typeof header.kid === 'string' ? header.kid : undefined;

  const jwk = await findKey(expected.jwksUri, kid, alg, spec);
  let key: CryptoKey;
  try {
    // Only the public parameters are imported, whatever else the published key holds.
    const publicJwk: JsonWebKey =
      spec.kty === 'RSA' ? { kty: 'RSA', n: jwk.n, e: jwk.e } : { kty: 'EC', crv: 'P-256', x: jwk.x, y: jwk.y };
    key = await crypto.subtle.importKey('jwk', publicJwk, spec.importParams, false, ['verify']);
  } catch {
    return reject('the published key cannot be imported');
  }
  const signature = fromBase64Url(signaturePart);
  const signed = new TextEncoder().encode(`${headerPart}.${payloadPart}`);
  if (!signature || !(await crypto.subtle.verify(spec.verifyParams, key, signature, signed))) reject('bad signature');

  const claims = decodeJsonPart(payloadPart, 'payload');
  const now = Math.floor(Date.now() / 1000);
  if (typeof claims.iss !== 'string' || !expected.issuers.includes(claims.iss)) reject('wrong issuer');
  if (!audienceMatches(claims, expected.audience)) reject('wrong audience');
  if (typeof claims.exp !== 'number' || claims.exp + CLOCK_SKEW_S <= now) reject('expired');
  if (typeof claims.nbf === 'number' && claims.nbf - CLOCK_SKEW_S > now) reject('not yet valid');
  if (claims.nonce !== expected.nonce) reject('nonce does not match this browser’s flow');
  const { sub } = claims;
  if (typeof sub !== 'string' || sub === '') reject('no subject');
  return { ...claims, sub };
}

export function resetJwksCacheForTests(): void {
  jwksCache.clear();
}
