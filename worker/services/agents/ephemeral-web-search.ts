/**
 * The web search a chat on an ordinary endpoint may turn on for itself (`ephemeralAgent.web_search`):
 * one built-in search tool the operator set up, `web_search` (SearXNG or Serper) when it can run,
 * else Tavily. Only the operator's settings count: the switch is offered to everyone the server
 * serves, so it must not depend on one user's own installed key. A tool the config's
 * `includedTools`/`filteredTools` keep out is not offered here either.
 */
import { TAVILY_KEY } from '../../agent-tools/builtins/tavily';
import { WEB_SEARCH_KEY } from '../../agent-tools/builtins/web-search';
import type { EnvVars } from '../../env';
import type { AppConfig } from '../config/schema';
import { isSystemAuthenticated, offered } from './tools/plugins';

/** Preferred first. */
const SEARCH_TOOLS = [WEB_SEARCH_KEY, TAVILY_KEY] as const;

/** What a send asking for web search on a server without one is told. */
export const WEB_SEARCH_UNAVAILABLE_MESSAGE = 'Web search is not configured on this server';

/** The key of the search tool a chat's web search runs, or null when the server has none. */
export function ephemeralWebSearchKey(config: AppConfig, env: EnvVars): string | null {
  return SEARCH_TOOLS.find((key) => offered(key, config) && isSystemAuthenticated(key, env)) ?? null;
}
