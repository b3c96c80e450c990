import { describe, expect, it } from 'vitest';
import { handlerFetch } from '../../test/mock-tools/handler-fetch';
import {
  SEARCH_PRIVATE_HOSTS,
  SEARXNG_ORIGIN,
  searxngHandler,
  SERPER_ORIGIN,
  serperHandler,
  TAVILY_ORIGIN,
  tavilyHandler,
} from '../../test/mock-tools/search-handlers';
import { createToolRuntime, runTool } from '../index';
import type { NetworkPolicy, ToolContext, ToolSpec } from '../types';
import { tavilySpec } from './tavily';
import { webSearchSpec } from './web-search';

const network: NetworkPolicy = { allowedDomains: null, privateHosts: SEARCH_PRIVATE_HOSTS, dnsResolver: null };

function harness(options: { signal?: AbortSignal; network?: Partial<NetworkPolicy> } = {}) {
  const net = handlerFetch({
    [TAVILY_ORIGIN]: tavilyHandler('tvly-good'),
    [SEARXNG_ORIGIN]: searxngHandler(),
    'http://127.0.0.1:8889': searxngHandler('searx-secret'),
    [SERPER_ORIGIN]: serperHandler('serper-good'),
  });
  const signal = options.signal ?? new AbortController().signal;
  const policy = { ...network, ...options.network };
  const dns = () => Promise.reject(new Error('no DNS in this test'));
  const runtime = createToolRuntime({
    network: policy,
    outbound: { fetch: net.fetch, resolve: dns },
    mcpServers: [],
    signal,
  });
  const context: ToolContext = { signal, userId: 'u', conversationId: 'c', network: policy };
  const run = (spec: ToolSpec, args: Record<string, unknown>) => runTool(spec, args, context, runtime);
  return { run, net };
}

const tavily = tavilySpec({ TAVILY_API_KEY: 'tvly-good' });

describe('tavily_search_results_json', () => {
  it('posts the query to Tavily with the key as a bearer token and answers numbered, citable sources', async () => {
    const { run, net } = harness();
    const result = await run(tavily, { query: 'workerd', max_results: 2, topic: 'news', search_depth: 'deep' });
    const sent = net.seen[0]!;
    expect(`${sent.method} ${sent.url}`).toBe('POST https://api.tavily.com/search');
    expect(sent.headers.get('authorization')).toBe('Bearer tvly-good');
    expect(await sent.json()).toEqual({
      query: 'workerd',
      max_results: 2,
      search_depth: 'basic',
      topic: 'news',
      include_answer: true,
    });
    expect(result.isError).toBe(false);
    expect(result.sources).toEqual([
      {
        index: 1,
        title: 'workerd: an overview',
        url: 'https://en.example.org/wiki/Topic',
        snippet: 'All about workerd.',
      },
      {
        index: 2,
        title: 'Latest news',
        url: 'https://news.example.com/story?id=7',
        snippet: 'workerd was in the news today.',
      },
    ]);
    expect(result.output).toContain(
      '[1] workerd: an overview\nURL: https://en.example.org/wiki/Topic\nAll about workerd.',
    );
    expect(result.output).toContain('[2] Latest news\nURL: https://news.example.com/story?id=7');
    expect(result.output).toContain('Summary from the search engine: A short answer about workerd.');
    expect(result.output).toMatch(/cite it by its number in square brackets/);
  });

  it('answers a wrong key, a failing API and a missing query as error results', async () => {
    const { run } = harness();
    const wrongKey = await run(tavilySpec({ TAVILY_API_KEY: 'tvly-bad' }), { query: 'x' });
    expect(wrongKey).toMatchObject({ isError: true });
    expect(wrongKey.output).toMatch(
      /^Error processing tool tavily_search_results_json: Tavily answered HTTP 401: .*Unauthorized/,
    );
    expect((await run(tavily, { query: 'broken' })).output).toBe(
      'Error processing tool tavily_search_results_json: Tavily answered HTTP 500: upstream exploded',
    );
    expect(await run(tavily, { query: '  ' })).toEqual({
      output: 'Error processing tool tavily_search_results_json: The search needs a non-empty "query" (a string).',
      isError: true,
    });
    expect((await run(tavilySpec({}), { query: 'x' })).output).toMatch(/TAVILY_API_KEY is missing/);
  });

  it('says so when nothing is found, and keeps only http(s) pages as sources', async () => {
    const { run } = harness();
    expect(await run(tavily, { query: 'nothing' })).toEqual({
      output: 'No web results were found for "nothing".',
      isError: false,
    });
    const hostile = await run(tavily, { query: 'hostile', max_results: 4 });
    expect(hostile.sources?.map((source) => source.url)).toEqual([
      'https://en.example.org/wiki/Topic',
      'https://news.example.com/story?id=7',
      'https://third.example.net/',
    ]);
    expect(hostile.output).not.toContain('javascript:');
  });

  it('gives up at its timeout through the signal, and stops when the run stops', async () => {
    const { run } = harness();
    const result = await run({ ...tavily, timeoutMs: 40 }, { query: 'slow' });
    expect(result).toEqual({
      output: 'Error processing tool tavily_search_results_json: timed out after 0.04 s',
      isError: true,
    });
    const stop = new AbortController();
    const stopped = harness({ signal: stop.signal }).run(tavily, { query: 'slow' });
    setTimeout(() => stop.abort(new Error('stopped')), 10);
    await expect(stopped).rejects.toThrow('stopped');
  });

  it('goes through the guarded fetch: a host outside the allowed domains is refused', async () => {
    const { run, net } = harness({ network: { allowedDomains: ['example.com'] } });
    const result = await run(tavily, { query: 'x' });
    expect(result.output).toBe(
      'Error processing tool tavily_search_results_json: Request refused: api.tavily.com is not in the allowed domains',
    );
    expect(net.requests).toEqual([]);
  });
});

