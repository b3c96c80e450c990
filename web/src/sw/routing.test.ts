import { describe, expect, it } from 'vitest';
import { isStorable, type RoutedRequest, routeFor } from './routing';

const ORIGIN = 'https://chat.example.com';

const get = (path: string, mode: RequestMode = 'cors'): RoutedRequest => ({
  method: 'GET',
  url: new URL(path, ORIGIN).href,
  mode,
});

describe('routeFor: which requests the service worker answers, and how', () => {
  it('caches the hashed files of the build, scripts, styles and language chunks alike', () => {
    for (const path of ['/assets/index-D8sL7htd.js', '/assets/index-BaZ5Pfi1.css', '/assets/de-DE-Ab12Cd34.js'])
      expect(routeFor(get(path), ORIGIN), path).toBe('asset');
    expect(routeFor(get('/assets/theme-init-YYy1_VZi.js', 'no-cors'), ORIGIN)).toBe('asset');
  });

  it('never answers the API, the health check, the worker script or the manifest', () => {
    const paths = [
      '/api/config',
      '/api/convos?pageSize=25',
      '/api/auth/refresh',
      '/api/user',
      '/api/files/images/avatar/u/f.png',
      '/api/share/abc',
      '/health',
      '/sw.js',
      '/manifest.webmanifest',
    ];
    for (const path of paths) {
      expect(routeFor(get(path), ORIGIN), path).toBe('passthrough');
      // Not even when opened as a page (a download link, an address typed in).
      expect(routeFor(get(path, 'navigate'), ORIGIN), `${path} navigated`).toBe('passthrough');
    }
  });

  it('never answers a request that changes something, the sign-in included', () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      for (const path of ['/api/auth/login', '/api/auth/logout', '/api/ask', '/assets/index-D8sL7htd.js'])
        expect(routeFor({ method, url: `${ORIGIN}${path}`, mode: 'cors' }, ORIGIN), `${method} ${path}`).toBe(
          'passthrough',
        );
    }
  });

  it('leaves other origins alone (providers, icons, Turnstile)', () => {
    expect(routeFor(get('https://icons.example.net/assets/logo.png'), ORIGIN)).toBe('passthrough');
    expect(routeFor({ ...get('/c/new', 'navigate'), url: 'https://other.example/c/new' }, ORIGIN)).toBe('passthrough');
  });

  it('serves the pages the shell renders network first', () => {
    for (const path of ['/', '/c/new', '/c/5f0c7e0a-1111-4222-8333-444455556666', '/login', '/about', '/search?q=x'])
      expect(routeFor(get(path, 'navigate'), ORIGIN), path).toBe('app-page');
  });

  it('keeps the server-rendered share pages and OAuth callbacks network only', () => {
    for (const path of ['/share/4f0e6c9a', '/oauth/github/callback?code=secret'])
      expect(routeFor(get(path, 'navigate'), ORIGIN), path).toBe('server-page');
  });

  it('leaves any other file alone (icons, robots.txt), fetched without the worker', () => {
    for (const path of ['/icons/icon-192.png', '/robots.txt', '/share/4f0e6c9a']) {
      expect(routeFor(get(path), ORIGIN), path).toBe('passthrough');
    }
  });
});

const response = (
  headers: Record<string, string> = {},
  init: Partial<Pick<Response, 'status' | 'type' | 'redirected'>> = {},
) => ({
  status: 200,
  type: 'basic' as ResponseType,
  redirected: false,
  headers: new Headers(headers),
  ...init,
});

describe('isStorable: the second lock', () => {
  it('keeps a plain successful answer, and an immutable one', () => {
    expect(isStorable(response())).toBe(true);
    expect(isStorable(response({ 'cache-control': 'public, max-age=31536000, immutable' }))).toBe(true);
  });

  it('never keeps what its server marked private or not to be stored', () => {
    for (const cacheControl of ['private', 'no-store', 'private, max-age=60', 'max-age=0, No-Store', 'PRIVATE'])
      expect(isStorable(response({ 'cache-control': cacheControl })), cacheControl).toBe(false);
  });

  it('never keeps errors, partial or opaque answers, redirects, or Vary: *', () => {
    expect(isStorable(response({}, { status: 404 }))).toBe(false);
    expect(isStorable(response({}, { status: 206 }))).toBe(false);
    expect(isStorable(response({}, { type: 'opaque', status: 0 }))).toBe(false);
    expect(isStorable(response({}, { type: 'cors' }))).toBe(false);
    expect(isStorable(response({}, { redirected: true }))).toBe(false);
    expect(isStorable(response({ vary: '*' }))).toBe(false);
  });
});
