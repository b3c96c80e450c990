import { OAUTH_ERRORS, OAuthError } from './errors';
import { codeChallenge, type OAuthFlow } from './flow-cookie';
import { asRecord, fetchProviderJson, optionalString } from './http';
import type { ProviderClient, TokenSet } from './providers';

/** The authorization code grant (RFC 6749 §4.1) with PKCE (RFC 7636) and the OIDC nonce. */

export async function authorizationUrl(client: ProviderClient, flow: OAuthFlow, redirectUri: string): Promise<string> {
  const url = new URL(client.authorizationEndpoint);
  const params = url.searchParams;
  params.set('response_type', 'code');
  params.set('client_id', client.clientId);
  params.set('redirect_uri', redirectUri);
  params.set('scope', client.scope);
  params.set('state', flow.state);
  if (client.pkce) {
    params.set('code_challenge', await codeChallenge(flow.verifier));
    params.set('code_challenge_method', 'S256');
  }
  if (client.nonce) params.set('nonce', flow.nonce);
  for (const [name, value] of Object.entries(client.authorizationParams ?? {})) params.set(name, value);
  return url.toString();
}

/** RFC 6749 §2.3.1: id and secret are form-urlencoded before being joined for Basic. */
function basicCredentials(clientId: string, secret: string): string {
  const encode = (value: string) => encodeURIComponent(value).replace(/%20/g, '+');
  return `Basic ${btoa(`${encode(clientId)}:${encode(secret)}`)}`;
}

export async function exchangeCode(
  client: ProviderClient,
  flow: OAuthFlow,
  code: string,
  redirectUri: string,
): Promise<TokenSet> {
  const body = new URLSearchParams({
    grant_type: 'authorization_code',
    code,
    redirect_uri: redirectUri,
    client_id: client.clientId,
  });
  if (client.pkce) body.set('code_verifier', flow.verifier);
  const headers: Record<string, string> = {
    'content-type': 'application/x-www-form-urlencoded',
    // GitHub answers form-encoded unless asked for JSON.
    accept: 'application/json',
  };
  const secret = await client.clientSecret();
  if (client.tokenAuth === 'client_secret_basic') headers.authorization = basicCredentials(client.clientId, secret);
  else body.set('client_secret', secret);

  const answer = asRecord(
    await fetchProviderJson(client.tokenEndpoint, { method: 'POST', headers, body }, 'token'),
    'token',
  );
  // GitHub reports a bad code with 200 and an `error` field.
  if (answer.error !== undefined)
    throw new OAuthError(OAUTH_ERRORS.failed, `token: ${String(answer.error).slice(0, 100)}`);
  const accessToken = optionalString(answer.access_token);
  if (!accessToken) throw new OAuthError(OAUTH_ERRORS.failed, 'token: no access_token');
  const tokenType = optionalString(answer.token_type);
  if (tokenType && tokenType.toLowerCase() !== 'bearer')
    throw new OAuthError(OAUTH_ERRORS.failed, 'token: not a bearer token');
  const idToken = optionalString(answer.id_token);
  return { accessToken, ...(idToken ? { idToken } : {}) };
}
