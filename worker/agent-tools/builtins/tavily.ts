/**
 * `tavily_search_results_json` (LibreChat's manifest key): a web search through Tavily's search
 * API (POST https://api.tavily.com/search, the key as a bearer token), answered as numbered
 * sources the model cites.
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

export const TAVILY_KEY = 'tavily_search_results_json';
export const TAVILY_API_KEY = 'TAVILY_API_KEY';
export const TAVILY_SEARCH_URL = 'https://api.tavily.com/search';

const DESCRIPTION =
  'Searches the web with Tavily and answers numbered results (title, URL, an extract). Use it for current events, ' +
  'facts you are unsure of, and anything after your training data. Cite the results you use as [1], [2]…';

const PARAMETERS: JsonSchemaObject = {
  type: 'object',
  properties: {
    query: SEARCH_QUERY_PROPERTY,
    max_results: SEARCH_COUNT_PROPERTY,
    search_depth: {
      type: 'string',
      enum: ['basic', 'advanced'],
      description: '"advanced" finds more relevant extracts but is slower (default "basic").',
    },
    topic: { type: 'string', enum: ['general', 'news'], description: '"news" for recent events (default "general").' },
    time_range: {
      type: 'string',
      enum: ['day', 'week', 'month', 'year'],
      description: 'Only results published within this period before today.',
    },
    include_domains: { type: 'array', items: { type: 'string' }, description: 'Only results from these domains.' },
    exclude_domains: { type: 'array', items: { type: 'string' }, description: 'No results from these domains.' },
  },
  required: ['query'],
};

export function tavilySpec(credentials: Record<string, string>): ToolSpec {
  return {
    key: TAVILY_KEY,
    description: DESCRIPTION,
    parameters: PARAMETERS,
    timeoutMs: SEARCH_TIMEOUT_MS,
    exec: { kind: 'builtin', name: TAVILY_KEY, credentials },
  };
}

const oneOf = <T extends string>(value: unknown, allowed: readonly T[]): T | undefined =>
  allowed.find((candidate) => candidate === value);

const domains = (value: unknown): string[] | undefined =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string').slice(0, 20) : undefined;

export async function runTavily(
  credentials: Record<string, string>,
  args: Record<string, unknown>,
  context: ToolContext,
  deps: OutboundDeps,
): Promise<ToolResult> {
  const apiKey = credentials[TAVILY_API_KEY];
  if (!apiKey) return { output: `Tavily search is not set up: ${TAVILY_API_KEY} is missing.`, isError: true };
  const query = searchQuery(args);
  if (typeof query !== 'string') return query;
  const body = {
    query,
    max_results: searchCount(args),
    search_depth: oneOf(args.search_depth, ['basic', 'advanced'] as const) ?? 'basic',
    topic: oneOf(args.topic, ['general', 'news'] as const) ?? 'general',
    time_range: oneOf(args.time_range, ['day', 'week', 'month', 'year'] as const),
    include_domains: domains(args.include_domains),
    exclude_domains: domains(args.exclude_domains),
    include_answer: true,
  };
  const init: RequestInit = {
    method: 'POST',
    headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body),
  };
  return fetchSearchJson({ url: TAVILY_SEARCH_URL, init, service: 'Tavily' }, context, deps, (json) =>
    searchResult(
      query,
      objects(json, 'results').map((item) => ({
        title: text(item.title),
        url: text(item.url),
        snippet: text(item.content),
      })),
      isObject(json) ? text(json.answer) : null,
    ),
  );
}
