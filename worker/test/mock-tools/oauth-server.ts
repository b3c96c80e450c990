/**
 * A mock OAuth 2 authorization server for action tests (web-standard handler, like the other
 * mock tools): `/authorize` approves at once and redirects with a code bound to the PKCE
 * challenge and redirect URI; `/token` exchanges a code (once) or a refresh token, taking the
 * client's credentials the way it is told (`default_post` in the body, `basic_auth_header` in
 * Authorization). `bearerGuard` puts an API behind the access tokens it issued.
 */
import type { Handler } from './handler-fetch';

export interface MockOAuthOptions {
  clientId: string;
  clientSecret: string;
  method: 'default_post' | 'basic_auth_header';
  /** Seconds; omitted from the answer when null. */
  expiresIn?: number | null;
  /** Whether refresh grants are refused. */
  refuseRefresh?: boolean;
}

export interface MockOAuthServer {
  handler: Handler;
  /** Access tokens issued so far, oldest first. */
  issued: string[];
  /** Grants the token endpoint accepted, as `grant_type`. */
  grants: string[];
}

async function s256(verifier: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier)));
  return btoa(String.fromCharCode(...digest))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');
}

export function mockOAuthServer(options: MockOAuthOptions): MockOAuthServer {
  const codes = new Map<string, { challenge: string; redirectUri: string }>();
  const refreshTokens = new Set<string>();
  const issued: string[] = [];
  const grants: string[] = [];
  let counter = 0;
  const clientOf = (request: Request, form: URLSearchParams): [string | null, string | null] => {
    if (options.method === 'default_post') return [form.get('client_id'), form.get('client_secret')];
    const header = request.headers.get('authorization') ?? '';
    if (!header.startsWith('Basic ')) return [null, null];
    const [id, secret] = atob(header.slice(6)).split(':');
    return [decodeURIComponent(id ?? ''), decodeURIComponent(secret ?? '')];
  };
  const tokens = () => {
    counter += 1;
    const access = `at-${counter}-${crypto.randomUUID()}`;
    const refresh = `rt-${counter}-${crypto.randomUUID()}`;
    issued.push(access);
    refreshTokens.add(refresh);
    const lifetime = options.expiresIn === undefined ? 3600 : options.expiresIn;
    return Response.json({
      access_token: access,
      token_type: 'Bearer',
      refresh_token: refresh,
      ...(lifetime === null ? {} : { expires_in: lifetime }),
    });
  };
  const handler: Handler = async (request) => {
    const url = new URL(request.url);
    if (url.pathname === '/authorize' && request.method === 'GET') {
      const query = url.searchParams;
      if (query.get('client_id') !== options.clientId || query.get('code_challenge_method') !== 'S256')
        return new Response('bad authorization request', { status: 400 });
      const code = `code-${crypto.randomUUID()}`;
      const redirectUri = query.get('redirect_uri') ?? '';
      codes.set(code, { challenge: query.get('code_challenge') ?? '', redirectUri });
      const back = new URL(redirectUri);
      back.searchParams.set('code', code);
      back.searchParams.set('state', query.get('state') ?? '');
      return new Response(null, { status: 302, headers: { location: back.href } });
    }
    if (url.pathname === '/token' && request.method === 'POST') {
      const form = new URLSearchParams(new TextDecoder().decode(await request.arrayBuffer()));
      const [id, secret] = clientOf(request, form);
      if (id !== options.clientId || secret !== options.clientSecret)
        return Response.json({ error: 'invalid_client', echoed_secret: secret }, { status: 401 });
      const grant = form.get('grant_type');
      if (grant === 'authorization_code') {
        const code = codes.get(form.get('code') ?? '');
        codes.delete(form.get('code') ?? '');
        if (!code || code.redirectUri !== form.get('redirect_uri'))
          return Response.json({ error: 'invalid_grant' }, { status: 400 });
        if ((await s256(form.get('code_verifier') ?? '')) !== code.challenge)
          return Response.json({ error: 'invalid_grant', error_description: 'PKCE' }, { status: 400 });
        grants.push(grant);
        return tokens();
      }
      if (grant === 'refresh_token') {
        const refresh = form.get('refresh_token') ?? '';
        if (options.refuseRefresh || !refreshTokens.delete(refresh))
          return Response.json({ error: 'invalid_grant' }, { status: 400 });
        grants.push(grant);
        return tokens();
      }
      return Response.json({ error: 'unsupported_grant_type' }, { status: 400 });
    }
    return new Response('not found', { status: 404 });
  };
  return { handler, issued, grants };
}

/** `inner` answers only requests bearing an access token `server` issued; others get 401. */
export function bearerGuard(server: MockOAuthServer, inner: Handler): Handler {
  return (request) => {
    const header = request.headers.get('authorization') ?? '';
    if (!header.startsWith('Bearer ') || !server.issued.includes(header.slice(7)))
      return Response.json({ message: 'Unauthorized' }, { status: 401 });
    return inner(request);
  };
}
