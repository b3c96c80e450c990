import { OAUTH_ERRORS, OAuthError } from './errors';
import { asRecord, fetchProviderJson, optionalString } from './http';

/**
 * OpenID Connect discovery for the configured issuer (OPENID_ISSUER). The document is the one
 * place endpoint URLs come from outside our code, so it is fetched only from the configured
 * issuer, its `issuer` must be that issuer, and its endpoints must be https (plain http is
 * accepted only when the operator configured an http issuer, for a local IdP, and then only on
 * that issuer's host). Documents are kept in memory for a few minutes: one discovery per
 * isolate, not one per login.
 */
export interface OidcMetadata {
  issuer: string;
  authorizationEndpoint: string;
  tokenEndpoint: string;
  jwksUri: string;
  userinfoEndpoint?: string;
  tokenEndpointAuthMethods?: string[];
  codeChallengeMethods?: string[];
}

const CACHE_MS = 10 * 60_000;
const cache = new Map<string, { metadata: OidcMetadata; expiresAt: number }>();

/** Issuers are compared without trailing slashes: operators write them both ways. */
export function normalizeIssuer(issuer: string): string {
  return issuer.trim().replace(/\/+$/, '');
}

/** Checks an endpoint against the issuer's scheme rules; the URL as a string, else an OAuthError. */
export function checkEndpoint(value: unknown, issuer: URL, field: string): string {
  const text = optionalString(value);
  let url: URL;
  try {
    if (!text) throw new Error('missing');
    url = new URL(text);
  } catch {
    throw new OAuthError(OAUTH_ERRORS.failed, `discovery: ${field} is missing or not a URL`);
  }
  const httpsOk = url.protocol === 'https:';
  const localHttpOk = url.protocol === 'http:' && issuer.protocol === 'http:' && url.hostname === issuer.hostname;
  if ((!httpsOk && !localHttpOk) || url.username || url.password) {
    throw new OAuthError(OAUTH_ERRORS.failed, `discovery: ${field} must be an https URL`);
  }
  return url.toString();
}

function stringList(value: unknown): string[] | undefined {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : undefined;
}

export async function discoverOidc(configuredIssuer: string): Promise<OidcMetadata> {
  const issuer = normalizeIssuer(configuredIssuer);
  const cached = cache.get(issuer);
  if (cached && cached.expiresAt > Date.now()) return cached.metadata;

  let issuerUrl: URL;
  try {
    issuerUrl = new URL(issuer);
  } catch {
    throw new OAuthError(OAUTH_ERRORS.failed, 'OPENID_ISSUER is not a URL');
  }
  if (issuerUrl.protocol !== 'https:' && issuerUrl.protocol !== 'http:') {
    throw new OAuthError(OAUTH_ERRORS.failed, 'OPENID_ISSUER must be an https URL');
  }
  const document = asRecord(
    await fetchProviderJson(
      `${issuer}/.well-known/openid-configuration`,
      { headers: { accept: 'application/json' } },
      'discovery',
    ),
    'discovery',
  );
  const declaredIssuer = optionalString(document.issuer);
  if (!declaredIssuer || normalizeIssuer(declaredIssuer) !== issuer) {
    throw new OAuthError(OAUTH_ERRORS.failed, 'discovery: the document names another issuer than OPENID_ISSUER');
  }
  const userinfo = document.userinfo_endpoint;
  const tokenEndpointAuthMethods = stringList(document.token_endpoint_auth_methods_supported);
  const codeChallengeMethods = stringList(document.code_challenge_methods_supported);
  const metadata: OidcMetadata = {
    // Kept exactly as declared: ID tokens must carry this very string as `iss`.
    issuer: declaredIssuer,
    authorizationEndpoint: checkEndpoint(document.authorization_endpoint, issuerUrl, 'authorization_endpoint'),
    tokenEndpoint: checkEndpoint(document.token_endpoint, issuerUrl, 'token_endpoint'),
    jwksUri: checkEndpoint(document.jwks_uri, issuerUrl, 'jwks_uri'),
    ...(userinfo === undefined ? {} : { userinfoEndpoint: checkEndpoint(userinfo, issuerUrl, 'userinfo_endpoint') }),
    ...(tokenEndpointAuthMethods ? { tokenEndpointAuthMethods } : {}),
    ...(codeChallengeMethods ? { codeChallengeMethods } : {}),
  };
  cache.set(issuer, { metadata, expiresAt: Date.now() + CACHE_MS });
  return metadata;
}

export function resetDiscoveryCacheForTests(): void {
  cache.clear();
}
