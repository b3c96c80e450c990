/**
 * `web_search` (the key LibreChat gives its web search): a search through the operator's SearXNG
 * instance (its JSON API, `SEARXNG_INSTANCE_URL`, with `SEARXNG_API_KEY` when the instance wants
 * one) or, when there is none, through Serper (Google results, `SERPER_API_KEY`). Either way the
 * pages come back as numbered sources the model cites.
 */
import type { OutboundDeps } from '../net/guarded-fetch';
import type { JsonSchemaObject, ToolContext, ToolResult, ToolSpec } from '../types';
import {
  fetchSearchJson,
  isObject,
  objects,
  SEARCH_COUNT_PROPERTY,
  SEARCH_QUERY_PROPERTY,
  SEARCH_TIMEOUT_MS,
  searchCount,
  searchQuery,
  searchResult,
  text,
} from './search-results';

export const WEB_SEARCH_KEY = 'web_search';
export const SEARXNG_INSTANCE_URL = 'SEARXNG_INSTANCE_URL';
export const SEARXNG_API_KEY = 'SEARXNG_API_KEY';
export const SERPER_API_KEY = 'SERPER_API_KEY';
export const SERPER_SEARCH_URL = 'https://google.serper.dev/search';

const DESCRIPTION =
  'Searches the web and answers numbered results (title, URL, a snippet). Use it for current events, facts you ' +
  'are unsure of, and anything after your training data. Cite the results you use as [1], [2]…';

const PARAMETERS: JsonSchemaObject = {
  type: 'object',
  properties: {
    query: SEARCH_QUERY_PROPERTY,
    max_results: SEARCH_COUNT_PROPERTY,
    time_range: {
      type: 'string',
      enum: ['day', 'month', 'year'],
      description: 'Only results published within this period before today.',
    },
  },
  required: ['query'],
};

export function webSearchSpec(credentials: Record<string, string>): ToolSpec {
  return {
    key: WEB_SEARCH_KEY,
    description: DESCRIPTION,
    parameters: PARAMETERS,
    timeoutMs: SEARCH_TIMEOUT_MS,
    exec: { kind: 'builtin', name: WEB_SEARCH_KEY, credentials },
  };
}

export function runWebSearch(
  credentials: Record<string, string>,
  args: Record<string, unknown>,
  context: ToolContext,
  deps: OutboundDeps,
): Promise<ToolResult> | ToolResult {
  const query = searchQuery(args);
  if (typeof query !== 'string') return query;
  const count = searchCount(args);
  const timeRange = ['day', 'month', 'year'].find((range) => range === args.time_range);
  const instance = credentials[SEARXNG_INSTANCE_URL];
  if (instance) return searxng(instance, credentials[SEARXNG_API_KEY], { query, count, timeRange }, context, deps);
  const serperKey = credentials[SERPER_API_KEY];
  if (serperKey) return serper(serperKey, { query, count, timeRange }, context, deps);
  return {
    output: `Web search is not set up: ${SEARXNG_INSTANCE_URL} or ${SERPER_API_KEY} is needed.`,
    isError: true,
  };
}

interface Search {
  query: string;
  count: number;
  timeRange: string | undefined;
}

function searxng(
  instance: string,
  apiKey: string | undefined,
  search: Search,
  context: ToolContext,
  deps: OutboundDeps,
): Promise<ToolResult> | ToolResult {
  let url: URL;
  try {
    // The instance may live under a path (https://host/searx): the search page is beside it.
    url = new URL('search', instance.endsWith('/') ? instance : `${instance}/`);
  } catch {
    return { output: `${SEARXNG_INSTANCE_URL} is not a valid URL.`, isError: true };
  }
  url.searchParams.set('q', search.query);
  url.searchParams.set('format', 'json');
  if (search.timeRange) url.searchParams.set('time_range', search.timeRange);
  const headers: Record<string, string> = { accept: 'application/json' };
  if (apiKey) headers['x-api-key'] = apiKey;
  const request = { url: url.href, init: { method: 'GET', headers }, service: 'SearXNG' };
  return fetchSearchJson(request, context, deps, (json) =>
    searchResult(
      search.query,
      objects(json, 'results')
        .slice(0, search.count)
        .map((item) => ({ title: text(item.title), url: text(item.url), snippet: text(item.content) })),
      isObject(json) && Array.isArray(json.answers) ? answerText(json.answers[0]) : null,
    ),
  );
}

/** SearXNG answers are strings in older versions and `{answer}` objects in newer ones. */
function answerText(answer: unknown): string | null {
  if (typeof answer === 'string') return answer;
  return isObject(answer) ? text(answer.answer) || null : null;
}

/** Serper's `tbs` for a time range (Google's qdr filter). */
const SERPER_RANGES: Record<string, string> = { day: 'qdr:d', month: 'qdr:m', year: 'qdr:y' };

function serper(apiKey: string, search: Search, context: ToolContext, deps: OutboundDeps): Promise<ToolResult> {
  const body = {
    q: search.query,
    num: search.count,
    ...(search.timeRange ? { tbs: SERPER_RANGES[search.timeRange] } : {}),
  };
  const init: RequestInit = {
    method: 'POST',
    headers: { 'x-api-key': apiKey, 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body),
  };
  return fetchSearchJson({ url: SERPER_SEARCH_URL, init, service: 'Serper' }, context, deps, (json) => {
    const box = isObject(json) && isObject(json.answerBox) ? json.answerBox : null;
    return searchResult(
      search.query,
      objects(json, 'organic')
        .slice(0, search.count)
        .map((item) => ({ title: text(item.title), url: text(item.link), snippet: text(item.snippet) })),
      box ? text(box.answer) || text(box.snippet) || null : null,
    );
  });
}
