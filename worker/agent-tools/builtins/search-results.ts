/**
 * What every web search tool answers, whichever API found the pages: the pages numbered from 1,
 * as text the model reads (with the instruction to cite them as [1], [2]…) and as `sources` the
 * reply carries, so the client can turn those markers into links to the pages.
 */
import { createGuardedFetch, type OutboundDeps, OutboundRefusedError } from '../net/guarded-fetch';
import { readCappedBody } from '../net/read-capped';
import type { ToolContext, ToolResult, ToolSource } from '../types';

/** The most results a search asks for, and the default. */
export const MAX_SEARCH_RESULTS = 10;
export const DEFAULT_SEARCH_RESULTS = 5;
/** A search that has not answered in this long is given up. */
export const SEARCH_TIMEOUT_MS = 20_000;
/** How much of one page's snippet the model reads. */
const SNIPPET_MAX_CHARS = 1200;

/** The model's arguments every search tool takes. */
export const SEARCH_QUERY_PROPERTY = {
  type: 'string',
  description: 'What to search the web for, phrased as a search engine query.',
};

export const SEARCH_COUNT_PROPERTY = {
  type: 'integer',
  minimum: 1,
  maximum: MAX_SEARCH_RESULTS,
  description: `How many results to return (1 to ${MAX_SEARCH_RESULTS}, default ${DEFAULT_SEARCH_RESULTS}).`,
};

/** A page as an API answered it, before it is numbered. */
export interface FoundPage {
  title: string;
  url: string;
  snippet: string;
}

/** The query the model sent, or the error result that says it is missing. */
export function searchQuery(args: Record<string, unknown>): string | ToolResult {
  const query = typeof args.query === 'string' ? args.query.trim() : '';
  if (query === '') return { output: 'The search needs a non-empty "query" (a string).', isError: true };
  return query.slice(0, 400);
}

/** The result count the model asked for, within the allowed range. */
export function searchCount(args: Record<string, unknown>): number {
  const asked = args.max_results;
  if (typeof asked !== 'number' || !Number.isFinite(asked)) return DEFAULT_SEARCH_RESULTS;
  return Math.min(MAX_SEARCH_RESULTS, Math.max(1, Math.round(asked)));
}

/** Only http(s) pages become sources: a `javascript:` URL from a hostile index must never be a link. */
function pageUrl(raw: string): string | null {
  try {
    const url = new URL(raw);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** The pages numbered as the model sees them, and the text it reads. */
export function searchResult(query: string, pages: readonly FoundPage[], answer?: string | null): ToolResult {
  const sources: ToolSource[] = [];
  for (const page of pages) {
    const url = pageUrl(page.url);
    if (!url || sources.some((source) => source.url === url)) continue;
    const title = page.title.trim() || new URL(url).hostname;
    const snippet = page.snippet.replace(/\s+/g, ' ').trim().slice(0, SNIPPET_MAX_CHARS);
    sources.push({ index: sources.length + 1, title, url, ...(snippet ? { snippet } : {}) });
  }
  if (sources.length === 0) return { output: `No web results were found for "${query}".`, isError: false };
  const lines = sources.map(
    (source) => `[${source.index}] ${source.title}\nURL: ${source.url}${source.snippet ? `\n${source.snippet}` : ''}`,
  );
  const summary = answer?.trim() ? `Summary from the search engine: ${answer.trim()}\n\n` : '';
  const output =
    `Web results for "${query}":\n\n${summary}${lines.join('\n\n')}\n\n` +
    'When you use a result, cite it by its number in square brackets right after the statement, e.g. [1] or [2][3]. ' +
    'Cite only these numbers and do not add a list of links: the user sees the sources.';
  return { output, isError: false, sources };
}

/**
 * Sends one search request through the guarded fetch and hands its JSON answer to `read`: a
 * refused URL, a network failure, a failed status or an answer that is not JSON are error results.
 */
export async function fetchSearchJson(
  request: { url: string; init: RequestInit; service: string },
  context: ToolContext,
  deps: OutboundDeps,
  read: (json: unknown) => ToolResult,
): Promise<ToolResult> {
  const fetch = createGuardedFetch(context.network, deps);
  try {
    const response = await fetch(request.url, { ...request.init, signal: context.signal });
    const { bytes } = await readCappedBody(response);
    const text = new TextDecoder().decode(bytes);
    if (!response.ok)
      return { output: `${request.service} answered HTTP ${response.status}: ${text.slice(0, 300)}`, isError: true };
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return { output: `${request.service} did not answer JSON.`, isError: true };
    }
    return read(json);
  } catch (error) {
    context.signal.throwIfAborted();
    if (error instanceof OutboundRefusedError) return { output: error.message, isError: true };
    const why = error instanceof Error ? error.message : String(error);
    return { output: `The request to ${request.service} failed: ${why}`, isError: true };
  }
}

export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** The array under `key`, its objects only. */
export function objects(json: unknown, key: string): Record<string, unknown>[] {
  const list = isObject(json) ? json[key] : undefined;
  return Array.isArray(list) ? list.filter(isObject) : [];
}