describe('web_search', () => {
  it('asks the SearXNG instance for JSON and answers its pages as sources', async () => {
    const { run, net } = harness();
    const spec = webSearchSpec({ SEARXNG_INSTANCE_URL: SEARXNG_ORIGIN, SERPER_API_KEY: 'serper-good' });
    const result = await run(spec, { query: 'edge chat', max_results: 2, time_range: 'month' });
    expect(net.requests).toEqual(['GET http://127.0.0.1:8888/search?q=edge+chat&format=json&time_range=month']);
    expect(result.isError).toBe(false);
    expect(result.sources?.map((source) => [source.index, source.title])).toEqual([
      [1, 'edge chat: an overview'],
      [2, 'Latest news'],
    ]);
    expect(result.output).toContain('[2] Latest news\nURL: https://news.example.com/story?id=7');
  });

  it('sends the instance’s API key when set, and reports an instance that refuses', async () => {
    const { run, net } = harness({ network: { privateHosts: [...SEARCH_PRIVATE_HOSTS, '127.0.0.1:8889'] } });
    const keyed = { SEARXNG_INSTANCE_URL: 'http://127.0.0.1:8889/', SEARXNG_API_KEY: 'searx-secret' };
    expect((await run(webSearchSpec(keyed), { query: 'q' })).isError).toBe(false);
    expect(net.seen[0]?.headers.get('x-api-key')).toBe('searx-secret');
    const refused = await run(webSearchSpec({ SEARXNG_INSTANCE_URL: 'http://127.0.0.1:8889' }), { query: 'q' });
    expect(refused.output).toBe('Error processing tool web_search: SearXNG answered HTTP 403: Forbidden');
  });

  it('refuses an instance on a private address the network policy does not name', async () => {
    const { run, net } = harness({ network: { privateHosts: [] } });
    const result = await run(webSearchSpec({ SEARXNG_INSTANCE_URL: SEARXNG_ORIGIN }), { query: 'q' });
    expect(result.isError).toBe(true);
    expect(result.output).toMatch(/^Error processing tool web_search: Request refused: 127\.0\.0\.1 is /);
    expect(net.requests).toEqual([]);
  });

  it('uses Serper without a SearXNG instance: the key in X-API-KEY, the count as num', async () => {
    const { run, net } = harness();
    const result = await run(webSearchSpec({ SERPER_API_KEY: 'serper-good' }), { query: 'serp', max_results: 3 });
    const sent = net.seen[0]!;
    expect(`${sent.method} ${sent.url}`).toBe('POST https://google.serper.dev/search');
    expect(sent.headers.get('x-api-key')).toBe('serper-good');
    expect(await sent.json()).toEqual({ q: 'serp', num: 3 });
    expect(result.sources).toHaveLength(3);
    expect(result.output).toContain('Summary from the search engine: Serper says serp.');
    const denied = await run(webSearchSpec({ SERPER_API_KEY: 'nope' }), { query: 'serp' });
    expect(denied.output).toMatch(/^Error processing tool web_search: Serper answered HTTP 403/);
  });

  it('says what to set when neither service is configured', async () => {
    const { run } = harness();
    expect((await run(webSearchSpec({}), { query: 'q' })).output).toBe(
      'Error processing tool web_search: Web search is not set up: SEARXNG_INSTANCE_URL or SERPER_API_KEY is needed.',
    );
  });
});
