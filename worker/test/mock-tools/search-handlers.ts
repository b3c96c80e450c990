/**
 * Mock web search APIs as web-standard handlers: Tavily (POST /search, bearer key), a SearXNG
 * instance (GET /search?format=json, optional X-API-Key) and Serper (POST /search, X-API-KEY).
 * Each checks the credential and the request's shape as the real API would, and answers pages
 * for the query. Special queries: `slow` never answers, `broken` fails with 500, `nothing` finds
 * nothing, `hostile` answers a `javascript:` URL among good ones.
 */
import type { Handler } from './handler-fetch';

export const TAVILY_ORIGIN = 'https://api.tavily.com';
export const SERPER_ORIGIN = 'https://google.serper.dev';
/** An operator's SearXNG on the LAN, reached only because the network policy names it. */
export const SEARXNG_ORIGIN = 'http://127.0.0.1:8888';
/** Every search mock's host:port, for the policy's `privateHosts`. */
export const SEARCH_PRIVATE_HOSTS = ['api.tavily.com:443', 'google.serper.dev:443', '127.0.0.1:8888'];

interface Page {
  title: string;
  url: string;
  text: string;
}

function pagesFor(query: string, count: number): Page[] | null {
  if (query === 'slow') return null;
  if (query === 'nothing') return [];
  const pages: Page[] = [
    { title: `${query}: an overview`, url: 'https://en.example.org/wiki/Topic', text: `All about ${query}.` },
    { title: 'Latest news', url: 'https://news.example.com/story?id=7', text: `${query} was in the news today.` },
    { title: 'A third page', url: 'https://third.example.net/', text: 'More words.' },
  ];
  if (query === 'hostile') pages.splice(1, 0, { title: 'Click', url: 'javascript:alert(1)', text: 'x' });
  return pages.slice(0, count);
}

const never = () => new Promise<Response>(() => {});
const unauthorized = () =>
  Response.json({ detail: { error: 'Unauthorized: missing or invalid API key.' } }, { status: 401 });

export function tavilyHandler(apiKey: string): Handler {
  return async (request) => {
    if (request.method !== 'POST' || new URL(request.url).pathname !== '/search')
      return Response.json({ detail: 'Not Found' }, { status: 404 });
    if (request.headers.get('authorization') !== `Bearer ${apiKey}`) return unauthorized();
    const body = (await request.json()) as { query?: string; max_results?: number };
    if (typeof body.query !== 'string') return Response.json({ detail: 'query is required' }, { status: 400 });
    if (body.query === 'broken') return new Response('upstream exploded', { status: 500 });
    const pages = pagesFor(body.query, body.max_results ?? 5);
    if (!pages) return never();
    return Response.json({
      query: body.query,
      answer: pages.length ? `A short answer about ${body.query}.` : null,
      results: pages.map((page, i) => ({ title: page.title, url: page.url, content: page.text, score: 0.9 - i / 10 })),
      response_time: 0.42,
    });
  };
}

export function searxngHandler(apiKey?: string): Handler {
  return (request) => {
    const url = new URL(request.url);
    if (request.method !== 'GET' || url.pathname !== '/search') return new Response('Not Found', { status: 404 });
    if (apiKey && request.headers.get('x-api-key') !== apiKey) return new Response('Forbidden', { status: 403 });
    // An instance without the JSON format enabled answers 403, as SearXNG does.
    if (url.searchParams.get('format') !== 'json') return new Response('Forbidden', { status: 403 });
    const query = url.searchParams.get('q') ?? '';
    if (query === 'broken') return new Response('<html>error</html>', { status: 500 });
    const pages = pagesFor(query, 20);
    if (!pages) return never();
    return Response.json({
      query,
      number_of_results: pages.length,
      results: pages.map((page) => ({ url: page.url, title: page.title, content: page.text, engine: 'mock' })),
      answers: [],
      time_range: url.searchParams.get('time_range'),
    });
  };
}

export function serperHandler(apiKey: string): Handler {
  return async (request) => {
    if (request.method !== 'POST' || new URL(request.url).pathname !== '/search')
      return Response.json({ message: 'Not Found' }, { status: 404 });
    if (request.headers.get('x-api-key') !== apiKey)
      return Response.json({ message: 'Unauthorized.', statusCode: 403 }, { status: 403 });
    const body = (await request.json()) as { q?: string; num?: number };
    const query = body.q ?? '';
    if (query === 'broken') return Response.json({ message: 'Internal error' }, { status: 500 });
    const pages = pagesFor(query, body.num ?? 10);
    if (!pages) return never();
    return Response.json({
      searchParameters: { q: query, type: 'search', engine: 'google' },
      answerBox: pages.length ? { snippet: `Serper says ${query}.` } : undefined,
      organic: pages.map((page, i) => ({ title: page.title, link: page.url, snippet: page.text, position: i + 1 })),
    });
  };
}
