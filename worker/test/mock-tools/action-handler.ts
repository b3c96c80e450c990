/**
 * A mock API behind an action (the pets document's server, https://pets.example.com/v1): JSON,
 * text, binary and oversized answers, errors, a slow endpoint and a redirect to loopback, with an
 * optional credential every request must carry. A web-standard handler, so worker tests put it
 * behind a fake fetch and a Node loopback server could serve it as it is.
 */
import type { Handler } from './handler-fetch';

export const PETS_ORIGIN = 'https://pets.example.com';

export interface PetsHandlerOptions {
  /** When set, a request without exactly this header value answers 401. */
  credential?: { header: string; value: string };
}

/** The header names a request carried (forEach: the DOM types the e2e project compiles with lack keys()). */
function headerNames(headers: Headers): string[] {
  const names: string[] = [];
  headers.forEach((_, name) => names.push(name));
  return names;
}

export function petsHandler(options: PetsHandlerOptions = {}): Handler {
  return async (request) => {
    const { credential } = options;
    if (credential && request.headers.get(credential.header) !== credential.value)
      return Response.json({ message: 'Unauthorized' }, { status: 401 });
    const url = new URL(request.url);
    const path = url.pathname.replace(/^\/v1/, '');
    const pet = /^\/pets\/([^/]+)$/.exec(path);
    if (path === '/pets' && request.method === 'GET')
      return Response.json({ limit: url.searchParams.get('limit'), tags: url.searchParams.getAll('tags') });
    if (path === '/pets' && request.method === 'POST')
      return Response.json(
        { created: await request.json(), type: request.headers.get('content-type') },
        { status: 201 },
      );
    if (pet && request.method === 'DELETE') return new Response(null, { status: 204 });
    if (pet && request.method === 'GET') {
      const id = decodeURIComponent(pet[1] ?? '');
      if (id === 'missing') return Response.json({ error: `no pet ${id}` }, { status: 404 });
      return Response.json({
        id,
        requestId: request.headers.get('x-request-id'),
        headers: headerNames(request.headers),
      });
    }
    if (path === '/text')
      return new Response('plain words', { headers: { 'content-type': 'text/plain; charset=utf-8' } });
    if (path === '/image')
      return new Response(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]), {
        headers: { 'content-type': 'image/png' },
      });
    if (path === '/huge')
      return new Response('y'.repeat(2 * 1024 * 1024), { headers: { 'content-type': 'text/plain' } });
    if (path === '/slow') return new Promise<Response>(() => {});
    if (path === '/redirect-to-loopback')
      return new Response(null, { status: 302, headers: { location: 'https://127.0.0.1:8443/admin' } });
    return Response.json({ error: 'not found' }, { status: 404 });
  };
}
